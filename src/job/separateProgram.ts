import { SIMULATED_DISTRO } from '../compat/distro.js';
import { CallbackError, ExitSignal } from '../engine/errors.js';
import { ProgramServer, RemoteCallbackError, RemoteLoadError } from '../port/ProgramServer.js';
import { ProgramSocket } from '../port/wire/ProgramSocket.js';
import { SIMULATED_RMW } from '../rcl/middleware.js';
import { Program } from '../rcl/Program.js';
import type { RosArguments } from '../rcl/RosArguments.js';
import type { Simulation } from '../rcl/Simulation.js';
import { JobModuleError } from './jobErrors.js';

/** The entry of a separate program's process (port/programMain.ts). */
const PROGRAM_MAIN = new URL('../port/programMain.js', import.meta.url).pathname;

/** A separate program: its name (in messages), key (of its random streams), arguments, and where the job named it. */
export interface SeparateStart {
  name: string;
  key: string;
  args: readonly string[];
  jobArguments: RosArguments;
  where: string;
  path: string;
}

/**
 * Starts an unmodified rclnodejs program in its own process (DESIGN.md "Node processes"): its
 * code and the client live there, everything that decides lives here; its top-level code runs
 * as its first callback before this returns.
 */
export async function startSeparateProgram(simulation: Simulation, file: string, start: SeparateStart): Promise<Program> {
  const { name, key, args, jobArguments, where, path } = start;
  const program = new Program(simulation, name, { byJob: false, jobArguments, key });
  const socket = ProgramSocket.spawn({ name, command: process.execPath, args: [PROGRAM_MAIN, file], stdout: 'relay', stderr: 'relay' });
  simulation.atExit(() => socket.close());
  socket.handshake({
    program: key,
    argv: args,
    nowNs: simulation.engine.nowAbs,
    seed: simulation.seed,
    cpuCount: 4,
    rosDistro: SIMULATED_DISTRO,
    rmwImplementation: SIMULATED_RMW,
    interfaceFolders: simulation.interfaces.userSources().map((source) => ({ path: source.path, package: source.package ?? '' })),
  });
  const server = new ProgramServer(simulation, program, socket);
  try {
    await simulation.loadProgram(program, async () => server.serveTopLevel());
  } catch (error) {
    // As in-process (programs.ts): code that cannot load is bad input, a throw is the program's failure, process.exit() its end.
    if (error instanceof RemoteLoadError) throw new JobModuleError(`${where}: cannot load program ${path}: ${error.message}`);
    if (error instanceof RemoteCallbackError) throw new CallbackError(`program ${name}`, simulation.engine.nowAbs, error);
    if (!(error instanceof ExitSignal)) throw error;
  }
  return program;
}
