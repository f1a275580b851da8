import type { JobDefinition } from './Job.js';
import { loadJobFile } from './jobFile.js';
import { loadJobModule } from './loadJobModule.js';

/** A job from a YAML job file or a job module, by the file's extension. */
export async function loadJob(path: string): Promise<JobDefinition> {
  return /\.ya?ml$/i.test(path) ? loadJobFile(path) : loadJobModule(path);
}
