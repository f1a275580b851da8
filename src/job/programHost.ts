import type { ProgramHost } from '../port/server/ProgramHost.js';
import type { Program } from '../sim/Program.js';
import type { Simulation } from '../sim/Simulation.js';

/** What a separate program's server needs of the run besides its port, from the simulation running `program`. */
export function programHost(simulation: Simulation, program: Program): ProgramHost {
  const engine = simulation.engine;
  return {
    name: program.name,
    nodeNames: () => program.nodeNames(),
    describe: () => program.describe(),
    watchedElsewhere: (wait) => engine.watchedElsewhere(wait),
    atNextYield: (work) => engine.atNextYield(work),
    warn: (line) => simulation.warn(line),
    fail: (error) => engine.fail(error),
    executorThread: () => engine.executingThread,
    executionTime: () => engine.executingDuration,
    swapThread: (thread) => {
      const before = simulation.programThread;
      simulation.programThread = thread;
      return before;
    },
    processes: simulation.separateProcesses,
  };
}
