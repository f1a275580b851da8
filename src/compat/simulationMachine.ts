import type { Simulation } from '../sim/Simulation.js';
import type { ProgramMachine } from './ProgramMachine.js';

/** The machine in-process programs run on: the simulation's engine, programs and timers. */
export function simulationMachine(simulation: Simulation): ProgramMachine {
  const engine = simulation.engine;
  const realNextTick = process.nextTick;
  return {
    now: () => engine.nowAbs,
    random: (stream) => simulation.currentProgram().random(stream),
    timers: simulation.programTimers,
    requestYield: () => engine.requestYield(),
    // A microtask or tick queued without a promise must still run before time moves on, and a
    // throw in one fails the run naming it, as an uncaught exception ends a Node.js process.
    deferred(kind, callback) {
      if (typeof callback !== 'function') return callback;
      const owner = simulation.currentOwner();
      engine.requestYield();
      return (...args) => {
        try {
          callback(...args);
        } catch (error) {
          engine.failCallback(`a ${kind} callback of ${owner}`, engine.nowAbs, error);
        }
      };
    },
    // Ticks queued by a callback run when it returns, before promise continuations, as Node.js
    // runs them after a callback of its own; queued from a continuation, after the continuations.
    nextTick(tick, args) {
      if (typeof tick === 'function' && engine.executing !== null) engine.afterCallback(() => tick(...args));
      else realNextTick(tick, ...args);
    },
    exit: (code) => simulation.exitProgram(simulation.currentProgram(), code, true),
  };
}
