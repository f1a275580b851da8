import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseJobFile } from '../../src/job/jobFile.js';
import { lastJsonLine, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const programs = join(repoRoot, 'test/fixtures/programs');

/** Parses a job file written next to the fixture programs, returning its error message. */
function errorOf(yaml: string): string {
  const dir = tempDir();
  writeTemp(dir, 'delays.csv', 'Topic Name, Delay Type, Fixed Delay_ms, Measured Delay Skew\n/a, FIXED, 2.5, 0\n/b, MEASURED, 0, 1\n');
  const path = writeTemp(dir, 'job.yaml', yaml.replaceAll('PROGRAMS', programs));
  try {
    parseJobFile(yaml.replaceAll('PROGRAMS', programs), path);
  } catch (error) {
    return (error as Error).message.replace(`${dir}/`, '');
  }
  return 'no error';
}

describe('YAML job files', () => {
  it('name the file, line and field of every problem', () => {
    const script = '  - script: PROGRAMS/random-talker.cjs\n';
    const cases: [string, string][] = [
      [
        `nodes:\n${script}    argz: [1]\n`,
        'job.yaml:3: nodes[0].argz: unknown key (expected one of: script, module, export, args, name, namespace, parameters, remap, process, on_exit, respawn_delay, respawn_max_retries, python, sleeps, package, executable, component, container, id, origin, start_after)',
      ],
      ['name: x\n', "job.yaml:1: a job needs 'nodes', 'play' or 'world'"],
      [`seed: abc\nnodes:\n${script}`, 'job.yaml:1: seed: must be an integer'],
      [`start: 10 parsecs\nnodes:\n${script}`, "job.yaml:1: start: invalid duration '10 parsecs': expected e.g. 100ms, 2.5s or integer nanoseconds"],
      [`end: { after: 1.5 }\nnodes:\n${script}`, 'job.yaml:1: end.after: must be a duration (e.g. 100ms, 2.5s, or integer nanoseconds)'],
      [`end: { whenever: 1 }\nnodes:\n${script}`, 'job.yaml:1: end.whenever: unknown key (expected one of: after, idle, when)'],
      ['nodes: [\n', 'job.yaml:2: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]'],
      ['nodes:\n  - script: missing.js\n', 'job.yaml:2: nodes[0].script: no such file'],
      [
        `nodes:\n${script}    module: x.js\n`,
        "job.yaml:2: nodes[0]: give exactly one of 'script' (a program), 'module' (a component) or 'package' with 'executable' (a built program)",
      ],
      [`nodes:\n${script}    args: [--ros-args, -p]\n`, "job.yaml:3: nodes[0].args: '-p' needs a value"],
      [`nodes:\n${script}    args: [[1]]\n`, 'job.yaml:3: nodes[0].args[0]: must be a string, a number or a boolean'],
      [`nodes:\n${script}    process: apart\n`, 'job.yaml:3: nodes[0].process: must be one of: in-process, separate'],
      [`nodes:\n${script}    on_exit: restart\n`, 'job.yaml:3: nodes[0].on_exit: must be one of: fail, continue, respawn'],
      [
        `nodes:\n${script}    process: in-process\n    on_exit: continue\n`,
        "job.yaml:4: nodes[0].on_exit: on_exit: continue needs the program in a process of its own: leave out 'process' or make it 'separate'",
      ],
      [`nodes:\n${script}    respawn_delay: 1s\n`, "job.yaml:3: nodes[0].respawn_delay: 'respawn_delay' goes with on_exit: respawn"],
      [`nodes:\n${script}    on_exit: respawn\n    respawn_delay: soon\n`, "job.yaml:4: nodes[0].respawn_delay: invalid duration 'soon'"],
      [`nodes:\n${script}    respawn_max_retries: 3\n`, "job.yaml:3: nodes[0].respawn_max_retries: 'respawn_max_retries' goes with on_exit: respawn"],
      [`nodes:\n${script}    on_exit: respawn\n    respawn_max_retries: 1.5\n`, 'job.yaml:4: nodes[0].respawn_max_retries: must be an integer'],
      [`nodes:\n${script}    parameters: { a: [] }\n`, 'job.yaml:3: nodes[0].parameters.a: an empty array has no type'],
      [`delays:\n  chatter: 1ms\nnodes:\n${script}`, "job.yaml:2: delays.chatter: topic 'chatter' must be a fully qualified name"],
      [`delays:\n  /chatter: 1.0000000001ms\nnodes:\n${script}`, 'job.yaml:2: delays./chatter: invalid duration'],
      [`parameters:\n  n:\n    ros__parameters:\n      a: [1, x]\nnodes:\n${script}`, "job.yaml:4: parameter 'a': array items must all have one type"],
      [`params_files: [nope.yaml]\nnodes:\n${script}`, "job.yaml:1: params_files[0]: no such file 'nope.yaml'"],
    ];
    for (const [yaml, expected] of cases) assert.ok(errorOf(yaml).startsWith(expected), `${errorOf(yaml)}\n  should start with\n${expected}`);
    assert.match(errorOf(`delays_csv: delays.csv\nnodes:\n${script}`), /delays\.csv:3: topic \/b: MEASURED delays are not supported/);
  });

  it('reads durations exactly', () => {
    const definition = parseJobFile(
      `start: 2.5s\nend: { after: 1500000 }\nseed: 4\ndelays:\n  /x: 0.25ms\nnodes:\n  - script: ${programs}/random-talker.cjs\n`,
      join(tempDir(), 'job.yaml'),
    );
    assert.equal(definition.startTime, 2_500_000_000n);
    assert.equal(definition.endAfter, 1_500_000n);
    assert.equal(definition.seed, 4);
    assert.deepEqual([...definition.topicDelays!], [['/x', 250_000n]]);
  });

  it('runs programs with per-node names, namespaces, remaps and parameters; ends on a matching message', () => {
    const dir = tempDir();
    const job = writeTemp(
      dir,
      'job.yaml',
      [
        'name: echo-job',
        'end:',
        '  when: { topic: /robot/chatter, field: data, equals: "#2 t=1500 r=0.50000000" }',
        '  after: 2s',
        'nodes:',
        `  - script: ${programs}/random-talker.cjs`,
        '    namespace: /robot',
        `  - script: ${programs}/args-echo.mjs`,
        '    name: speaker',
        '    namespace: /robot',
        '    remap: { out: /elsewhere }',
        '    parameters: { greeting: salut, rate: 3 }',
        '',
      ].join('\n'),
    );
    const result = runCli(['run', job, '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(result.stdout.includes('node=/robot/speaker topic=/elsewhere\ngreeting=salut rate=3\n'), result.stdout);
    const summary = lastJsonLine(result.stdout);
    assert.equal(summary.job, 'echo-job');
    assert.equal(summary.endReason, 'end-time', 'no message matched the made-up field value');
    assert.equal(summary.endTime, '2000000000');

    const first = writeTemp(dir, 'first.yaml', `end: { when: { topic: /chatter } }\nnodes:\n  - script: ${programs}/random-talker.cjs\n`);
    const ended = lastJsonLine(runCli(['run', first, '--json']).stdout);
    assert.equal(ended.endReason, 'finished');
    assert.equal(ended.endTime, '500000000');
  });
});
