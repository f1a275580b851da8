import { resolve } from 'node:path';
import { ExitCode } from '../../job/exitCodes.js';
import { JobFileError } from '../../job/jobErrors.js';
import { parseJobFile, readJobFileText } from '../../job/jobFile.js';
import { exitCodeOf, failureMessage } from '../../job/runFailure.js';
import type { FaultConfig } from '../../sim/faults/FaultConfig.js';
import { oneLine } from '../oneLine.js';

/** A job file as `hunt` and `shrink` run it: its text goes to the workers, its paths resolve beside it. */
export interface YamlJob {
  /** As the user wrote it, for the commands printed to run it again. */
  given: string;
  /** Absolute. */
  path: string;
  text: string;
  /** The faults it lists that fire under their own names (all but explicit occurrences), in its order. */
  faults: readonly NamedFault[];
}

/** A fault of a job by its name, and what it strikes (`topic '/scan'`). */
export interface NamedFault {
  name: string;
  target: string;
}

/** Reads a YAML job file and checks it as `run` would, before any worker starts. */
function readYamlJob(given: string): YamlJob {
  const path = resolve(given);
  if (!/\.ya?ml$/i.test(path)) {
    throw new JobFileError(`${given}: hunt and shrink take a YAML job file (their runs go to the workers as text, and shrink rewrites the faults)`);
  }
  const text = readJobFileText(path);
  const faults = (parseJobFile(text, path).faults ?? []).flatMap((fault) => (fault.kind === 'explicit' ? [] : [{ name: fault.name, target: targetOf(fault) }]));
  return { given, path, text, faults };
}

function targetOf(fault: Exclude<FaultConfig, { kind: 'explicit' }>): string {
  switch (fault.kind) {
    case 'topic':
      return `topic '${fault.topic}'`;
    case 'service':
      return `service '${fault.service}'`;
    case 'crash':
      return `program '${fault.program}'`;
    case 'partition':
      return `hosts ${fault.groups.map((group) => `[${group.join(', ')}]`).join(' | ')}`;
    case 'world': {
      const [kind, name] = Object.entries(fault.target)[0]!;
      return `${kind} '${name}'`;
    }
  }
}

/** readYamlJob, or undefined after saying on stderr why the job is bad input (the command exits 2). */
export function yamlJobOrSay(given: string): YamlJob | undefined {
  try {
    return readYamlJob(given);
  } catch (error) {
    if (exitCodeOf(error) !== ExitCode.badInput) throw error;
    process.stderr.write(`rclsim: ${oneLine(failureMessage(error))}\n`);
    return undefined;
  }
}

/** A word of a command line as a POSIX shell reads it back. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
