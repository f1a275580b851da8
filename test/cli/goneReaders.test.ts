import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/**
 * `rclsim … | head -1` (docs/cli.md "A reader that goes away"): the reader of stdout or stderr
 * takes the first lines and closes its end; the run goes on to its end, finishes its outputs,
 * and exits with its own code, without a stack.
 */

const fixtures = join(repoRoot, 'test/fixtures');

interface Outcome {
  status: number | null;
  /** What the reader took before it went away. */
  first: string;
  /** rclsim's other stream, whole. */
  other: string;
}

/** Runs rclsim with `closed` read for one chunk, then closed as `head` closes it; the other stream is read whole. */
function readOnce(args: string[], cwd: string, closed: 'stdout' | 'stderr'): Promise<Outcome> {
  const child = spawn(process.execPath, [cliPath, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  const reader = child[closed];
  const otherStream = closed === 'stdout' ? child.stderr : child.stdout;
  let first = '';
  let other = '';
  reader.once('data', (data: Buffer) => {
    first = data.toString();
    reader.destroy();
  });
  otherStream.on('data', (data: Buffer) => (other += data.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, first, other })));
}

function copyInto(dir: string, fixture: string): string {
  const file = fixture.split('/').at(-1)!;
  copyFileSync(join(fixtures, fixture), join(dir, file));
  return file;
}

/** The trace's last line: the run ended and the trace was finished. */
function traceEnd(dir: string): string {
  return readFileSync(join(dir, 't.trace'), 'utf8').trimEnd().split('\n').at(-1)!;
}

describe('a reader of stdout or stderr that goes away', () => {
  it('run: an in-process program writing 50,000 lines, stdout closed after the first: exit 0, trace, recording and report finished', async () => {
    const dir = tempDir();
    copyInto(dir, 'separate/floods.cjs');
    copyInto(dir, 'separate/talker.cjs');
    writeTemp(
      dir,
      'job.yaml',
      'name: floods\nend: { after: 1s }\nrecord: { path: bag, topics: [/chatter] }\nnodes:\n  - script: floods.cjs\n    args: [stdout]\n  - script: talker.cjs\n',
    );
    const { status, first, other } = await readOnce(['run', 'job.yaml', '--trace', 't.trace', '--report', 'r.html'], dir, 'stdout');
    assert.equal(status, 0, other);
    assert.match(first, /^line 1\n/);
    assert.doesNotMatch(other, /EPIPE|Error|rclsim:/);
    assert.match(traceEnd(dir), /^# end end-time at 1000000000 /);
    assert.match(readFileSync(join(dir, 'r.html'), 'utf8'), /<\/html>\s*$/);
    const info = runCli(['bag', 'info', 'bag'], dir, 60_000);
    assert.equal(info.status, 0, info.stderr);
    assert.match(info.stdout, /Messages:\s+4\n/);
  });

  for (const [kind, args, fixture] of [
    ['a separate JavaScript program', ['--process', 'separate'], 'separate/floods.cjs'],
    ['a Python program', [], 'python/floods.py'],
  ] as const) {
    it(
      `exec: ${kind} writing 50,000 lines, stdout closed after the first: the run ends as it would (idle), exit 0`,
      fixture.endsWith('.py') ? needs('python3') : {},
      async () => {
        const dir = tempDir();
        const file = copyInto(dir, fixture);
        const { status, first, other } = await readOnce(['exec', ...args, file, '--trace', 't.trace', 'stdout'], dir, 'stdout');
        assert.equal(status, 0, other);
        assert.match(first, /^line 1\n/);
        // Its one timer cancelled, the run ends idle after the callback.
        assert.match(other, /^ended +idle, exit code 0$/m);
        assert.doesNotMatch(other, /EPIPE|Error|rclsim:/);
        assert.match(traceEnd(dir), /^# end idle at 100000000 /);
      },
    );
  }

  it('exec: a program writing 5,000 lines to stderr then throwing, stderr closed after the first: exit 3, the trace finished', async () => {
    const dir = tempDir();
    const file = copyInto(dir, 'separate/floods.cjs');
    const { status, first } = await readOnce(['exec', file, '--until', '1s', '--trace', 't.trace', 'throw'], dir, 'stderr');
    assert.equal(status, 3);
    assert.match(first, /^line 1\n/);
    assert.match(traceEnd(dir), /^# end failed at 100000000 /);
  });
});
