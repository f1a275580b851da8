import { basename } from 'node:path';
import { CallbackError, ExitSignal } from '../engine/errors.js';
import type { Context } from '../rcl/Context.js';
import { Node } from '../rcl/Node.js';
import { Program } from '../rcl/Program.js';
import type { RosArguments } from '../rcl/RosArguments.js';
import type { JobHandle } from './Job.js';
import { JobModuleError } from './jobErrors.js';
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
export async function startComponent(job: JobHandle, file: string, exportName: string, jobArguments: RosArguments, where: string): Promise<void> {
  const module = await importUserModule(file, `${where}: cannot load component module ${file}`);
  const exported = module[exportName];
  if (typeof exported !== 'function') {
    const available = Object.keys(module).filter((k) => typeof module[k] === 'function');
    throw new JobModuleError(
      `${where}: ${file} has no export '${exportName}' that is a Node class or a factory` +
        (available.length > 0 ? ` (it exports ${available.join(', ')})` : ''),
    );
  }
  const simulation = job.simulation;
  const program = new Program(simulation, `${file}#${exportName}`, { byJob: true, jobArguments, key: `${basename(file)}#${exportName}` });
  const context = program.defaultContext;
  try {
    await simulation.runInProgram(program, async () => {
      if (exported.prototype instanceof Node) new (exported as new () => Node)();
      else await (exported as ComponentFactory)({ context, job });
    });
  } catch (error) {
    // User code failing (exit code 3, naming the component), not rclsim.
    if (error instanceof ExitSignal || error instanceof CallbackError) throw error;
    throw new CallbackError(`component ${program.name}`, job.now(), error);
  }
}
