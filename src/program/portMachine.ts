import { namedStream, type SeededRandom } from '../base/SeededRandom.js';
import { JsTimers } from '../client/JsTimers.js';
import type { ProgramMachine } from '../compat/ProgramMachine.js';
import type { WirePort } from '../port/WirePort.js';

/**
 * The machine a separate program runs on: sim time and timers through its socket, and its random
 * streams derived from the run's seed and its key as the simulation derives an in-process
 * program's (rcl/Program#random), so it draws the same numbers either way.
 */
export function portMachine(port: WirePort, seed: number, key: string): ProgramMachine {
  const streams = new Map<number, SeededRandom>();
  const realNextTick = process.nextTick;
  return {
    now: () => port.now(),
    random(stream) {
      let random = streams.get(stream);
      if (random === undefined) streams.set(stream, (random = namedStream(seed, key, stream)));
      return random;
    },
    timers: new JsTimers(port),
    requestYield: () => port.requestYield(),
    // A microtask or tick queued without a promise is a continuation too (as in-process).
    deferred(kind, callback) {
      if (typeof callback !== 'function') return callback;
      port.requestYield();
      return (...args) => {
        try {
          callback(...args);
        } catch (error) {
          port.codeFailed((program) => `a ${kind} callback of ${program}`, error);
        }
      };
    },
    // Ticks queued by a callback run when it returns, before its continuations (as in-process).
    nextTick(tick, args) {
      if (typeof tick === 'function' && port.inCallback) port.afterCallback(() => tick(...args));
      else realNextTick(tick, ...args);
    },
    exit: (code) => port.exit(code),
  };
}
