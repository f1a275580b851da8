import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { type CliResult, lastJsonLine, repoRoot, runCli, runCliAsync, tempDir, writeTemp } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/separate');

/** A copy of the fixture programs, and the graph job with every program in-process or separate. */
function graphJobs(): { dir: string; inProcess: string; separate: string } {
  const dir = tempDir();
  for (const file of [
    'talker.cjs',
    'listener.cjs',
    'caller.cjs',
    'thrower.cjs',
    'dies.cjs',
    'broken.cjs',
    'chance.cjs',
    'lifetimes.cjs',
    'hearer.cjs',
    'exits.cjs',
    'hangs.cjs',
    'stillborn.cjs',
  ])
    copyFileSync(join(fixtures, file), join(dir, file));
  const text = readFileSync(join(fixtures, 'graph.yaml'), 'utf8');
  return {
    dir,
    inProcess: writeTemp(dir, 'in-process.yaml', text),
    separate: writeTemp(dir, 'separate.yaml', text.replace(/^( {2}- script: .*)$/gm, '$1\n    process: separate')),
  };
}

describe('separate programs: each in its own process, the same run', () => {
  it('gives the fingerprint, callbacks, messages and output of the in-process run', () => {
    const { dir, inProcess, separate } = graphJobs();
    assert.match(readFileSync(separate, 'utf8'), /process: separate[\s\S]*process: separate[\s\S]*process: separate/);
    const together = runCli(['run', inProcess, '--json', '--trace', join(dir, 'a.trace')], dir, 60_000);
    const apart = runCli(['run', separate, '--json', '--trace', join(dir, 'b.trace')], dir, 60_000);
    assert.equal(together.status, 0, together.stderr);
    assert.equal(apart.status, 0, apart.stderr);
    const summary = lastJsonLine(together.stdout);
    const separateSummary = lastJsonLine(apart.stdout);
    assert.equal(summary.callbacks, 41);
    for (const key of ['fingerprint', 'callbacks', 'messagesDelivered', 'endTime', 'endReason', 'exitCode'])
      assert.equal(separateSummary[key], summary[key], key);
    // What the programs print (their own stdout) and what their loggers print come in the same order.
    const withoutSummary = (stdout: string): string => stdout.trim().split('\n').slice(0, -1).join('\n');
    assert.match(together.stdout, /heard hello 3 sent 1000000000 received 1000000000 #4/);
    assert.match(together.stdout, /sum 41/);
    assert.equal(withoutSummary(apart.stdout), withoutSummary(together.stdout));
    assert.equal(apart.stderr, together.stderr);
    // Every callback and output, in order (the traces differ only in the job's name).
    const body = (file: string): string[] =>
      readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => !line.startsWith('# job '));
    assert.deepEqual(body('b.trace'), body('a.trace'));
  });

  it('gives a program the same clock, random draws, JavaScript timers, CPU count and process.exit either way', () => {
    const { dir } = graphJobs();
    const together = runCli(['exec', 'chance.cjs', '--seed', '7', '--json'], dir, 60_000);
    const apart = runCli(['exec', '--process', 'separate', 'chance.cjs', '--seed', '7', '--json'], dir, 60_000);
    assert.equal(together.status, 0, together.stderr);
    assert.equal(apart.status, 0, apart.stderr);
    assert.match(together.stdout, /^cpus 4 4$/m);
    assert.match(together.stdout, /^done at 1970-01-01T00:00:00\.450Z$/m);
    assert.doesNotMatch(together.stdout, /never/);
    assert.match(together.stderr, /draw 0\.\d{12}/);
    const summary = lastJsonLine(together.stdout);
    assert.equal(summary.callbacks, 4);
    assert.equal(apart.stdout.replace(/"wallSeconds":[\d.e-]+/, ''), together.stdout.replace(/"wallSeconds":[\d.e-]+/, ''));
    assert.equal(apart.stderr, together.stderr);
    const otherSeed = runCli(['exec', '--process', 'separate', 'chance.cjs', '--seed', '8', '--json'], dir, 60_000);
    assert.notEqual(lastJsonLine(otherSeed.stdout).fingerprint, summary.fingerprint);
  });

  it('runs actions, lifecycle nodes, spinOnce, rates and the rest of the API separate with the output, trace and fingerprint of the in-process run', () => {
    const dir = tempDir();
    for (const file of ['fibonacci-server.cjs', 'fibonacci-client.cjs', 'lifecycle.cjs', 'spin-once.cjs', 'rate.cjs'])
      copyFileSync(join(repoRoot, 'test/fixtures/programs', file), join(dir, file));
    copyFileSync(join(fixtures, 'tour.cjs'), join(dir, 'tour.cjs'));
    const text = readFileSync(join(fixtures, 'api.yaml'), 'utf8');
    const inProcess = writeTemp(dir, 'api.yaml', text);
    const separate = writeTemp(dir, 'api-separate.yaml', text.replace(/^( {2}- script: .*)$/gm, '$1\n    process: separate'));
    const together = runCli(['run', inProcess, '--json', '--trace', join(dir, 'a.trace')], dir, 120_000);
    const apart = runCli(['run', separate, '--json', '--trace', join(dir, 'b.trace')], dir, 120_000);
    assert.equal(together.status, 0, together.stderr);
    assert.equal(apart.status, 0, apart.stderr);
    // The run reached each program's parts.
    for (const line of [
      /^refused: true MessageValidationError$/m,
      /^matched 1 \(\+1\)$/m,
      /^warm 21\.700 filtered true$/m,
      /^plain arrays: true 18\.399999618530273,0\.10000000149011612$/m,
      /^guard at 800$/m,
      /^watched gain=2\.5$/m,
      /^canceled: true/m,
      /^on_activate\(\)$/m,
      /^after spinOnce: \[timer,message a,guard\]$/m,
    ])
      assert.match(together.stdout, line);
    const withoutSummary = (stdout: string): string => stdout.trim().split('\n').slice(0, -1).join('\n');
    assert.equal(withoutSummary(apart.stdout), withoutSummary(together.stdout));
    assert.equal(apart.stderr, together.stderr);
    const summary = lastJsonLine(together.stdout);
    for (const key of ['fingerprint', 'callbacks', 'messagesDelivered', 'endTime', 'endReason'])
      assert.equal(lastJsonLine(apart.stdout)[key], summary[key], key);
    const body = (file: string): string[] =>
      readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => !line.startsWith('# job '));
    assert.deepEqual(body('b.trace'), body('a.trace'));
  });

  it('destroys a node and takes a QoS with durations as in-process', () => {
    const { dir } = graphJobs();
    const together = runCli(['exec', 'lifetimes.cjs', '--until', '1s', '--json'], dir, 60_000);
    const apart = runCli(['exec', '--process', 'separate', 'lifetimes.cjs', '--until', '1s', '--json'], dir, 60_000);
    assert.equal(together.status, 0, together.stderr);
    assert.equal(apart.status, 0, apart.stderr);
    assert.match(together.stderr, /\[second\]: second at 700000000/);
    assert.equal(apart.stderr, together.stderr);
    assert.equal(lastJsonLine(apart.stdout).fingerprint, lastJsonLine(together.stdout).fingerprint);
  });

  it('runs the talker-listener example separate with the output and fingerprint of the in-process run', () => {
    const example = join(repoRoot, 'examples/talker-listener');
    const dir = tempDir();
    for (const file of ['talker.js', 'listener.js', 'package.json']) copyFileSync(join(example, file), join(dir, file));
    const text = readFileSync(join(example, 'job.yaml'), 'utf8');
    const together = runCli(['run', writeTemp(dir, 'job.yaml', text), '--json'], dir, 60_000);
    const apart = runCli(['run', writeTemp(dir, 'separate.yaml', text.replace(/^( {2}- script: .*)$/gm, '$1\n    process: separate')), '--json'], dir, 60_000);
    assert.equal(together.status, 0, together.stderr);
    assert.equal(apart.status, 0, apart.stderr);
    assert.match(together.stdout, /I heard: \[Hello World: 5\] at 2023-11-14T22:13:22\.520Z \(20 ms in transit\)/);
    const strip = (stdout: string): string => stdout.replace(/"(job|wallSeconds)":("[^"]*"|[\d.e-]+)/g, '');
    assert.equal(strip(apart.stdout), strip(together.stdout));
    assert.equal(apart.stderr, together.stderr);
  });

  it("starts a separate JavaScript program's Node through RCLSIM_NODE_PREFIX, as launch does with a prefix", () => {
    const example = join(repoRoot, 'examples/talker-listener');
    const dir = tempDir();
    for (const file of ['talker.js', 'listener.js', 'package.json']) copyFileSync(join(example, file), join(dir, file));
    const text = readFileSync(join(example, 'job.yaml'), 'utf8');
    const job = writeTemp(dir, 'separate.yaml', text.replace(/^( {2}- script: .*)$/gm, '$1\n    process: separate'));
    const log = join(dir, 'started.txt');
    const wrapper = writeTemp(dir, 'wrapper.sh', `#!/bin/sh\necho "$1" >> "${log}"\nexec "$@"\n`);
    chmodSync(wrapper, 0o755);
    const result = runCli(['run', job, '--json'], dir, 60_000, { RCLSIM_NODE_PREFIX: ` ${wrapper}  ` });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /I heard: \[Hello World: 5\]/);
    // Each program's process was the wrapper's, which ran this Node.
    assert.deepEqual(readFileSync(log, 'utf8'), `${process.execPath}\n${process.execPath}\n`);
  });

  it('runs the services and parameters examples, a parameter tuner and a Rate separate with the output and fingerprints of the in-process runs', () => {
    const dir = tempDir();
    // What each run prints, in-process: waitForService, response.template, ranges, set-parameters callbacks, timeouts, aborts, rate ticks.
    const jobs: [string, RegExp][] = [];
    for (const [example, shows] of [
      ['services', /Result of 11 \+ 2: 13/],
      ['parameters', /period 150 ms: refused \(parameter 'period_ms' value 150 is not in range \[100, 2000\] step 100\)\nparameter period_ms set to 1000/],
    ] as const) {
      const folder = join(repoRoot, 'examples', example);
      for (const file of readdirSync(folder)) copyFileSync(join(folder, file), join(dir, file));
      jobs.push([writeTemp(dir, `${example}.yaml`, readFileSync(join(folder, 'job.yaml'), 'utf8')), shows]);
    }
    for (const file of ['tunable.cjs', 'tuner.cjs', 'tuning.yaml', 'rater.cjs']) copyFileSync(join(fixtures, file), join(dir, file));
    jobs.push([
      writeTemp(dir, 'rating.yaml', 'nodes:\n  - script: rater.cjs\n'),
      /heard tick 2 at 335000000\ntick 3 at 435000000 \(10 Hz\)\nRate has been cancelled\. canceled: true\n/,
    ]);
    jobs.push([
      join(dir, 'tuning.yaml'),
      // It asks for mode MANUAL: its pre-set callback makes that lower case.
      /asked to set mode=manual at 0\n[\s\S]*gain 7: refused \(gain 7 is too high for now\) at 0\n[\s\S]*TimeoutError: Service request timeout after 250ms at 550000000\nAbortError: Service request was aborted at 650000000/,
    ]);
    const strip = (stdout: string): string => stdout.replace(/"(job|wallSeconds)":("[^"]*"|[\d.e-]+)/g, '');
    for (const [job, shows] of jobs) {
      const text = readFileSync(job, 'utf8');
      const together = runCli(['run', job, '--json'], dir, 60_000);
      assert.match(together.stdout, shows);
      const apart = runCli(
        ['run', writeTemp(dir, 'separate.yaml', text.replace(/^( {2}- script: .*)$/gm, '$1\n    process: separate')), '--json'],
        dir,
        60_000,
      );
      assert.equal(together.status, 0, together.stderr);
      assert.equal(apart.status, 0, apart.stderr);
      assert.equal(strip(apart.stdout), strip(together.stdout), job);
      assert.equal(apart.stderr, together.stderr, job);
    }
  });

  it("runs the rslcpp benchmark's job file with its five components separate: the reference results and the in-process fingerprint", () => {
    // A project of the user's: the benchmark's files, and rclsim installed.
    const dir = tempDir();
    const example = join(repoRoot, 'examples/synthetic-benchmark');
    for (const file of readdirSync(example)) if (file.endsWith('.ts') || file === 'job.yaml') copyFileSync(join(example, file), join(dir, file));
    writeTemp(dir, 'package.json', '{ "type": "module" }\n');
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(repoRoot, join(dir, 'node_modules/rclsim'), 'dir');
    const text = readFileSync(join(dir, 'job.yaml'), 'utf8');
    const separate = text.replace(/^( {2}- \{ module: .*) \}$/gm, '$1, process: separate }');
    assert.equal(separate.match(/process: separate/g)?.length, 5);
    const together = runCli(['run', 'job.yaml', '--json'], dir, 60_000);
    const apart = runCli(['run', writeTemp(dir, 'separate.yaml', separate), '--json'], dir, 120_000);
    assert.equal(together.status, 0, together.stderr);
    assert.equal(apart.status, 0, apart.stderr);
    const summary = lastJsonLine(together.stdout);
    const separateSummary = lastJsonLine(apart.stdout);
    // rslcpp's reference value of the benchmark (house/examples/nodes.test.ts checks it in-process too).
    assert.equal((separateSummary.results as Record<string, string>).combined, '7448837717382456148');
    for (const key of ['results', 'fingerprint', 'callbacks', 'messagesDelivered', 'endTime', 'endReason'])
      assert.deepEqual(separateSummary[key], summary[key], key);
  });

  it('runs the executors example with its ten programs separate: same callbacks, metrics and fingerprint under its executor models', () => {
    const example = join(repoRoot, 'examples/executors');
    const dir = tempDir();
    for (const file of readdirSync(example)) if (/\.(js|json|yaml)$/.test(file)) copyFileSync(join(example, file), join(dir, file));
    const text = readFileSync(join(example, 'job.yaml'), 'utf8');
    const separate = text.replace(/^( {2}- \{ script: .*) \}$/gm, '$1, process: separate }');
    assert.equal(separate.match(/process: separate/g)?.length, 10);
    const together = runCli(['run', 'job.yaml', '--until', '4s', '--json', '--quiet'], dir, 120_000);
    const apart = runCli(['run', writeTemp(dir, 'separate.yaml', separate), '--until', '4s', '--json', '--quiet'], dir, 120_000);
    assert.equal(together.status, 0, together.stderr);
    assert.equal(apart.status, 0, apart.stderr);
    const summary = lastJsonLine(together.stdout);
    const separateSummary = lastJsonLine(apart.stdout);
    assert.ok((summary.callbacks as number) > 4000, `callbacks ${summary.callbacks}`);
    for (const key of ['fingerprint', 'callbacks', 'messagesDelivered', 'metrics']) assert.deepEqual(separateSummary[key], summary[key], key);
  });

  it('runs the patrol example separate (its network, parameters from the job file, a QoS object): same fingerprint', () => {
    const example = join(repoRoot, 'examples/patrol');
    const dir = tempDir();
    for (const file of readdirSync(example)) if (/\.(js|json|yaml|geojson)$/.test(file)) copyFileSync(join(example, file), join(dir, file));
    const text = readFileSync(join(example, 'job.yaml'), 'utf8').split(/^record:/m)[0]!;
    const separate = text.replace(/^( {2}- script: \S+)$/gm, '$1\n    process: separate');
    assert.equal(separate.match(/process: separate/g)?.length, 4);
    const together = runCli(['run', writeTemp(dir, 'in-process.yaml', text), '--until', '2s', '--json', '--quiet'], dir, 120_000);
    const apart = runCli(['run', writeTemp(dir, 'separate.yaml', separate), '--until', '2s', '--json', '--quiet'], dir, 120_000);
    assert.equal(together.status, 0, together.stderr);
    assert.equal(apart.status, 0, apart.stderr);
    const summary = lastJsonLine(together.stdout);
    assert.ok((summary.messagesDelivered as number) > 100, `messages ${summary.messagesDelivered}`);
    for (const key of ['fingerprint', 'callbacks', 'messagesDelivered', 'network']) assert.deepEqual(lastJsonLine(apart.stdout)[key], summary[key], key);
  });

  it('runs each program in a process of its own', () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'pid.cjs',
      "const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('pid'); n.createTimer(1000000n, () => { console.log('pid ' + process.pid + ' parent ' + process.ppid); r.shutdown(); }); r.spin(n); });",
    );
    const result = runCli(['exec', '--process', 'separate', 'pid.cjs', '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    const [, pid, parent] = /^pid (\d+) parent (\d+)$/m.exec(result.stdout) ?? [];
    assert.ok(pid !== undefined && parent !== undefined, result.stdout);
    assert.notEqual(pid, parent);
    const inProcess = runCli(['exec', 'pid.cjs'], dir, 60_000);
    const [, ownPid, ownParent] = /^pid (\d+) parent (\d+)$/m.exec(inProcess.stdout) ?? [];
    // In-process the program is the rclsim process itself, whose parent is this test.
    assert.equal(ownParent, String(process.pid));
    assert.notEqual(ownPid, pid);
  });

  it('fails the run with the callback that threw, named as in-process (exit 3)', () => {
    const { dir } = graphJobs();
    const job = (how: string): string => writeTemp(dir, `thrower-${how}.yaml`, `end: { after: 1s }\nnodes:\n  - script: thrower.cjs\n    process: ${how}\n`);
    const together = runCli(['run', job('in-process')], dir, 60_000);
    const apart = runCli(['run', job('separate')], dir, 60_000);
    assert.equal(together.status, 3, together.stderr);
    assert.equal(apart.status, 3, apart.stderr);
    assert.match(apart.stderr, /^rclsim: timer 0 of node \/thrower threw at sim time 0\.300000000s?.*the third call fails/m);
    assert.equal(apart.stderr, together.stderr);
  });

  it('tells every other failure of a program as in-process: a rejection nothing handled, a promise a callback returned, a microtask, bad input it met (exit 2); and its process.exitCode', async () => {
    const dir = tempDir();
    const start = "const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('ranged');";
    const ranged = `const d = new r.ParameterDescriptor('period_ms', r.ParameterType.PARAMETER_INTEGER); d.range = new r.IntegerRange(100, 2000, 100); const declare = (ignore) => n.declareParameter(new r.Parameter('period_ms', r.ParameterType.PARAMETER_INTEGER, 500n), d, ignore);`;
    const timer = (body: string): string => `${start} n.createTimer(100000000n, ${body}); r.spin(n); });`;
    const cases: { program: string; code: number; line: RegExp; args?: string[] }[] = [
      {
        program: `${start} r.spin(n); throw new Error('after spin'); });`,
        code: 3,
        line: /^rclsim: a promise of program p0\.cjs \(node \/ranged\) without a rejection handler threw at sim time 0\.0+s: after spin$/,
      },
      {
        program: timer('() => { Promise.reject(new Error("stray")); }'),
        code: 3,
        line: /^rclsim: a promise of program p1\.cjs \(node \/ranged\) without a rejection handler threw at sim time 0\.10+s: stray$/,
      },
      {
        program: timer('async () => { await null; throw new Error("late"); }'),
        code: 3,
        line: /^rclsim: timer 0 of node \/ranged threw at sim time 0\.10+s: late$/,
      },
      {
        program: timer('() => { queueMicrotask(() => { throw new Error("micro"); }); }'),
        code: 3,
        line: /^rclsim: a queueMicrotask callback of program p3\.cjs \(node \/ranged\) threw at sim time 0\.10+s: micro$/,
      },
      {
        program: `${start} ${ranged} declare(false); r.spin(n); });`,
        code: 2,
        line: /^rclsim: --ros-args -p 'period_ms:=5': .*not in range/,
        args: ['--ros-args', '-p', 'period_ms:=5'],
      },
      {
        program: `${start} ${ranged} try { declare(false); } catch (e) { throw new Error('cannot start', { cause: e }); } r.spin(n); });`,
        code: 2,
        line: /^rclsim: --ros-args -p 'period_ms:=5': .*not in range/,
        args: ['--ros-args', '-p', 'period_ms:=5'],
      },
      {
        program: `${start} ${ranged} try { declare(false); } catch { declare(true); } r.spin(n); });`,
        code: 0,
        line: /^$/,
        args: ['--ros-args', '-p', 'period_ms:=5'],
      },
      // process.exitCode is the run's exit code, set by the top level or by a callback, and unset.
      { program: timer("() => { throw ''; }"), code: 3, line: /^rclsim: timer 0 of node \/ranged threw at sim time 0\.10+s: ?$/ },
      { program: 'process.exitCode = 9;', code: 9, line: /^$/ },
      { program: timer('() => { process.exitCode = 4; }'), code: 4, line: /^$/ },
      { program: `let k = 0; ${timer('() => { k++; process.exitCode = k === 1 ? 4 : undefined; }')}`, code: 0, line: /^$/ },
    ];
    const runs = cases.flatMap(({ program, args = [] }, i) => {
      writeTemp(dir, `p${i}.cjs`, program);
      return ['in-process', 'separate'].map((how) => runCliAsync(['exec', '--process', how, `p${i}.cjs`, '--until', '1s', '--quiet', ...args], dir));
    });
    const results = await Promise.all(runs);
    for (const [i, { code, line }] of cases.entries()) {
      const [together, apart] = [results[2 * i]!, results[2 * i + 1]!];
      const lines = (stderr: string): string =>
        stderr
          .split('\n')
          .filter((l) => l.startsWith('rclsim: '))
          .join('\n');
      assert.equal(together.status, code, `p${i} in-process: ${together.stderr}`);
      assert.equal(apart.status, code, `p${i} separate: ${apart.stderr}`);
      assert.match(lines(apart.stderr), line, `p${i}`);
      assert.equal(lines(apart.stderr), lines(together.stderr), `p${i}`);
    }
  });

  it("names a program's own setTimeout and setInterval callbacks that threw by the program and its node, in-process and separate, from wherever rclsim runs", () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'robot'));
    const program = (timer: string): string =>
      `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('talker'); let runs = 0; ${timer}(() => { if (++runs === 2) throw new Error('boom'); }, 300); r.spin(n); });`;
    writeTemp(dir, 'robot/once.cjs', program('setTimeout').replace('++runs === 2', 'true'));
    writeTemp(dir, 'robot/every.cjs', program('setInterval'));
    for (const how of ['in-process', 'separate']) {
      const once = writeTemp(dir, `robot/once-${how}.yaml`, `nodes:\n  - script: once.cjs\n    process: ${how}\n`);
      const every = writeTemp(dir, `robot/every-${how}.yaml`, `nodes:\n  - script: every.cjs\n    process: ${how}\n`);
      const a = runCli(['run', once], dir, 60_000);
      assert.equal(a.status, 3, a.stderr);
      assert.equal(a.stderr, 'rclsim: setTimeout callback of program robot/once.cjs (node /talker) threw at sim time 0.300000000s: boom\n');
      const b = runCli(['run', every], dir, 60_000);
      assert.equal(b.status, 3, b.stderr);
      assert.equal(b.stderr, 'rclsim: setInterval callback of program robot/every.cjs (node /talker) threw at sim time 0.600000000s: boom\n');
    }
  });

  it("ends the run when a program's process dies, with one line naming program, node and sim time (exit 7), its recording finished", () => {
    const { dir } = graphJobs();
    for (const how of ['kill', 'abort']) {
      const job = writeTemp(
        dir,
        `dies-${how}.yaml`,
        `end: { after: 1s }\nnodes:\n  - script: dies.cjs\n    args: [${how}]\n    process: separate\nrecord:\n  path: rec-${how}\n`,
      );
      const result = runCli(['run', job], dir, 60_000);
      assert.equal(result.status, 7, result.stderr);
      // The program's stderr is its own (Node prints an aborting process's stacks there); rclsim says one line.
      const lines = result.stderr.split('\n').filter((line) => line.startsWith('rclsim: '));
      assert.equal(lines.length, 1, result.stderr);
      if (how === 'kill') assert.equal(result.stderr, `${lines[0]}\n`);
      const how_ = how === 'kill' ? 'was killed by SIGKILL' : 'aborted \\(SIGABRT\\)';
      assert.match(lines[0]!, new RegExp(`^rclsim: program dies\\.cjs \\(node /mortal\\) ${how_} at sim time 0\\.300000000s$`));
      // What it published in the callbacks before is in the recording, which was finished; what
      // the dying callback published had not left its process (a client sends a callback's
      // effects with its Done, docs/node-protocol.md).
      const info = runCli(['bag', 'info', join(dir, `rec-${how}`)], dir, 60_000);
      assert.equal(info.status, 0, info.stderr);
      assert.match(info.stdout, /Topic: \/last_words \| Type: std_msgs\/msg\/String \| Count: 2 /);
    }
    // The death is at a given callback: every run ends alike (verify agrees, and exits with the runs' code).
    const verified = runCli(['verify', join(dir, 'dies-kill.yaml'), '--runs', '2'], dir, 120_000);
    assert.match(verified.stdout + verified.stderr, /^all 2 runs agree, and every run fails: program dies\.cjs \(node \/mortal\) was killed by SIGKILL/m);
    assert.equal(verified.status, 7, verified.stdout + verified.stderr);
  });

  it('goes on without a program that dies (on_exit: continue), or starts it again after its delay (respawn): one line each time, the same run every time', () => {
    const { dir } = graphJobs();
    const job = (name: string, onExit: string): string =>
      writeTemp(dir, `${name}.yaml`, `end: { after: 1.5s }\nnodes:\n  - script: dies.cjs\n    args: [abort]\n${onExit}  - script: hearer.cjs\n`);
    const goOn = runCli(['run', job('continue', '    on_exit: continue\n'), '--json'], dir, 60_000);
    assert.equal(goOn.status, 0, goOn.stderr);
    assert.equal(lastJsonLine(goOn.stdout).endReason, 'end-time');
    const lines = (stderr: string): string[] => stderr.split('\n').filter((line) => line.includes('[rclsim]'));
    assert.deepEqual(lines(goOn.stderr), [
      '[WARN] [0.300000000] [rclsim]: program dies.cjs (node /mortal) aborted (SIGABRT) at sim time 0.300000000s; its nodes left the graph (on_exit: continue)',
    ]);
    // Its peer sees it leave at that sim time: unmatched, and its liveliness lost.
    assert.match(
      goOn.stdout,
      /heard call 2 at 200000000\nmatched 0 \(-1\) at 300000000\nalive 0 \(-1\) at 300000000\nstill here at 600000000\nstill here at 1200000000\n\{/,
    );
    const respawn = runCli(['run', job('respawn', '    on_exit: respawn\n    respawn_delay: 500ms\n'), '--json'], dir, 60_000);
    assert.equal(respawn.status, 0, respawn.stderr);
    assert.deepEqual(lines(respawn.stderr), [
      '[WARN] [0.300000000] [rclsim]: program dies.cjs (node /mortal) aborted (SIGABRT) at sim time 0.300000000s; it starts again at sim time 0.800000000s (on_exit: respawn)',
      '[WARN] [1.100000000] [rclsim]: program dies.cjs (node /mortal) aborted (SIGABRT) at sim time 1.100000000s; it starts again at sim time 1.600000000s (on_exit: respawn)',
    ]);
    // Back with fresh state: its count starts again.
    assert.match(
      respawn.stdout,
      /alive 0 \(-1\) at 300000000\nstill here at 600000000\nmatched 1 \(1\) at 800000000\nalive 1 \(1\) at 800000000\nheard call 1 at 900000000\nheard call 2 at 1000000000\n/,
    );
    for (const name of ['continue', 'respawn']) {
      const verified = runCli(['verify', `${name}.yaml`, '--runs', '2'], dir, 120_000);
      assert.equal(verified.status, 0, verified.stdout + verified.stderr);
      assert.match(verified.stdout, /^all 2 runs agree/m);
    }
  });

  it('applies on_exit to an exit code and to an error nothing in the program handled, as to a death', () => {
    const { dir } = graphJobs();
    const job = writeTemp(
      dir,
      'ends.yaml',
      'end: { after: 1s }\nnodes:\n  - script: thrower.cjs\n    on_exit: continue\n  - script: exits.cjs\n    on_exit: respawn\n    respawn_delay: 100ms\n',
    );
    const result = runCli(['run', job], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.match(/^call [12]$/gm)?.join(' '), 'call 1 call 2 call 1 call 2');
    assert.deepEqual(result.stderr.trim().split('\n'), [
      '[WARN] [0.300000000] [rclsim]: program thrower.cjs (node /thrower) threw an error nothing in it handled (the third call fails) at sim time 0.300000000s; its nodes left the graph (on_exit: continue)',
      '[WARN] [0.400000000] [rclsim]: program exits.cjs (node /quitter) exited with code 4 at sim time 0.400000000s; it starts again at sim time 0.500000000s (on_exit: respawn)',
      '[WARN] [0.900000000] [rclsim]: program exits.cjs (node /quitter) exited with code 4 at sim time 0.900000000s; it starts again at sim time 1.000000000s (on_exit: respawn)',
    ]);
    // With the default (fail), the exit code ends the run with that code, and a line says whose it is.
    const fails = runCli(['run', writeTemp(dir, 'exits.yaml', 'end: { after: 1s }\nnodes:\n  - script: exits.cjs\n    process: separate\n')], dir, 60_000);
    assert.equal(fails.status, 4, fails.stderr);
    assert.match(
      fails.stderr,
      /^\[WARN\] \[0\.400000000\] \[rclsim\]: program exits\.cjs \(node \/quitter\) exited with code 4 at sim time 0\.400000000s; the run ends with its code \(on_exit: fail\)$/m,
    );
  });

  it('respawns at most respawn_max_retries times, and fails a program that ends again at the instant its respawn started it (respawn_delay 0)', () => {
    const { dir } = graphJobs();
    const stillborn = (how: string): CliResult =>
      runCli(
        ['run', writeTemp(dir, `stillborn-${how}.yaml`, `end: { after: 1s }\nnodes:\n  - script: stillborn.cjs\n    args: [${how}]\n    on_exit: respawn\n`)],
        dir,
        60_000,
      );
    // Each life ends as it loads: once started again at that instant, it would end there forever.
    const exits = stillborn('exit');
    assert.equal(exits.status, 5, exits.stderr);
    const again =
      'it ended at the sim instant its respawn started it (life 2, respawn_delay 0): starting it again would repeat forever; the run fails (on_exit: respawn)';
    assert.deepEqual(exits.stderr.trim().split('\n'), [
      '[WARN] [0.000000000] [rclsim]: program stillborn.cjs (node /stillborn) exited with code 5 at sim time 0.000000000s; it starts again at sim time 0.000000000s (on_exit: respawn)',
      `[WARN] [0.000000000] [rclsim]: program stillborn.cjs (node /stillborn) exited with code 5 at sim time 0.000000000s; ${again}`,
    ]);
    const throws = stillborn('throw');
    assert.equal(throws.status, 3, throws.stderr);
    assert.match(
      throws.stderr,
      new RegExp(`threw an error nothing in it handled \\(no config\\) at sim time 0\\.000000000s; ${again.replace(/[()]/g, '\\$&')}\n`),
    );
    assert.match(throws.stderr, /^rclsim: .*stillborn\.cjs.*: no config$/m);
    // No life of it is left running.
    const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    assert.ok(!ps.includes(join(dir, 'stillborn.cjs')), ps);
    // As launch's respawn_max_retries: past it, the program stays down and the run goes on.
    const limited = runCli(
      [
        'run',
        writeTemp(
          dir,
          'limited.yaml',
          'end: { after: 2s }\nnodes:\n  - script: exits.cjs\n    on_exit: respawn\n    respawn_delay: 100ms\n    respawn_max_retries: 1\n',
        ),
      ],
      dir,
      60_000,
    );
    assert.equal(limited.status, 0, limited.stderr);
    assert.equal(limited.stdout.match(/^call [12]$/gm)?.join(' '), 'call 1 call 2 call 1 call 2');
    assert.deepEqual(limited.stderr.trim().split('\n'), [
      '[WARN] [0.400000000] [rclsim]: program exits.cjs (node /quitter) exited with code 4 at sim time 0.400000000s; it starts again at sim time 0.500000000s (on_exit: respawn)',
      '[WARN] [0.900000000] [rclsim]: program exits.cjs (node /quitter) exited with code 4 at sim time 0.900000000s; it is not started again after 1 respawn (respawn_max_retries); its nodes left the graph (on_exit: respawn)',
    ]);
  });

  it('kills only the hung program with --callback-timeout when its on_exit goes on, and leaves no process behind when the run stops', async () => {
    const { dir } = graphJobs();
    const job = (onExit: string): string =>
      writeTemp(
        dir,
        `hangs-${onExit}.yaml`,
        `end: { after: 1s }\nnodes:\n  - script: hangs.cjs\n    on_exit: ${onExit}\n    process: separate\n  - script: hearer.cjs\n`,
      );
    const goOn = runCli(['run', job('continue'), '--callback-timeout', '2s'], dir, 60_000);
    assert.equal(goOn.status, 0, goOn.stderr);
    assert.match(goOn.stdout, /still here at 600000000\n/);
    assert.equal(
      goOn.stderr,
      '[WARN] [0.300000000] [rclsim]: program hangs.cjs (node /stuck) ran a callback for more than 2000 ms of wall time (--callback-timeout) and was killed at sim time 0.300000000s; its nodes left the graph (on_exit: continue)\n',
    );
    // With on_exit: fail the run stops there (exit 6), and the program's process goes with it.
    const stops = runCli(['run', job('fail'), '--callback-timeout', '2s'], dir, 60_000);
    assert.equal(stops.status, 6, stops.stderr);
    assert.match(stops.stderr, /^rclsim: timer 0 of node \/stuck at sim time 0\.300000000s ran for more than 2000 ms of wall time \(--callback-timeout\)/);
    const pid = Number(/^pid (\d+)$/m.exec(stops.stdout)?.[1]);
    assert.ok(pid > 0, stops.stdout);
    const alive = (): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let tries = 0; alive() && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(alive(), false, `program process ${pid} is still running`);
  });

  it('relays every line a program writes, as in-process: 50,000 in one callback, 5,000 before a throw, 20,000 before process.exit', () => {
    const dir = tempDir();
    copyFileSync(join(fixtures, 'floods.cjs'), join(dir, 'floods.cjs'));
    const lines = (text: string): string[] => text.split('\n').filter((line) => line.startsWith('line '));
    const numbered = (count: number): string[] => Array.from({ length: count }, (_, i) => `line ${i + 1}`);
    for (const [how, count, status] of [
      ['stdout', 50_000, 0],
      ['throw', 5_000, 3],
      ['exit', 20_000, 3],
    ] as const) {
      const together = runCli(['exec', 'floods.cjs', '--until', '1s', how], dir, 60_000);
      const apart = runCli(['exec', '--process', 'separate', 'floods.cjs', '--until', '1s', how], dir, 60_000);
      for (const result of [together, apart]) {
        assert.equal(result.status, status, result.stderr.slice(-500));
        const written = lines(how === 'stdout' ? result.stdout : result.stderr);
        assert.equal(written.length, count, how);
        assert.deepEqual(written, numbered(count), how);
      }
    }
  });

  it('waits for a separate program without a C compiler too (CXX naming none: no addon, non-blocking reads), its output relayed', () => {
    const dir = tempDir();
    copyFileSync(join(fixtures, 'floods.cjs'), join(dir, 'floods.cjs'));
    const result = runCli(['exec', '--process', 'separate', 'floods.cjs', '--until', '1s', 'stdout'], dir, 60_000, { CXX: join(dir, 'no-compiler') });
    assert.equal(result.status, 0, result.stderr.slice(-500));
    assert.equal(result.stdout.split('\n').filter((line) => line.startsWith('line ')).length, 50_000);
  });

  it('ends a program that breaks the node port protocol with one line naming it (exit 3), or as its on_exit says; one that closes its socket too', () => {
    const dir = tempDir();
    copyFileSync(join(fixtures, 'garbles.cjs'), join(dir, 'garbles.cjs'));
    const broke = (how: string, at: string, what: string): void => {
      const result = runCli(['exec', '--process', 'separate', 'garbles.cjs', '--until', '1s', how], dir, 60_000);
      assert.equal(result.status, 3, result.stderr);
      const lines = result.stderr.split('\n').filter((line) => line.startsWith('rclsim:'));
      assert.deepEqual(
        lines,
        [`rclsim: program garbles.cjs${at} broke the node port protocol (${what}) at sim time ${how === 'load' ? '0.000000000s' : '0.100000000s'}`],
        how,
      );
    };
    broke('long', ' (node /garbler)', 'sent a message of 4294967280 bytes, more than the 1073741824 the protocol allows');
    broke('garbage', ' (node /garbler)', 'sent bytes that are no ToSimulation message (invalid tag encoding)');
    broke('load', '', 'sent bytes that are no ToSimulation message (invalid tag encoding)');
    // The start of a message that never comes, while the program waits for its answer: the run goes on without it.
    const job = writeTemp(
      dir,
      'cut.yaml',
      'end: { after: 1s }\nnodes:\n  - script: garbles.cjs\n    args: [cut]\n    process: separate\n    on_exit: continue\n',
    );
    const cut = runCli(['run', job], dir, 60_000);
    assert.equal(cut.status, 0, cut.stderr);
    assert.match(
      cut.stderr,
      /^\[WARN\] \[0\.100000000\] \[rclsim\]: program garbles\.cjs \(node \/garbler\) broke the node port protocol \(sent 5 of a message's 268435440 bytes and nothing more for 5 s\) at sim time 0\.100000000s; its nodes left the graph \(on_exit: continue\)$/m,
    );
    // A program that closed its socket says so in one line (not the client's stack), and the run names it.
    const closed = runCli(['exec', '--process', 'separate', 'garbles.cjs', '--until', '1s', 'close'], dir, 60_000);
    assert.equal(closed.status, 3, closed.stderr);
    assert.deepEqual(closed.stderr.trim().split('\n'), [
      'rclsim: the program closed file descriptor 3, its socket to the simulation, and cannot go on',
      'rclsim: program garbles.cjs (node /garbler) exited with code 1 at sim time 0.100000000s',
    ]);
  });

  it('refuses a program that cannot be loaded as bad input, as in-process (exit 2)', () => {
    const { dir } = graphJobs();
    const together = runCli(['exec', 'broken.cjs'], dir, 60_000);
    const apart = runCli(['exec', '--process', 'separate', 'broken.cjs'], dir, 60_000);
    assert.equal(together.status, 2, together.stderr);
    assert.equal(apart.status, 2, apart.stderr);
    assert.match(apart.stderr, /^rclsim: broken\.cjs: cannot load program broken\.cjs: /);
    assert.equal(apart.stderr.trim().split('\n').length, 1, apart.stderr);
  });
});
