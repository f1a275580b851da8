import type { JobDefinition } from './JobHandle.js';
import type { JobFileOptions } from './jobFile.js';

/** A job from a YAML job file or a job module, by the file's extension (each loaded only when needed). */
export async function loadJob(path: string, options: JobFileOptions = {}): Promise<JobDefinition> {
  if (/\.ya?ml$/i.test(path)) return (await import('./jobFile.js')).loadJobFile(path, options);
  return (await import('./loadJobModule.js')).loadJobModule(path);
}
