/** The node port's executor section: when the program's code runs: sim time, spinning, held callbacks, wake-ups at a sim time, promise continuations, JavaScript timers (proto/node.proto: Spin, Hold, Await, JsTimer, JsTimerOp, and Run/Done the other way). */
export interface ExecutorSection {
  /** Sim time now, ns since the epoch. */
  now(): bigint;

  /**
   * The node's callbacks run from now on (spin), once (spinOnce), or no more (stop). `threads`:
   * the spinning executor's pool (rclpy's or rclcpp's MultiThreadedExecutor; 1 for every other),
   * which the simulation's model of that client's executor follows.
   */
  spin(node: number, how: 'spin' | 'spinOnce' | 'stop', threads?: number): void;

  /** The program's own executor holds the entity's callbacks (0: all of its entities) from running, or lets them run again. */
  hold(entity: number, on: boolean): void;

  /**
   * The callback under way settled a promise the program awaits (a response, a wait's end): its
   * continuations run before the simulation goes on, where an in-process program's resume.
   */
  resume(): void;

  /**
   * `onWake` runs at sim time `at` (ns since the epoch), where a promise settled by that time
   * resumes its awaits: a rate's tick, a timeout, a clock's sleep. A weak wake-up alone does not
   * keep the run going; one `afterReady` comes once the callbacks ready at `at` ran
   * (Engine#scheduleAt). Its id, for cancelWake.
   */
  wakeAt(at: bigint, onWake: () => unknown, weak: boolean, afterReady?: boolean): number;

  cancelWake(wake: number): void;

  /** A JavaScript timer of the program (setTimeout & co.) on sim time; its id. */
  startJsTimer(kind: 'setTimeout' | 'setInterval' | 'setImmediate', delayMs: number, callback: () => unknown): number;

  jsTimer(timer: number, op: 'cancel' | 'ref' | 'unref' | 'refresh'): void;
}
