import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Node } from '../../src/client/Node.js';
import { cliPath, repoRoot, runCli, SECOND, simulate, tempDir, writeTemp } from '../support/helpers.js';
import { readMcap } from '../support/mcapFiles.js';

/** A program that publishes every 100 ms and then, at its fifth tick, never returns. */
const STUCK = (how: string): string => `
const rclnodejs = require('rclnodejs');
rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('stuck');
  const publisher = node.createPublisher('std_msgs/msg/String', '/chatter');
  let ticks = 0;
  node.createTimer(100000000n, () => {
    publisher.publish('tick ' + ticks);
    if (++ticks === 5) { ${how} }
  });
  rclnodejs.spin(node);
});
`;

/** A program that publishes every 100 ms for ever, and writes the file `ticked` at its tick `markAt`. */
const FOREVER = (markAt: number): string =>
  STUCK('').replace('if (++ticks === 5) {  }', `if (++ticks === ${markAt}) require('fs').writeFileSync('ticked', '');`);

/**
 * Starts `rclsim`, sends `signal` once the file `when` (in `cwd`) exists — what the test waits
 * for has happened, however loaded the machine — and resolves with how the process ended.
 */
function runAndSignal(
  args: string[],
  cwd: string,
  signal: NodeJS.Signals,
  when: string,
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], ...(env === undefined ? {} : { env }) });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const poll = setInterval(() => {
      if (!existsSync(join(cwd, when))) return;
      clearInterval(poll);
      child.kill(signal);
    }, 20);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stderr });
    });
  });
}

async function recorded(bag: string): Promise<string[]> {
  const { messages } = await readMcap(join(bag, `${bag.split('/').pop()}_0.mcap`));
  return messages.filter((m) => m.topic === '/chatter').map((m) => Buffer.from(m.data).subarray(8).toString('utf8').replace(/\0+$/, ''));
}

