import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeFolder } from '../bag/makeFolder.js';
import { notRegularFile } from '../base/regularFile.js';
import { OutputError } from '../base/runErrors.js';

/** One line of results.jsonl: a run of a case, how it went. */
export interface RunResult {
  key: string;
  case: number;
  id: string;
  repeat: number;
  values: Record<string, unknown>;
  seed: number | null;
  /** ok: the run finished (whatever the job's own exit code); error: it failed as a run; lost: its worker died or it hung, every attempt. */
  status: 'ok' | 'error' | 'lost';
  exitCode: number | null;
  fingerprint: string | null;
  endReason: string | null;
  results: Record<string, unknown> | null;
  wallSeconds: number;
  attempts: number;
  /**
   * The worker its last attempt ran on: 1, 2, … in the order the sweep started them; through a
   * queue, `HOST:PID/N`, the `rclsim worker` and its worker process ('' when lost before one took it).
   */
  worker: number | string;
  error: string | null;
  summary: Record<string, unknown> | null;
}

/**
 * A sweep's results folder: results.jsonl, one line per finished run, appended the moment a run
 * ends (a sweep that is stopped loses nothing it finished), and read back to resume. A folder or
 * file it cannot make or write (no permission, a full disk) throws OutputError naming it.
 */
export class ResultsFolder {
  readonly dir: string;
  readonly file: string;

  constructor(dir: string) {
    this.dir = dir;
    this.file = join(dir, 'results.jsonl');
    try {
      makeFolder(dir);
    } catch (error) {
      throw new OutputError(dir, OutputError.describe(error), { cause: error });
    }
    // A device would never end as it is read back (/dev/full, /dev/zero), a FIFO would wait for a writer.
    const problem = notRegularFile(this.file);
    if (problem !== undefined) throw new OutputError(this.file, problem);
    // A line cut short by a sweep killed while writing it (or by a full disk) is closed, so that the next starts afresh.
    if (existsSync(this.file)) {
      const text = readFileSync(this.file, 'utf8');
      if (text.length > 0 && !text.endsWith('\n')) this.#write('\n');
    }
  }

  /** The results written so far, by run key (a line cut short by a crash is left out). */
  read(): Map<string, RunResult> {
    const results = new Map<string, RunResult>();
    if (!existsSync(this.file)) return results;
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        const result = JSON.parse(line) as RunResult;
        results.set(result.key, result);
      } catch {
        // The last line of a sweep killed while writing it: that run runs again.
      }
    }
    return results;
  }

  append(result: RunResult): void {
    this.#write(`${JSON.stringify(result)}\n`);
  }

  #write(text: string): void {
    try {
      appendFileSync(this.file, text);
    } catch (error) {
      throw new OutputError(this.file, OutputError.describe(error), { cause: error });
    }
  }

  /** Where a run keeps its recordings and report. */
  runDir(key: string): string {
    return join(this.dir, 'runs', key);
  }
}
