import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeThrown } from '../base/describeThrown.js';
import { notRegularFile } from '../base/regularFile.js';
import { CallbackError, ExitSignal } from '../base/runErrors.js';
import type { JobDefinition } from './JobHandle.js';
import { JobModuleError } from './jobErrors.js';
import { importUserModule, isCommonJsTypeScript } from './userCode.js';

/**
 * Imports a job module (.js, .mjs, or .ts/.mts loaded directly through tsx) and returns its job:
 * the default export (or an export named `job`), a JobDefinition or a bare setup function.
 */
export async function loadJobModule(path: string): Promise<JobDefinition> {
  const file = resolve(path);
  if (!existsSync(file)) throw new JobModuleError(`${path}: no such job file`);
  const problem = notRegularFile(file);
  if (problem !== undefined) throw new JobModuleError(`${path}: ${problem}; a job is a YAML file or a module`);
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
    if (/no rclsim simulation is active/.test(describeThrown(error))) throw new JobModuleError(`${path}: not a job module (${hint})`);
    throw error;
  }
  const exported = module.default ?? module.job;
  if (typeof exported === 'function') return asUserCode({ setup: exported as JobDefinition['setup'] }, path);
  if (exported && typeof (exported as JobDefinition).setup === 'function') return asUserCode(exported as JobDefinition, path);
  throw new JobModuleError(`${path}: not a job module: it exports no defineJob({...}) or setup(job) function (${hint})`);
}

/** A setup that throws is user code failing (exit code 3, naming the job module), not rclsim. */
function asUserCode(definition: JobDefinition, path: string): JobDefinition {
  return {
    ...definition,
    async setup(job) {
      try {
        await definition.setup(job);
      } catch (error) {
        if (error instanceof ExitSignal || error instanceof CallbackError) throw error;
        throw new CallbackError(`the setup of job module ${path}`, job.now(), error);
      }
    },
  };
}
