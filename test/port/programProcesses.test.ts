import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { cliPath, needs, repoRoot, tempDir } from '../support/helpers.js';

/**
 * Nothing of a separate program outlives the run (docs/design.md#faults-stay-in-their-process): its process and
 * the processes it started, however the run ends — rclsim killed with SIGKILL while the program
 * spins, a program that closed its socket, a run that ends well. Nor do the processes an
 * in-process program starts. What runs is read from `ps`.
 */

/** A folder of its own holding the fixture: its path is in every process of the program (its file, its child's name). */
function programFolder(fixture: string): { dir: string; file: string } {
  const dir = tempDir();
  const file = fixture.split('/').at(-1)!;
  copyFileSync(join(repoRoot, 'test/fixtures', fixture), join(dir, file));
  return { dir, file };
}

/** The processes whose command line names `marker`, as `ps` lists them (zombies are gone already). */
function processesOf(marker: string): string[] {
  return execFileSync('ps', ['-eo', 'pid,ppid,pgid,stat,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker) && line.trim().split(/\s+/)[3]?.startsWith('Z') !== true);
}

/** Waits (a generous while: a loaded machine) for every process naming `marker` to be gone; what is left. */
async function leftOf(marker: string): Promise<string[]> {
  const until = Date.now() + 20_000;
  let left = processesOf(marker);
  while (left.length > 0 && Date.now() < until) {
    await sleep(100);
    left = processesOf(marker);
  }
  return left;
}

/** The program and its child, whose pids it printed, run (as `ps` lists them, with the marker). */
function assertRunning([, program, child]: RegExpExecArray, marker: string): void {
  const pids = processesOf(marker).map((line) => line.trim().split(/\s+/)[0]);
  assert.ok(pids.includes(program!) && pids.includes(child!), `${program} and ${child} among ${pids.join(' ')}`);
}

interface Started {
  child: ChildProcess;
  /** Resolves with the first match of `pattern` in stdout. */
  printed(pattern: RegExp): Promise<RegExpExecArray>;
  exited: Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** The rclsim processes a test started: a test that fails does not leave them running. */
const started: ChildProcess[] = [];

/** rclsim in a process group of its own, as a shell starts a command on a terminal. */
function start(args: string[], cwd: string): Started {
  const child = spawn(process.execPath, [cliPath, ...args], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let stdout = '';
  let stderr = '';
  const waiting: (() => void)[] = [];
  child.stdout!.on('data', (data: Buffer) => {
    stdout += data.toString();
    for (const wake of waiting.splice(0)) wake();
  });
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<Awaited<Started['exited']>>((resolve) =>
    child.on('close', (status, signal) => {
      for (const wake of waiting.splice(0)) wake();
      resolve({ status, signal, stdout, stderr });
    }),
  );
  const printed = async (pattern: RegExp): Promise<RegExpExecArray> => {
    const until = Date.now() + 120_000;
    for (;;) {
      const match = pattern.exec(stdout);
      if (match !== null) return match;
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > until) assert.fail(`rclsim never printed ${pattern}: ${stdout}\n${stderr}`);
      await new Promise<void>((wake) => {
        waiting.push(wake);
        setTimeout(wake, 1000);
      });
    }
  };
  return { child, printed, exited };
}

const SPINNING = /^spinning (\d+) child (\d+)$/m;

describe('separate programs: nothing of them outlives the run', () => {
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('a JavaScript program spinning in a callback, and the process it started, end when rclsim is killed with SIGKILL', async () => {
    const { dir, file } = programFolder('separate/spins.cjs');
    const run = start(['exec', '--process', 'separate', file], dir);
    assertRunning(await run.printed(SPINNING), dir);
    run.child.kill('SIGKILL');
    await run.exited;
    assert.deepEqual(await leftOf(dir), []);
  });

  it('a Python program spinning in a callback, and the process it started, end when rclsim is killed with SIGKILL', needs('python3'), async () => {
    const { dir, file } = programFolder('python/spins.py');
    const run = start(['exec', file], dir);
    assertRunning(await run.printed(SPINNING), dir);
    run.child.kill('SIGKILL');
    await run.exited;
    assert.deepEqual(await leftOf(dir), []);
  });

  it('a program that closes its socket and spins ends with the run it fails (exit 7), with the process it started', async () => {
    const { dir, file } = programFolder('separate/spins.cjs');
    const run = start(['exec', '--process', 'separate', file, 'close-port'], dir);
    const { status, stderr } = await run.exited;
    assert.equal(status, 7, stderr);
    assert.match(stderr, /^rclsim: program spins\.cjs \(node \/spinner\) closed its socket at sim time 0\.100000000s$/m);
    assert.deepEqual(await leftOf(dir), []);
  });

  it('the processes a program started end with a run that ends well', async () => {
    const { dir, file } = programFolder('separate/spins.cjs');
    const run = start(['exec', '--process', 'separate', '--until', '50ms', file], dir);
    const { status, stderr } = await run.exited;
    assert.equal(status, 0, stderr);
    assert.deepEqual(await leftOf(dir), []);
  });

  it("Ctrl-C on the terminal while a program spins interrupts the run (exit 130): the program's process group does not get the terminal's signal", async () => {
    const { dir, file } = programFolder('separate/spins.cjs');
    const run = start(['exec', '--process', 'separate', file], dir);
    await run.printed(SPINNING);
    // The terminal sends SIGINT to its foreground process group: rclsim's.
    process.kill(-run.child.pid!, 'SIGINT');
    const { status, stderr } = await run.exited;
    assert.equal(status, 130, stderr);
    assert.match(stderr, /^rclsim: interrupted by SIGINT while timer 0 of node \/spinner at sim time 0\.100000000s had not returned/m);
    assert.deepEqual(await leftOf(dir), []);
  });
});

describe('in-process programs: the processes they start end with the run', () => {
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  // The program by its path, so that rclsim's command line names the folder too.
  it('a program spinning in a callback, and the process it started, end when rclsim is killed with SIGKILL', async () => {
    const { dir, file } = programFolder('separate/spins.cjs');
    const run = start(['exec', join(dir, file)], dir);
    assertRunning(await run.printed(SPINNING), dir);
    run.child.kill('SIGKILL');
    await run.exited;
    assert.deepEqual(await leftOf(dir), []);
  });

  it('SIGTERM to rclsim alone while a program spins: the run stops where it stands (exit 143), the process the program started with it', async () => {
    const { dir, file } = programFolder('separate/spins.cjs');
    const run = start(['exec', join(dir, file)], dir);
    assertRunning(await run.printed(SPINNING), dir);
    // Not to the group: the program's process would get it too.
    run.child.kill('SIGTERM');
    const { status, stderr } = await run.exited;
    assert.equal(status, 143, stderr);
    assert.deepEqual(await leftOf(dir), []);
  });

  it('the process a program started ends with a run that ends well, and with one that fails (exit 3)', async () => {
    for (const [args, code] of [
      [['--until', '50ms'], 0],
      [['throw'], 3],
    ] as const) {
      const { dir, file } = programFolder('separate/spins.cjs');
      const { status, stdout, stderr } = await start(['exec', join(dir, file), ...args], dir).exited;
      assert.equal(status, code, stderr);
      if (code === 3) assert.match(stdout, SPINNING);
      assert.deepEqual(await leftOf(dir), []);
    }
  });

  it("the program's own use of its processes works (pipes, exit events, kill, promisified exec); one it starts detached stays", async () => {
    const { dir, file } = programFolder('programs/children.cjs');
    const { status, stdout, stderr } = await start(['exec', file], dir).exited;
    assert.equal(status, 0, stderr);
    const daemon = Number(/^detached (\d+)$/m.exec(stdout)?.[1]);
    try {
      const lines = stdout.split('\n').filter((line) => !line.startsWith('detached '));
      assert.deepEqual(lines.filter(Boolean).sort(), [
        'exec: via exec / to stderr',
        'execFile: via execFile',
        'exit code: 4',
        'killed: SIGTERM',
        'read: from the pipe',
      ]);
      // It is its own process group's leader, as Node.js makes a detached process: rclsim left it alone.
      assert.equal(execFileSync('ps', ['-o', 'pgid=', '-p', String(daemon)], { encoding: 'utf8' }).trim(), String(daemon));
    } finally {
      process.kill(daemon, 'SIGKILL');
    }
  });
});
