import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { JobDefinition } from './Job.js';
import { JobModuleError } from './jobErrors.js';
import { importUserModule, isCommonJsTypeScript } from './userCode.js';

/**
 * Imports a job module (.js, .mjs, or .ts/.mts loaded directly through tsx) and returns its job:
 * the default export (or an export named `job`), a JobDefinition or a bare setup function.
 */
export async function loadJobModule(path: string): Promise<JobDefinition> {
  const file = resolve(path);
  if (!existsSync(file)) throw new JobModuleError(`${path}: no such job file`);
  // Compiled to CommonJS, its `import … from 'rclsim'` would load a second copy of rclsim, apart from the one running the job.
  if (isCommonJsTypeScript(file)) {
    throw new JobModuleError(
      `${path}: a .ts job module is CommonJS in a package without "type": "module": rename it to .mts or set "type": "module" in package.json`,
    );
  }
  const hint = `to run an rclnodejs program, use \`rclsim exec ${path}\` or list it under \`nodes:\` in a job file`;
  let module: Record<string, unknown>;
  try {
    module = await importUserModule(file, `${path}: cannot load job module`);
  } catch (error) {
    // A program uses rclnodejs as it loads; outside a simulation that fails.
    if (/no rclsim simulation is active/.test((error as Error).message)) throw new JobModuleError(`${path}: not a job module (${hint})`);
    throw error;
  }
  const exported = module.default ?? module.job;
  if (typeof exported === 'function') return { setup: exported as JobDefinition['setup'] };
  if (exported && typeof (exported as JobDefinition).setup === 'function') return exported as JobDefinition;
  throw new JobModuleError(`${path}: not a job module: it exports no defineJob({...}) or setup(job) function (${hint})`);
}
