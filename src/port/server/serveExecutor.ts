import { JS_TIMER_KIND, SPIN_HOW } from '../wireNames.js';
import type { Handlers, ServedProgram } from './ServedProgram.js';

/** The executor section's requests: spinning, held callbacks, Awaits (a wake-up at a sim time, a service's arrival), JavaScript timers. */
export class ExecutorRequests {
  readonly handlers: Handlers<'executor'>;
  /** The port's wake-ups of the program's Awaits at a sim time, by Await id. */
  readonly #wakes = new Map<number, number>();
  #awaits = 0;
  readonly #program: ServedProgram;

  constructor(program: ServedProgram) {
    this.#program = program;
    const { port } = program;
    this.handlers = {
      spin: ({ node, how, threads }) => {
        port.spin(node, SPIN_HOW.fromWire[how], threads);
        return undefined;
      },
      hold: ({ entity, on }) => {
        port.hold(entity, on);
        return undefined;
      },
      awaitEvent: ({ serviceOfClient, atNs, timeoutMs, weak, afterReady }) => {
        const id = ++this.#awaits;
        const settle = (value: unknown): void => {
          this.#wakes.delete(id);
          program.run({ kind: 'SETTLED', entity: id, input: Buffer.from(JSON.stringify(value)) });
        };
        if (atNs !== undefined)
          this.#wakes.set(
            id,
            port.wakeAt(atNs, () => settle(true), weak, afterReady),
          );
        else port.waitForService(serviceOfClient!, timeoutMs < 0 ? undefined : timeoutMs, settle);
        return { created: { id } };
      },
      jsTimer: ({ kind, delayMs }) => {
        let id = 0;
        id = port.startJsTimer(JS_TIMER_KIND.fromWire[kind], delayMs, () => program.run({ kind: 'JS_TIMER', entity: id }));
        return { created: { id } };
      },
      jsTimerOp: (op) => {
        port.jsTimer(op.timer, op.cancel === true ? 'cancel' : op.ref === true ? 'ref' : op.unref === true ? 'unref' : 'refresh');
        return undefined;
      },
    };
  }

  /** The program no longer awaits this (Destroy of an Await): its wake-up is cancelled. */
  cancelAwait(id: number): void {
    const wake = this.#wakes.get(id);
    this.#wakes.delete(id);
    if (wake !== undefined) this.#program.port.cancelWake(wake);
  }
}
