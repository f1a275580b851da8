import { pathToFileURL } from 'node:url';
import { Job } from '../client/ComponentJob.js';
import { Context } from '../client/Context.js';
import { Node } from '../client/Node.js';
import { componentExport } from '../compat/componentExport.js';
import { loadFailure } from '../compat/loadErrors.js';
import type { NodePort } from '../port/NodePort.js';

/** A component cannot be built: bad input, in the words of the simulation's components.ts. */
export class ComponentLoadError extends Error {
  override name = 'ComponentLoadError';
}

/**
 * A component of the job in its own process (Welcome.component): its module loaded, then its
 * export built as in-process — a Node class constructed without arguments, or a factory given
 * `{ context, job }` — with the client's Node, Context and Job.
 */
export async function buildComponent(file: string, exportName: string, port: NodePort): Promise<void> {
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new ComponentLoadError(`cannot load component module ${file}: ${loadFailure(error)}`);
  }
  const component = componentExport(module, exportName, file);
  if ('missing' in component) throw new ComponentLoadError(component.missing);
  const exported = component.found;
  if (exported.prototype instanceof Node) new (exported as unknown as new () => Node)();
  else await (exported as (options: { context: Context; job: Job }) => unknown)({ context: Context.defaultContext(port), job: new Job(port) });
}
