import type { JobDefinition } from './JobHandle.js';

/** A job from a YAML job file or a job module, by the file's extension (each loaded only when needed). */
export async function loadJob(path: string): Promise<JobDefinition> {
  if (/\.ya?ml$/i.test(path)) return (await import('./jobFile.js')).loadJobFile(path);
  return (await import('./loadJobModule.js')).loadJobModule(path);
}
