/**
 * The baseline for the engine benchmarks: a minimal binary-heap timer loop in plain JavaScript,
 * with the same timers (periods) and the same number of callbacks as the simulated graph. Each
 * callback does `work` (what the graph's callbacks compute; a trivial sum when absent). It is
 * what any event loop must at least do per callback.
 */
interface BareTimer {
  index: number;
  next: number;
  period: number;
}

export function bareHeapLoop(periodsNs: number[], callbacks: number, work?: (timer: number, nowNs: number) => void): number {
  const heap: BareTimer[] = periodsNs.map((period, index) => ({ index, next: period, period }));
  heap.sort((a, b) => a.next - b.next || a.index - b.index);
  let sink = 0;
  const callback = work ?? ((timer: number): void => void (sink += timer & 1));
  for (let done = 0; done < callbacks; done++) {
    const top = heap[0]!;
    callback(top.index, top.next);
    top.next += top.period;
    // sift the root down
    const n = heap.length;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && heap[child + 1]!.next < heap[child]!.next) child++;
      if (heap[child]!.next >= top.next) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = top;
  }
  return sink;
}
