import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { OutputCollisionError } from '../job/jobErrors.js';

/** A file a command reads or writes, and how its line names it (`--trace t.trace`, `the job file job.yaml`). */
export interface CommandFile {
  name: string;
  path: string;
}

/**
 * The line refusing the first output (in the order given) that is one of the inputs or an output
 * before it; null when none is. One file is one device and inode when it is there (so a link,
 * symbolic or hard, is the file it leads to), else one path with its folder's links followed.
 */
export function outputCollision(outputs: readonly CommandFile[], inputs: readonly CommandFile[]): string | null {
  const read = inputs.map((input) => ({ ...input, id: fileIdentity(input.path) }));
  const written: (CommandFile & { id: string })[] = [];
  for (const output of outputs) {
    const id = fileIdentity(output.path);
    const input = read.find((file) => file.id === id);
    if (input !== undefined) return `${output.name} is ${input.name}: choose another file`;
    const other = written.find((file) => file.id === id);
    if (other !== undefined) return `${output.name} is ${other.name} too: choose another file`;
    written.push({ ...output, id });
  }
  return null;
}

/** outputCollision, thrown: a run's failure tells it as bad input (job/runFailure.ts). */
export function refuseCollision(outputs: readonly CommandFile[], inputs: readonly CommandFile[]): void {
  const line = outputCollision(outputs, inputs);
  if (line !== null) throw new OutputCollisionError(line);
}

/** outputCollision, said on stderr: whether there was one (the command then exits 2). */
export function saidCollision(outputs: readonly CommandFile[], inputs: readonly CommandFile[]): boolean {
  const line = outputCollision(outputs, inputs);
  if (line !== null) process.stderr.write(`rclsim: ${line}\n`);
  return line !== null;
}

/** A path as a line shows it: relative to the working folder when it is inside it. */
export function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown === '' || shown.startsWith('..') || isAbsolute(shown) ? path : shown;
}

/** What makes a file the same as another: device and inode, or where its path leads. */
function fileIdentity(path: string): string {
  const absolute = resolve(path);
  try {
    const stats = statSync(absolute, { bigint: true });
    return `${stats.dev}:${stats.ino}`;
  } catch {
    try {
      return join(realpathSync(dirname(absolute)), basename(absolute));
    } catch {
      return absolute;
    }
  }
}

/** The traces `verify`/`explore --keep-traces DIR` writes there (`run-1.trace`, `seed-0.trace`…); none in a temporary folder. */
export function keptTraces(dir: string | undefined, prefix: 'run' | 'seed', numbers: readonly number[]): CommandFile[] {
  if (dir === undefined) return [];
  return numbers.map((n) => ({ name: `${prefix}-${n}.trace of --keep-traces ${dir}`, path: join(dir, `${prefix}-${n}.trace`) }));
}
