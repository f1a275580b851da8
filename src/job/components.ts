import { basename } from 'node:path';
import { CallbackError, ExitSignal } from '../base/runErrors.js';
import { Context } from '../client/Context.js';
import { Node } from '../client/Node.js';
import { componentExport } from '../compat/componentExport.js';
import { DirectPort } from '../port/DirectPort.js';
import type { RosArguments } from '../ros/RosArguments.js';
import { Program } from '../sim/Program.js';
import type { JobHandle } from './JobHandle.js';
import { JobModuleError } from './jobErrors.js';
import type { ProgramProcess } from './programs.js';
import { type OnExit, startSeparateProgram } from './separateProgram.js';
import { importUserModule } from './userCode.js';

/** What a component factory gets. */
export interface ComponentOptions {
  /** The component's context: its nodes take the job file's name, namespace, remappings, parameters. */
  context: Context;
  job: JobHandle;
}

export type ComponentFactory = (options: ComponentOptions) => unknown;

/**
 * Starts a component — an export of a module that is a Node subclass (constructed without
 * arguments) or a factory — in its own context, so the job file's name, namespace, remappings
 * and parameters apply to its nodes as ROS 2 applies them to a composed node.
 */
export async function startComponent(
  job: JobHandle,
  file: string,
  exportName: string,
  jobArguments: RosArguments,
  where: string,
  running: ProgramProcess = 'in-process',
  onExit: OnExit = { kind: 'fail' },
  faultNames: readonly string[] = [],
): Promise<void> {
  const name = `${file}#${exportName}`;
  const key = `${basename(file)}#${exportName}`;
  if (running === 'separate') {
    startSeparateProgram(job.simulation, file, { name, key, args: [], jobArguments, where, path: file, onExit, component: { exportName, job }, faultNames });
    return;
  }
  const module = await importUserModule(file, `${where}: cannot load component module ${file}`);
  const component = componentExport(module, exportName, file);
  if ('missing' in component) throw new JobModuleError(`${where}: ${component.missing}`);
  const exported = component.found;
  const simulation = job.simulation;
  const program = new Program(simulation, name, { byJob: true, jobArguments, key });
  const context = Context.defaultContext(DirectPort.of(program));
  try {
    await simulation.runInProgram(program, async () => {
      if (exported.prototype instanceof Node) new (exported as unknown as new () => Node)();
      else await (exported as ComponentFactory)({ context, job });
    });
  } catch (error) {
    // User code failing (exit code 3, naming the component), not rclsim.
    if (error instanceof ExitSignal || error instanceof CallbackError) throw error;
    throw new CallbackError(`component ${program.name}`, job.now(), error);
  }
}
