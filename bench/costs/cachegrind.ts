import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Instructions counted by valgrind's cachegrind: the same for the same program and input
 * whatever else the machine is doing (unlike time). Without a cache simulation, which the count
 * does not need and which would make it slower.
 */
export const CACHEGRIND = ['--tool=cachegrind', '--quiet', '--cache-sim=no', '--branch-sim=no', '--smc-check=all-non-file'];

/**
 * V8's optimizing compiler, by its functions' names. What it compiles, and when, moves a little
 * from run to run (two runs of 60 s differed by 110 M instructions in it, 7 M elsewhere), and it
 * is warm-up, not what a callback costs once the code is compiled: its count is left out.
 */
const COMPILER = /v8::internal::(compiler::|Pipeline|OptimizingCompileDispatcher|TurbofanCompilationJob)/;

/** Whether valgrind can be run here. */
export function haveValgrind(): boolean {
  return spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** The instructions of a cachegrind output file, less those of V8's optimizing compiler. */
export function instructionsIn(outFile: string): number {
  let counted = 0;
  let compiling = false;
  const text = readFileSync(outFile, 'utf8');
  // cachegrind writes its summary last: a file without one was cut short (the process killed while it wrote).
  if (!/^summary: /m.test(text)) throw new Error(`${outFile}: has no summary line (was the program killed before cachegrind finished writing?)`);
  // The file's lines: `fn=<name>` starts a function, then `<line> <instructions>` rows for it.
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) compiling = COMPILER.test(line);
    else if (!compiling && line.charCodeAt(0) >= 48 && line.charCodeAt(0) <= 57) counted += Number(line.slice(line.indexOf(' ') + 1));
  }
  if (counted === 0) throw new Error(`${outFile}: no instructions counted (did the program run under cachegrind to its end?)`);
  return counted;
}
