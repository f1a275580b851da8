/**
 * The `job` benchmark: job files whose size is their parameters — one node's 40,000 and 100,000
 * parameters, and a 50 MiB `parameters:` of many nodes (the params benchmark's file in a job) —
 * loaded in a fresh process (the load alone, and its peak resident memory), and run by `rclsim
 * run`, process start to exit.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { paramsFileText } from './paramsFileBench.js';

/** A job file: its header, the `parameters:` section given, and `program` (an absolute path) for its node. */
function jobText(parameters: string, program: string): string {
  return `name: many-parameters\nend:\n  after: 1s\nparameters:\n${parameters}nodes:\n  - script: ${program}\n`;
}

/** A job file giving one node `count` integer parameters. */
export function manyParametersJob(count: number, program: string): string {
  const lines = ['  /blinker:', '    ros__parameters:'];
  for (let i = 0; i < count; i++) lines.push(`      p${i}: ${i}`);
  return jobText(`${lines.join('\n')}\n`, program);
}

/** A job file of about `mib` MiB: a parameter file's text (paramsFileText) as its `parameters:`. */
export function largeJob(mib: number, program: string): string {
  return jobText(paramsFileText(mib * 1024 * 1024).replace(/^(?=.)/gm, '  '), program);
}

/** Loading the job file `path` in a fresh process, as a run does (the files it names, then the job): seconds and peak resident MiB. */
export function jobLoad(path: string): { seconds: number; peakMiB: number } {
  const child = spawnSync(process.execPath, [join(import.meta.dirname, 'jobLoad.js'), path], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`jobLoad failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { seconds: number; peakMiB: number };
}

/** `rclsim run path`, process start to exit, in seconds. */
export function runJobFile(repoRoot: string, path: string): number {
  const start = performance.now();
  const child = spawnSync(process.execPath, [join(repoRoot, 'dist/src/cli/main.js'), 'run', path, '--quiet'], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (child.status !== 0) throw new Error(`rclsim run ${path} failed: ${child.stderr}`);
  return (performance.now() - start) / 1000;
}
