import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseJobFile } from '../../src/job/jobFile.js';
import { namedFiles } from '../../src/job/namedFiles.js';
import { type ParamsRule, parseParamsFile } from '../../src/sim/ParamsFile.js';
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
        'job.yaml:3: nodes[0].argz: unknown key (expected one of: script, module, export, args, name, namespace, parameters, remap, process, on_exit, respawn_delay, respawn_max_retries, python, sleeps, package, executable, component, container, id, origin, start_after, stdin)',
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
      // What is wrong inside a distribution, named by its field.
      [
        `nodes:\n${script}faults:\n  - { name: slow, topic: /chatter, delay: { distribution: lognormal, median: 10ms, sigma: -1 } }\n`,
        'job.yaml:4: faults[0].delay.sigma: must be >= 0',
      ],
      [
        `nodes:\n${script}execution_times:\n  - { nodes: [/a], time: { distribution: lognormal, median: 1ms, sigma: -1 } }\n`,
        'job.yaml:4: execution_times[0].time.sigma: must be >= 0',
      ],
      [
        `nodes:\n${script}execution_times:\n  - { nodes: [/a], time: { distribution: normal, mean: -5, sd: 1ms } }\n`,
        'job.yaml:4: execution_times[0].time.mean: must be a duration (e.g. 100ms, 2.5s, or integer nanoseconds)',
      ],
      [
        `nodes:\n${script}execution_times:\n  - { nodes: [/a], time: { distribution: gamma } }\n`,
        'job.yaml:4: execution_times[0].time.distribution: must be one of: uniform, normal, lognormal',
      ],
      [`parameters:\n  n:\n    ros__parameters:\n      a: 1\n      a: 2\nnodes:\n${script}`, "job.yaml:5: invalid YAML: duplicate key 'a'"],
      [
        `nodes:\n${script}checks:\n  - { name: c, topic: /chatter, always: "latest('not a topic', data) = 1" }\n`,
        "job.yaml:4: checks[0].always: check expression 'latest('not a topic', data) = 1': invalid topic name 'not a topic': topic name is invalid:",
      ],
      // Lines after a job's parameters (read apart from the rest) are the file's.
      [`parameters:\n  n:\n    ros__parameters:\n      a: 1\n\nnodes:\n${script}    argz: [1]\n`, 'job.yaml:8: nodes[0].argz: unknown key'],
      [`parameters:\n  n:\n    ros__parameters:\n      a: 1\nnodes: [\n`, 'job.yaml:6: invalid YAML: Flow sequence in block collection'],
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
  it("reads a job's parameters as a parameter file is read, block YAML fast, the same values and lines either way", () => {
    const script = `  - script: ${programs}/random-talker.cjs\n`;
    const section = [
      'parameters:',
      '  /**:',
      '    ros__parameters:',
      '      rate: 5',
      '  robot:',
      '    planner:',
      '      ros__parameters:',
      '        frame: "map"',
      '        gains: [0.5, 1.25]',
      '        limits:',
      '          max: 2.5',
      '        names: [a, b]',
      '',
    ].join('\n');
    const rules = (text: string): unknown =>
      (parseJobFile(text, 'job.yaml').parameterRules as ParamsRule[]).map((rule) => ({
        pattern: rule.pattern,
        overrides: rule.overrides.map((o) => [o.parameter.name, o.parameter.value, o.source]),
      }));
    const fast = rules(`name: x\n${section}nodes:\n${script}`);
    // A flow mapping is no block YAML: the library reads the section.
    const library = rules(`name: x\n${section.replace('max: 2.5', 'max: 2.5\n          flow: { a: 1 }')}nodes:\n${script}`);
    assert.deepEqual(fast, [
      { pattern: '/**', overrides: [['rate', 5n, 'job.yaml:5 (for /**)']] },
      {
        pattern: '/robot/planner',
        overrides: [
          ['frame', 'map', 'job.yaml:9 (for /robot/planner)'],
          ['gains', [0.5, 1.25], 'job.yaml:10 (for /robot/planner)'],
          ['limits.max', 2.5, 'job.yaml:12 (for /robot/planner)'],
          ['names', ['a', 'b'], 'job.yaml:13 (for /robot/planner)'],
        ],
      },
    ]);
    const [, planner] = library as { overrides: unknown[][] }[];
    assert.deepEqual(planner!.overrides.slice(0, 3), (fast as { overrides: unknown[][] }[])[1]!.overrides.slice(0, 3));
    assert.deepEqual(planner!.overrides[3], ['limits.flow.a', 1n, 'job.yaml:13 (for /robot/planner)']);
  });

  it("reads a job's parameters about as fast as the same text as a parameter file (the yaml document: 15 to 20 times as long)", () => {
    const nodes: string[] = [];
    for (let n = 0; n < 5000; n++) {
      nodes.push(`robot_${n}:`, '  ros__parameters:');
      for (let p = 0; p < 40; p++) nodes.push(`    gain_${p}: ${((n + p) * 0.137).toFixed(4)}`);
    }
    const params = `${nodes.join('\n')}\n`;
    const job = `name: large\nparameters:\n${params.replace(/^(?=.)/gm, '  ')}nodes:\n  - script: ${programs}/random-talker.cjs\n`;
    const cpu = (read: () => unknown): number => {
      const before = process.cpuUsage();
      read();
      const { user, system } = process.cpuUsage(before);
      return user + system;
    };
    // In turns, each job text new (a run's parse is kept): the ratio of medians, as the machine's load goes.
    const ratios = [0, 1, 2].map((i) => cpu(() => parseJobFile(`${job}# ${i}\n`, join(tempDir(), 'job.yaml'))) / cpu(() => parseParamsFile(params, 'p.yaml')));
    assert.ok(Math.min(...ratios) < 5, `the job file took ${ratios.map((r) => r.toFixed(1)).join(', ')} times as long`);
  });

  it('reads a job file of 100,000 parameters, for its files and to load it, in a few seconds of CPU', () => {
    const lines = ['name: many', 'parameters:', '  /talker:', '    ros__parameters:'];
    for (let i = 0; i < 100_000; i++) lines.push(`      p${i}: ${i}`);
    const text = `${lines.join('\n')}\nnodes:\n  - script: ${programs}/random-talker.cjs\n`;
    const path = writeTemp(tempDir(), 'job.yaml', text);
    // As a run reads it: the files it names (checked before anything is opened), then the job.
    const before = process.cpuUsage();
    assert.equal(namedFiles(text, path).length, 1);
    const rules = parseJobFile(text, path).parameterRules!;
    const { user, system } = process.cpuUsage(before);
    assert.equal(rules[0]!.overrides.length, 100_000);
    // About a second; minutes while yaml compared every pair of a mapping's keys, once per reading.
    assert.ok(user + system < 20e6, `${(user + system) / 1e6} s of CPU`);
  });
});
