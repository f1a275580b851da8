/**
 * The baseline for the engine benchmark: a minimal binary-heap timer loop in plain JavaScript,
 * with the same timers (periods) and the same number of callbacks as the simulated graph, and
 * a trivial callback. It is what any event loop must at least do per callback.
 */
interface BareTimer {
  next: number;
  period: number;
}

export function bareHeapLoop(periodsNs: number[], callbacks: number): number {
  const heap: BareTimer[] = periodsNs.map((period) => ({ next: period, period }));
  heap.sort((a, b) => a.next - b.next);
  let sink = 0;
  const callback = (timer: BareTimer): void => {
    sink += timer.period & 1;
  };
  for (let done = 0; done < callbacks; done++) {
    const top = heap[0]!;
    callback(top);
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
