import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What a separate program reads on its standard input: a file's bytes or a text's, then end of
 * file (a job entry's `stdin:`), or this process's own standard input (`rclsim exec`: a terminal,
 * as `ros2 run` gives it, or a pipe). Without one, end of file at once.
 */
export type ProgramStdin = { file: string } | { text: string } | 'inherit';

/**
 * Starts a program's process (`start`) with its fd 0, opened anew for each of its lives (a
 * respawned program reads from the start): a file open for reading, so every byte is there before
 * the program asks and no read waits on anything the run does not decide. Once the process has
 * it, this process's copy is closed.
 */
export function withStdin<T>(stdin: ProgramStdin | undefined, start: (fd: number | 'inherit' | 'ignore') => T): T {
  const descriptor = descriptorOf(stdin);
  try {
    return start(descriptor);
  } finally {
    if (typeof descriptor === 'number') closeSync(descriptor);
  }
}

/** The descriptor of `stdin`; a text is written to a file first, removed at once (the descriptor keeps it). */
function descriptorOf(stdin: ProgramStdin | undefined): number | 'inherit' | 'ignore' {
  if (stdin === undefined || stdin === 'inherit') return stdin ?? 'ignore';
  if ('file' in stdin) return openSync(stdin.file, 'r');
  const folder = mkdtempSync(join(tmpdir(), 'rclsim-stdin-'));
  try {
    const file = join(folder, 'stdin');
    writeFileSync(file, stdin.text);
    return openSync(file, 'r');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