describe('failures never pass silently, and nothing is lost', () => {
  for (const [how, stuckIn, signal] of [
    ["require('fs').writeFileSync('stuck', ''); for (;;);", 'timer 0 of node /stuck', 'SIGTERM'],
    ["require('fs').writeFileSync('stuck', ''); (async () => { for (;;) await null; })();", 'promise continuations', 'SIGINT'],
  ] as const) {
    it(`stops a run stuck in ${stuckIn === 'promise continuations' ? 'a promise loop' : 'an endless callback'} on ${signal}, naming it, with its recording, trace, metrics and report finished`, async () => {
      const dir = tempDir();
      writeTemp(dir, 'stuck.cjs', STUCK(how));
      writeTemp(dir, 'job.yaml', 'nodes:\n  - script: stuck.cjs\nrecord:\n  path: out\n');
      const args = ['run', 'job.yaml', '--trace', 'run.trace', '--metrics', 'run.csv', '--report', 'run.html'];
      const { code, stderr } = await runAndSignal(args, dir, signal, 'stuck');
      assert.equal(code, signal === 'SIGINT' ? 130 : 143, stderr);
      const line = `interrupted by ${signal} while ${stuckIn} at sim time 0.500000000s had not returned`;
      assert.equal(stderr.trim(), `rclsim: ${line}; the trace and recordings are finished`);
      assert.deepEqual(await recorded(join(dir, 'out')), ['tick 0', 'tick 1', 'tick 2', 'tick 3', 'tick 4']);
      assert.match(readFileSync(join(dir, 'run.trace'), 'utf8'), /\n# end stopped at 500000000 callbacks \d+ fingerprint [0-9a-f]{16}\n$/);
      assert.match(readFileSync(join(dir, 'run.csv'), 'utf8'), /^scope,name,node,kind,channel,entity,executor,activations,/);
      assert.ok(readFileSync(join(dir, 'run.html'), 'utf8').includes(line), 'the report says why the run ended');
    });
  }

  it('stops a callback that runs past --callback-timeout of wall time (exit 6), keeping what it recorded, its metrics and report', () => {
    const dir = tempDir();
    writeTemp(dir, 'stuck.cjs', STUCK('for (;;);'));
    writeTemp(dir, 'job.yaml', 'nodes:\n  - script: stuck.cjs\nrecord:\n  path: out.mcap\n');
    // Long enough for the program's top-level code (loading rclnodejs) on a loaded machine.
    const result = runCli(['run', 'job.yaml', '--callback-timeout', '1500ms', '--metrics', 'run.json', '--report', 'run.html'], dir);
    assert.equal(result.status, 6, result.stderr);
    const line = 'timer 0 of node /stuck at sim time 0.500000000s ran for more than 1500 ms of wall time (--callback-timeout)';
    assert.equal(result.stderr.trim(), `rclsim: ${line}; the trace and recordings are finished`);
    const info = runCli(['bag', 'info', 'out.mcap', '--json'], dir);
    assert.equal(JSON.parse(info.stdout).topics.find((t: { name: string }) => t.name === '/chatter').messageCount, '5');
    assert.ok(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).entities.some((e: { node: string }) => e.node === '/stuck'));
    assert.ok(readFileSync(join(dir, 'run.html'), 'utf8').includes(line), 'the report says why the run ended');
    // An output it cannot write is one more line; the code stays the run's.
    const unwritable = runCli(['run', 'job.yaml', '--callback-timeout', '1500ms', '--metrics', '/nonexistent/m.csv', '--report', 'again.html'], dir, 60_000);
    assert.equal(unwritable.status, 6, unwritable.stderr);
    assert.equal(
      unwritable.stderr,
      `rclsim: ${line}; the trace and recordings are finished\nrclsim: cannot write /nonexistent/m.csv: no such file or directory (ENOENT)\n`,
    );
    assert.ok(existsSync(join(dir, 'again.html')));
  });

  it('names the program whose top-level code runs past --callback-timeout, in-process and separate (exit 6)', () => {
    const dir = tempDir();
    writeTemp(dir, 'loops.cjs', "require('rclnodejs');\nfor (;;);\n");
    for (const process of ['in-process', 'separate']) {
      const result = runCli(['exec', 'loops.cjs', '--process', process, '--callback-timeout', '1500ms'], dir, 60_000);
      assert.equal(result.status, 6, result.stderr);
      assert.equal(
        result.stderr,
        'rclsim: the top-level code of program loops.cjs at sim time 0.000000000s ran for more than 1500 ms of wall time (--callback-timeout); the trace and recordings are finished\n',
        process,
      );
    }
  });

  it('an output that cannot be written ends run, exec and verify with one line naming it (exit 74), the others finished, no hang', () => {
    const dir = tempDir();
    const job = join(repoRoot, 'test/fixtures/jobs/add.yaml');
    const server = join(repoRoot, 'test/fixtures/programs/add-server.cjs');
    // A run that hangs is killed (status null): the assertions say so.
    const cases: [string[], string[], string[]][] = [
      [
        ['run', job, '--report', '/nonexistent/r.html', '--metrics', 'm.csv', '--trace', 't.trace'],
        ['/nonexistent/r.html: no such file or directory (ENOENT)'],
        ['m.csv', 't.trace'],
      ],
      [['run', job, '--metrics', '/dev/full', '--report', 'r.html'], ['/dev/full: no space left on device (ENOSPC)'], ['r.html']],
      [
        ['exec', server, '--until', '1s', '--report', '/dev/full', '--metrics', '/nonexistent/m.json', '--trace', 'e.trace'],
        ['/dev/full: no space left on device (ENOSPC)', '/nonexistent/m.json: no such file or directory (ENOENT)'],
        ['e.trace'],
      ],
    ];
    for (const [args, unwritten, written] of cases) {
      const result = runCli(args, dir, 60_000);
      assert.equal(result.status, 74, `${args.join(' ')}: ${result.stderr}`);
      assert.deepEqual(result.stderr.trim().split('\n').sort(), unwritten.map((file) => `rclsim: cannot write ${file}`).sort());
      for (const file of written) {
        assert.ok(existsSync(join(dir, file)), `${file} of ${args.join(' ')}`);
        if (file.endsWith('.trace')) assert.match(readFileSync(join(dir, file), 'utf8'), /\n# end \w+ at /);
      }
    }
    const verify = runCli(['verify', job, '--runs', '2', '--report', '/dev/full'], dir, 60_000);
    assert.equal(verify.status, 74, verify.stderr);
    assert.equal(verify.stderr, 'rclsim: cannot write /dev/full: no space left on device (ENOSPC)\n');
  });

  it('ends a run that runs out of memory with one line (exit 71), its recording kept up to its last second, its trace up to its last line', async () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'hog.cjs',
      STUCK('').replace(
        'if (++ticks === 5) {  }',
        'if (++ticks > 25) for (let k = 0; k < 40; k++) globalThis.keep = [...(globalThis.keep ?? []), new Array(1 << 20).fill(ticks)];',
      ),
    );
    writeTemp(dir, 'job.yaml', 'nodes:\n  - script: hog.cjs\nrecord:\n  path: out\n');
    const result = spawnSync(process.execPath, [cliPath, 'run', 'job.yaml', '--trace', 'run.trace'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=200' },
    });
    assert.equal(result.status, 71, result.stderr);
    assert.match(
      result.stderr,
      /^rclsim: the run ran out of memory at sim time 2\.\d+s after the start .*; run\.trace keeps every line up to there; .*out_0\.mcap keeps its first \d+ messages\n$/,
    );
    // Its lines were in the dead thread's memory, shared: the main thread wrote them and the end.
    const trace = readFileSync(join(dir, 'run.trace'), 'utf8');
    assert.match(trace, /^# rclsim trace 2\n# job job seed 0 start 0\n/);
    assert.match(trace, /\n2\.\d{9}\tpublish\t\/stuck\t\d+\t\/chatter\t[0-9a-f]{16}\n# end out-of-memory at 2\d{9} callbacks \d+ fingerprint -\n$/);
    assert.equal(trace.match(/\ttimer\t\/stuck\t/g)?.length, Number(/callbacks (\d+)/.exec(trace)![1]), 'a line for every callback that ran');
    const ticks = await recorded(join(dir, 'out'));
    assert.ok(ticks.length >= 15 && ticks.length <= 26, `${ticks.length} ticks kept`);
    assert.deepEqual(ticks.slice(0, 3), ['tick 0', 'tick 1', 'tick 2']);
  });

  it('fails a recording onto a full disk with one line (exit 74), the file readable with what fit', async () => {
    const dir = tempDir();
    writeTemp(dir, 'big.cjs', STUCK('').replace("'tick ' + ticks", "'tick ' + ticks + ' ' + 'x'.repeat(20000)").replace('if (++ticks === 5) {  }', '++ticks;'));
    writeTemp(dir, 'job.yaml', 'nodes:\n  - script: big.cjs\nend: { after: 60s }\nrecord:\n  path: out\n');
    // A file size limit stands for a full disk: writes beyond it fail (EFBIG), as they do with ENOSPC.
    const result = spawnSync('bash', ['-c', `ulimit -f 2048; exec '${process.execPath}' '${cliPath}' run job.yaml`], { cwd: dir, encoding: 'utf8' });
    assert.equal(result.status, 74, result.stderr);
    assert.match(result.stderr, /^rclsim: cannot write .*out_0\.mcap: file too large \(EFBIG\); the recording keeps its first (\d+) messages\n$/);
    const kept = Number(/first (\d+) messages/.exec(result.stderr)![1]);
    const ticks = await recorded(join(dir, 'out'));
    assert.ok(ticks.length > 20, `${ticks.length} ticks`);
    assert.equal(ticks.length + 2, kept, 'the parameter events (use_sim_time, start_type_description_service) and every tick that fit');
    assert.equal(ticks[0]!.slice(0, 7), 'tick 0 ');
    // A callback that publishes more than the rest of the limit and throws a few ticks later,
    // before the next chunk is due: the recording fails as it is finished, after the callback.
    // Both are told, the callback's code, and the file keeps what fit.
    writeTemp(
      dir,
      'throws.cjs',
      readFileSync(join(dir, 'big.cjs'), 'utf8').replace(
        '++ticks;',
        `if (++ticks === ${ticks.length + 3}) { publisher.publish('y'.repeat(200000)); throw new Error('boom'); }`,
      ),
    );
    writeTemp(dir, 'throws.yaml', 'nodes:\n  - script: throws.cjs\nend: { after: 60s }\nrecord:\n  path: thrown\n');
    const both = spawnSync('bash', ['-c', `ulimit -f 2048; exec '${process.execPath}' '${cliPath}' run throws.yaml`], { cwd: dir, encoding: 'utf8' });
    assert.equal(both.status, 3, both.stderr);
    const threwAt = (ticks.length + 3) / 10;
    assert.match(
      both.stderr,
      new RegExp(
        `^rclsim: timer 0 of node /stuck threw at sim time ${threwAt.toFixed(9).replace('.', '\\.')}s: boom\nrclsim: cannot write .*thrown_0\\.mcap: file too large \\(EFBIG\\); the recording keeps its first ${kept} messages\n$`,
      ),
    );
    assert.deepEqual(await recorded(join(dir, 'thrown')), ticks);
    const devFull = runCli(['run', writeTemp(dir, 'full.yaml', 'nodes:\n  - script: big.cjs\nend: { after: 1s }\n'), '--trace', '/dev/full'], dir);
    assert.equal(devFull.status, 74);
    assert.equal(devFull.stderr.trim(), 'rclsim: cannot write /dev/full: no space left on device (ENOSPC)');
  });

  it('runs process.nextTick and queueMicrotask callbacks before sim time moves on', async () => {
    const order: string[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        let tick = 0;
        node.createTimer(SECOND, () => {
          const at = tick++;
          process.nextTick(() => order.push(`tick after ${at}`));
          queueMicrotask(() => order.push(`microtask after ${at}`));
          order.push(`timer ${at}`);
        });
      },
      { endAfter: 2n * SECOND },
    );
    assert.deepEqual(order, ['timer 0', 'tick after 0', 'microtask after 0', 'timer 1', 'tick after 1', 'microtask after 1']);
  });

  it('verify fails a job that fails in every run with its code, and calls runs that fail differently not deterministic', () => {
    const dir = tempDir();
    writeTemp(dir, 'fails.cjs', "require('rclnodejs').init().then(() => { throw new Error('always'); });");
    const always = runCli(['verify', 'fails.cjs', '--program', '--runs', '2'], dir);
    assert.equal(always.status, 3, always.stdout + always.stderr);
    assert.match(
      always.stdout,
      /^all 2 runs agree, and every run fails: a promise of program fails\.cjs without a rejection handler threw at sim time 0\.000000000s: always$/m,
    );
    // Fails on its second run only: a counter kept in a file outside the simulation.
    writeTemp(
      dir,
      'flaky.cjs',
      [
        "const fs = require('node:fs');",
        "const runs = Number(fs.existsSync('count') ? fs.readFileSync('count', 'utf8') : '0') + 1;",
        "fs.writeFileSync('count', String(runs));",
        "require('rclnodejs').init().then(() => { if (runs === 2) throw new Error('second run'); });",
      ].join('\n'),
    );
    const flaky = runCli(['verify', 'flaky.cjs', '--program', '--runs', '3'], dir);
    assert.equal(flaky.status, 5, flaky.stdout + flaky.stderr);
    assert.match(flaky.stdout, /^run 2 differs from run 1: exit status 0 vs 3; failure 'none' vs '.*second run'/m);
  });

  it('Ctrl-C on verify ends the run under way, verify and its temporary traces', async () => {
    const dir = tempDir();
    writeTemp(dir, 'forever.cjs', FOREVER(200));
    // Its own temporary folder: other tests' verify runs come and go in the shared one meanwhile.
    const temporary = join(dir, 'tmp');
    mkdirSync(temporary);
    const { code, stderr } = await runAndSignal(['verify', 'forever.cjs', '--program', '--runs', '3'], dir, 'SIGINT', 'ticked', {
      ...process.env,
      TMPDIR: temporary,
    });
    assert.equal(code, 130, stderr);
    assert.match(stderr, /^rclsim verify: interrupted by SIGINT after 0 of 3 runs$/m);
    const left = spawnSync('pgrep', ['-f', 'forever.cjs'], { encoding: 'utf8' }).stdout.trim();
    assert.equal(left, '', 'no run is left behind');
    assert.deepEqual(readdirSync(temporary), []);
  });

  it('verify stops a run that hangs past --timeout of wall time: exit 6 when the first run hangs, 5 when a later one does', () => {
    const dir = tempDir();
    writeTemp(dir, 'stuck.cjs', STUCK('for (;;);'));
    // Time enough to reach the stuck callback (sim time 0.5 s) on a loaded machine.
    const hung = runCli(['verify', 'stuck.cjs', '--program', '--runs', '3', '--timeout', '3s'], dir, 30_000);
    assert.equal(hung.status, 6, hung.stdout + hung.stderr);
    assert.equal(
      hung.stdout,
      'run 1/3: hung: no result within 3 s of wall time (--timeout); interrupted by SIGTERM while timer 0 of node /stuck at sim time 0.500000000s had not returned; the trace and recordings are finished\n',
    );
    assert.equal(
      hung.stderr,
      'rclsim verify: run 1 of 3 hung: no result within 3 s of wall time (--timeout); interrupted by SIGTERM while timer 0 of node /stuck at sim time 0.500000000s had not returned; the trace and recordings are finished; verify stopped there\n',
    );
    // Hangs on its second run only: a counter kept in a file outside the simulation.
    writeTemp(
      dir,
      'sometimes.cjs',
      [
        "const fs = require('node:fs');",
        "const runs = Number(fs.existsSync('count') ? fs.readFileSync('count', 'utf8') : '0') + 1;",
        "fs.writeFileSync('count', String(runs));",
        STUCK('if (runs === 2) for (;;);'),
      ].join('\n'),
    );
    const sometimes = runCli(['verify', 'sometimes.cjs', '--program', '--runs', '3', '--until', '1s', '--timeout', '4s'], dir, 60_000);
    assert.equal(sometimes.status, 5, sometimes.stdout + sometimes.stderr);
    assert.match(sometimes.stdout, /^run 2\/3: hung: no result within 4 s of wall time \(--timeout\); interrupted by SIGTERM while timer 0 of node \/stuck/m);
    assert.match(sometimes.stdout, /^run 2 differs from run 1: exit status 0 vs 6; failure 'none' vs 'hung: no result within 4 s of wall time \(--timeout\);/m);
    assert.doesNotMatch(sometimes.stdout, /^run 3\/3/m, 'no run after the one that hung');
  });

  it('the run under way ends when verify is killed, even by SIGKILL: no run is left behind, and the next verify removes its traces', async () => {
    const dir = tempDir();
    const temporary = join(dir, 'tmp');
    mkdirSync(temporary);
    const env = { ...process.env, TMPDIR: temporary };
    const program = writeTemp(dir, 'stuck.cjs', STUCK('for (;;);'));
    const runsLeft = (): number[] =>
      spawnSync('pgrep', ['-f', `exec ${program}`], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter((line) => line !== '')
        .map(Number);
    const verify = spawn(process.execPath, [cliPath, 'verify', program, '--program', '--runs', '2'], { cwd: dir, stdio: 'ignore', env });
    const closed = new Promise((resolve) => verify.on('close', resolve));
    try {
      const until = async (condition: () => boolean, ms: number): Promise<boolean> => {
        for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) if (condition()) return true;
        return condition();
      };
      assert.ok(await until(() => runsLeft().length > 0, 10_000), 'the first run started');
      // Well into its endless callback.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      verify.kill('SIGKILL');
      await closed;
      assert.ok(await until(() => runsLeft().length === 0, 10_000), `runs left behind: ${runsLeft().join(', ')}`);
      assert.equal(readdirSync(temporary).length, 1, 'the killed verify could not remove its traces');
      writeTemp(dir, 'quick.cjs', STUCK(''));
      const next = spawnSync(process.execPath, [cliPath, 'verify', 'quick.cjs', '--program', '--runs', '1', '--until', '1s'], {
        cwd: dir,
        env,
        encoding: 'utf8',
      });
      assert.equal(next.status, 0, next.stderr);
      assert.deepEqual(readdirSync(temporary), []);
    } finally {
      for (const pid of runsLeft()) process.kill(pid, 'SIGKILL');
    }
  });

  it('SIGINT ends a run at its next step, its recording complete', async () => {
    const dir = tempDir();
    writeTemp(dir, 'forever.cjs', FOREVER(200));
    writeTemp(dir, 'job.yaml', 'nodes:\n  - script: forever.cjs\nrecord:\n  path: out\n');
    const { code, stderr } = await runAndSignal(['run', 'job.yaml'], dir, 'SIGINT', 'ticked');
    assert.equal(code, 130, stderr);
    assert.equal(stderr.trim(), 'rclsim: interrupted by SIGINT');
    assert.ok(existsSync(join(dir, 'out/metadata.yaml')));
    assert.ok((await recorded(join(dir, 'out'))).length > 100);
  });

  it('bag recover finishes a recording whose process was killed (SIGKILL), keeping its complete chunks', async () => {
    const dir = tempDir();
    // Past 1 MiB of ticks, so that the recording has written a chunk when it is killed.
    writeTemp(dir, 'forever.cjs', FOREVER(50_000));
    writeTemp(dir, 'job.yaml', 'nodes:\n  - script: forever.cjs\nrecord:\n  path: out\n');
    const { code } = await runAndSignal(['run', 'job.yaml'], dir, 'SIGKILL', 'ticked');
    assert.equal(code, null);
    assert.equal(runCli(['bag', 'info', 'out/out_0.mcap'], dir).status, 2, 'a killed recording has no index');
    const recovered = runCli(['bag', 'recover', 'out'], dir);
    assert.equal(recovered.status, 0, recovered.stderr);
    const kept = Number(/^out_0\.mcap: recovered, (\d+) messages$/m.exec(recovered.stdout)![1]);
    const ticks = await recorded(join(dir, 'out'));
    assert.equal(ticks.length + 2, kept, 'the two parameter events and every tick');
    assert.ok(ticks.length > 100, `${ticks.length} ticks`);
    assert.deepEqual(ticks.slice(0, 2), ['tick 0', 'tick 1']);
    assert.ok(existsSync(join(dir, 'out/metadata.yaml')));
    assert.equal(runCli(['bag', 'recover', 'out'], dir).stdout, 'out_0.mcap: finished already\n');
  });
});
