/** builtin_interfaces/msg/Time (and Duration) of a time in nanoseconds: whole seconds down, the rest in [0, 1 s), as rcl splits it. */
export function timeMsg(ns: bigint): { sec: number; nanosec: number } {
  let sec = ns / 1_000_000_000n;
  let nanosec = ns % 1_000_000_000n;
  if (nanosec < 0n) {
    sec -= 1n;
    nanosec += 1_000_000_000n;
  }
  return { sec: Number(sec), nanosec: Number(nanosec) };
}
