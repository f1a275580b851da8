import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** util-linux `script` runs a command on a pseudo-terminal, as a user's shell would. */
function onTerminal(args: string[]): string {
  const command = [process.execPath, cliPath, ...args].map((a) => `'${a}'`).join(' ');
  return spawnSync('script', ['-qfec', command, '/dev/null'], { cwd: repoRoot, encoding: 'utf8' }).stdout;
}

const benchmark = 'examples/synthetic-benchmark/job.ts';

describe('determinism toolkit', () => {
  it('writes a trace: a header, one line per executed callback and per output, a closing line with the fingerprint', () => {
    const dir = tempDir();
    const trace = join(dir, 'run.trace');
    const result = runCli(['run', benchmark, '--json', '--trace', trace]);
    assert.equal(result.status, 0, result.stderr);
    const summary = lastJsonLine(result.stdout);
    const lines = readFileSync(trace, 'utf8').trimEnd().split('\n');
    assert.equal(lines[0], '# rclsim trace 2');
    assert.equal(lines[1], '# job synthetic-benchmark seed 0 start 10000000000');
    const records = lines.filter((l) => !l.startsWith('#'));
    const callbacks = records.filter((l) => !/\t(publish|response)\t/.test(l));
    assert.equal(callbacks.length, summary.callbacks);
    // Nodes announce their parameters while being built, before the start (the clock reads 0).
    assert.match(records[0]!, /^0\.000000000\tpublish\t\/NodeA\t\d+\t\/parameter_events\t[0-9a-f]{16}$/);
    const started = records.filter((l) => l.startsWith('10.000000000\t'));
    // An output comes before the line of the callback that made it.
    assert.match(started[0]!, /^10\.000000000\tpublish\t\/NodeB\t\d+\t\/t5\t[0-9a-f]{16}$/);
    assert.match(started[1]!, /^10\.000000000\ttimer\t\/NodeB\t\d+\t-\t-$/);
    assert.match(started[2]!, /^10\.000000000\tsubscription\t\/NodeA\t\d+\t\/t5\t[0-9a-f]{16}$/);
    assert.equal(lines.at(-1), `# end finished at 110000000000 callbacks ${summary.callbacks} fingerprint ${summary.fingerprint}`);
  });

  it('diff says identical traces are identical and shows where others part ways', () => {
    const dir = tempDir();
    const [a, b] = [join(dir, 'a.trace'), join(dir, 'b.trace')];
    runCli(['run', benchmark, '--trace', a]);
    runCli(['run', benchmark, '--trace', b]);
    const same = runCli(['diff', a, b]);
    assert.equal(same.status, 0);
    assert.match(same.stdout, /^traces are identical \(19112 callbacks, \d+ outputs\)\n$/);

    const params = writeTemp(dir, 'p.yaml', 'NodeD:\n  ros__parameters:\n    initial_state: 1\n');
    const c = join(dir, 'c.trace');
    runCli(['run', benchmark, '--trace', c, '--params-file', params]);
    const different = runCli(['diff', a, c, '--context', '1']);
    assert.equal(different.status, 1);
    const lines = different.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^first divergence at record \d+, sim time 0\.000000000s: a publish on \/parameter_events by \/NodeD$/);
    assert.equal(lines.filter((l) => l.includes(' < ')).length, 2);
    assert.equal(lines.filter((l) => l.includes(' > ')).length, 2);
    assert.equal(runCli(['diff', a, join(dir, 'missing.trace')]).status, 2);

    // A copy with CRLF line ends (a Windows editor, git's autocrlf) compares as the trace it is.
    const crlf = writeTemp(dir, 'crlf.trace', readFileSync(a, 'utf8').replaceAll('\n', '\r\n'));
    const sameCrlf = runCli(['diff', crlf, b]);
    assert.equal(sameCrlf.status, 0, sameCrlf.stdout + sameCrlf.stderr);
    assert.match(sameCrlf.stdout, /^traces are identical \(19112 callbacks, \d+ outputs\)\n$/);
  });

  it('verify agrees on a deterministic job even when perturbed', () => {
    const result = runCli(['verify', 'test/fixtures/jobs/add.yaml', '--runs', '3', '--perturb']);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^all 3 runs agree \(perturbed\): fingerprint [0-9a-f]{16}$/m);
  });

  it('verify reports a node that reads the real clock, and where the runs part ways', () => {
    const result = runCli(['verify', 'test/fixtures/jobs/leaky.yaml', '--runs', '2']);
    assert.equal(result.status, 5, result.stdout + result.stderr);
    assert.match(result.stdout, /^run 2 differs from run 1: fingerprint /m);
    assert.match(result.stdout, /^first divergence at record 15, sim time 0\.500000000s: a publish on \/readings by \/leaky$/m);
    assert.match(result.stdout, /run 1 < 0\.500000000\tpublish\t\/leaky\t\d+\t\/readings\t[0-9a-f]{16}/);
  });

  it('verify fails a job whose only output is real-world state on a topic nobody subscribes to, naming the topic', () => {
    const result = runCli(['verify', 'test/fixtures/programs/uptime.cjs', '--program', '--until', '1s', '--runs', '2']);
    assert.equal(result.status, 5, result.stdout + result.stderr);
    assert.match(result.stdout, /^first divergence at record \d+, sim time 0\.100000000s: a publish on \/uptime by \/uptime_reporter$/m);
  });

  it('explore counts a run that hangs past --timeout of wall time as one of its outcomes, and goes on', () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'maybe.cjs',
      [
        "const rclnodejs = require('rclnodejs');",
        '// Whether this run hangs, by its seed.',
        'const hang = Math.random() < 0.5;',
        'rclnodejs.init().then(() => {',
        "  const node = rclnodejs.createNode('maybe');",
        '  node.createTimer(100000000n, () => { if (hang) for (;;); });',
        '  rclnodejs.spin(node);',
        '});',
      ].join('\n'),
    );
    writeTemp(dir, 'job.yaml', 'end:\n  after: 1s\nnodes:\n  - script: maybe.cjs\n');
    // Time enough for a run that does not hang to reach its end on a loaded machine.
    const result = runCli(['explore', 'job.yaml', '--runs', '6', '--timeout', '2s', '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    const report = lastJsonLine(result.stdout) as { runs: number; outcomes: { outcome: unknown; seeds: number[] }[] };
    assert.equal(report.runs, 6);
    const hung = report.outcomes.find((o) => o.outcome === 'hung: no result within 2 s of wall time (--timeout)');
    const ended = report.outcomes.find((o) => (o.outcome as { ended?: string }).ended === 'end-time');
    assert.ok(hung !== undefined && ended !== undefined, result.stdout);
    assert.deepEqual([...hung.seeds, ...ended.seeds].sort(), [0, 1, 2, 3, 4, 5]);
  });

  it('verify removes its temporary traces when the runs agree', () => {
    // A temporary folder of its own: another test's verify may be writing to the shared one.
    const temporary = tempDir();
    const result = runCli(['verify', 'test/fixtures/jobs/add.yaml', '--runs', '2'], undefined, undefined, { TMPDIR: temporary });
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.deepEqual(readdirSync(temporary), []);
  });

  it('shows a progress bar on a terminal, at most ten redraws a second, and none with --quiet', needs('script'), () => {
    const dir = tempDir();
    const job = writeTemp(
      dir,
      'long.yaml',
      `end: { after: 3000s }\nnodes:\n  - { module: ${repoRoot}/examples/synthetic-benchmark/nodes.ts, export: NodeA }\n`,
    );
    const shown = onTerminal(['run', job]);
    const redraws = shown.match(/sim \d+\.\d{3}s of 3000s \|[█░]+\| \d+ callbacks \| \d+(\.\d+)?x real time/g) ?? [];
    assert.ok(redraws.length >= 1, shown.slice(0, 300));
    const wall = Number(/wall time +([\d.]+) s/.exec(shown)?.[1]);
    assert.ok(redraws.length <= wall * 10 + 2, `${redraws.length} redraws in ${wall} s`);
    const quiet = onTerminal(['run', job, '--quiet']);
    assert.match(quiet, /wall time/);
    assert.doesNotMatch(quiet, /of 3000s \|/);
  });

  it('waits, with nothing left to simulate, for a file a program reads or a module it imports as it starts, as Node.js would, before the start', () => {
    const runs = new Map<string, unknown>();
    for (const [program, end] of [
      ['reads-config.cjs', '500000000'],
      ['imports-part.cjs', '250000000'],
      ['imports-at-load.mjs', '250000000'],
    ] as const) {
      const fingerprints = new Set<unknown>();
      for (let run = 0; run < 3; run++) {
        const result = runCli(['exec', `test/fixtures/programs/starts-with-io/${program}`, '--json']);
        assert.equal(result.status, 0, result.stderr);
        const summary = lastJsonLine(result.stdout);
        assert.equal(summary.endReason, 'finished', program);
        assert.equal(summary.callbacks, 5, program);
        assert.equal(summary.endTime, end, program);
        assert.deepEqual(summary.warnings, [], program);
        fingerprints.add(summary.fingerprint);
      }
      assert.equal(fingerprints.size, 1, `${program}: the same run every time`);
      runs.set(program, [...fingerprints][0]);
    }
    // What an import at setup builds is there before the start, as a module loaded with the program is (waited for after it, it was only when the machine was quick).
    assert.equal(runs.get('imports-part.cjs'), runs.get('imports-at-load.mjs'));
  });

  it('warns when a callback starts real asynchronous I/O, naming it', () => {
    const result = runCli(['exec', 'test/fixtures/programs/reads-file.cjs', '--until', '1s', '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      lastJsonLine(
        result.stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .join('\n'),
      ).warnings,
      [
        'timer 0 of node /reader started real asynchronous I/O (FSREQCALLBACK) at sim time 0.200000000s; ' +
          'when it completes depends on the machine, so what follows from it is not deterministic',
      ],
    );
  });
});
