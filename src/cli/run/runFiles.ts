import { readFileSync, statSync } from 'node:fs';
import { bagFiles, recordingFiles } from '../../bag/bagPaths.js';
import { notRegularFile } from '../../base/regularFile.js';
import { type NamedFile, type NamedFileKind, namedFiles } from '../../job/namedFiles.js';
import { parseRosArguments } from '../../ros/RosArguments.js';
import { type CommandFile, shownPath } from '../outputCollisions.js';
import type { RunRequest } from './runRequest.js';

/**
 * The files a run of `run`/`exec` reads — the job file and the programs, modules, bags and
 * parameter files it names (a job module: itself), or the program and its parameter files — and
 * those it writes: --trace, --metrics, --report (called `reportOption` on the line) and the job's
 * recordings. A job that cannot be read is left to the run to report.
 */
export function runFiles(request: RunRequest, reportOption = '--report'): { inputs: CommandFile[]; outputs: CommandFile[] } {
  const { target, args, options } = request;
  const inputs: CommandFile[] = [];
  const outputs: CommandFile[] = [];
  if (request.command === 'exec') {
    if (options.module === undefined) inputs.push({ name: `the program ${target} the run would load`, path: target });
    try {
      // rcl reads these too; bad --ros-args are the run's to report.
      for (const file of parseRosArguments(args).paramsFiles) inputs.push(parameterFile(file));
    } catch {}
  } else if (request.command === 'run') {
    inputs.push({ name: `the job file ${target}`, path: target });
    if (/\.ya?ml$/i.test(target)) {
      for (const file of jobNamedFiles(target)) {
        if (file.kind === 'recording') {
          for (const written of recordingFiles(file.path)) outputs.push({ name: `the recording ${shownPath(written)}`, path: written });
        } else if (file.kind === 'bag') {
          for (const read of bagFiles(file.path)) inputs.push({ name: bagFileName(read, file.path), path: read });
        } else if (file.kind !== 'interface folder') {
          inputs.push({
            name: `${INPUT_NAMES[file.kind]} ${shownPath(file.path)}${file.kind === 'program' || file.kind === 'module' ? ' the run would load' : ''}`,
            path: file.path,
          });
        }
      }
    }
  }
  for (const file of options.paramsFile) inputs.push(parameterFile(file));
  const given: [string, string | undefined][] = [
    ['--trace', options.trace],
    ['--metrics', options.metrics],
    [reportOption, options.report],
  ];
  const named = given.filter((entry): entry is [string, string] => entry[1] !== undefined).map(([option, path]) => ({ name: `${option} ${path}`, path }));
  return { inputs, outputs: [...named, ...outputs] };
}

const INPUT_NAMES: Record<Exclude<NamedFileKind, 'recording' | 'bag' | 'interface folder'>, string> = {
  program: 'the program',
  module: 'the module',
  'parameter file': 'the parameter file',
  'delays file': 'the delays file',
  'environment file': 'the network environment file',
};

function parameterFile(path: string): CommandFile {
  return { name: `the parameter file ${path}`, path };
}

/** A file of a played bag (the bag itself, or a file of its folder), as the line names it. */
function bagFileName(file: string, bag: string): string {
  const played = `the bag ${shownPath(bag)} the run would play`;
  return isFolder(bag) ? `${shownPath(file)}, a file of ${played}` : played;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The files a YAML job names; none when it cannot be read (the run says why; a FIFO is never opened). */
function jobNamedFiles(path: string): NamedFile[] {
  try {
    return notRegularFile(path) === undefined ? namedFiles(readFileSync(path, 'utf8'), path) : [];
  } catch {
    return [];
  }
}
