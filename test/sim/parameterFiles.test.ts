import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paramsFileText } from '../../bench/paramsFileBench.js';
import { ParameterType } from '../../src/ros/Parameter.js';
import { overridesFor, type ParamsRule, parseParamsFile } from '../../src/sim/ParamsFile.js';

/** What a file's rules give: patterns, and each parameter's name, type, value and source. */
const plain = (rules: ParamsRule[]): unknown[] =>
  rules.map((rule) => [rule.pattern, rule.overrides.map((o) => [o.parameter.name, o.parameter.type, o.parameter.value, o.source])]);

/** The same document for the `yaml` library alone: the fast reader leaves a file with a document end marker to it. */
const forTheLibrary = (yaml: string): string => `${yaml}...\n`;

/** The message `reading` throws. */
function messageOf(reading: () => unknown): string {
  try {
    reading();
  } catch (error) {
    return (error as Error).message;
  }
  return assert.fail('it reads without an error');
}

const values = (yaml: string, fqn: string): Record<string, unknown> =>
  Object.fromEntries(overridesFor(parseParamsFile(yaml, 'p.yaml'), fqn).map((o) => [o.parameter.name, o.parameter.value]));

describe('ROS 2 parameter files', () => {
  it('matches plain, namespaced, nested and wildcard node keys; later entries win', () => {
    const yaml = [
      '/**:',
      '  ros__parameters:',
      '    a: 1',
      '    b: 1',
      'talker:',
      '  ros__parameters:',
      '    b: 2',
      '/ns/*/arm:',
      '  ros__parameters:',
      '    c: true',
      'ns:',
      '  left:',
      '    ros__parameters:',
      '      d: [1.5, 2.0]',
      '/**/arm:',
      '  ros__parameters:',
      '    e: [u, v]',
      '',
    ].join('\n');
    assert.deepEqual(values(yaml, '/talker'), { a: 1n, b: 2n });
    assert.deepEqual(values(yaml, '/ns/robot/arm'), { a: 1n, b: 1n, c: true, e: ['u', 'v'] });
    assert.deepEqual(values(yaml, '/ns/left'), { a: 1n, b: 1n, d: [1.5, 2] });
    assert.deepEqual(values(yaml, '/arm'), { a: 1n, b: 1n, e: ['u', 'v'] });
  });

  it('takes a node key given twice as rcl does, each time with its parameters (a job file refuses a repeated key)', () => {
    const yaml = [
      '/**:',
      '  ros__parameters:',
      '    a: 1',
      'ns:',
      '  node:',
      '    ros__parameters:',
      '      b: 1',
      '/**:',
      '  ros__parameters:',
      '    c: 2',
      'ns:',
      '  node:',
      '    ros__parameters:',
      '      b: 3',
      '',
    ].join('\n');
    assert.deepEqual(values(yaml, '/ns/node'), { a: 1n, b: 3n, c: 2n });
    assert.deepEqual(values(yaml, '/other'), { a: 1n, c: 2n });
  });

  it('reads YAML anchors and aliases as the values they name, in parameters and whole node sections', () => {
    const yaml = [
      'common: &common',
      '  ros__parameters:',
      '    rate: &rate 5',
      '    frames: &frames [map, odom]',
      '    copy: *rate',
      'other: *common',
      'third:',
      '  ros__parameters:',
      '    list: *frames',
      '',
    ].join('\n');
    assert.deepEqual(values(yaml, '/common'), { rate: 5n, frames: ['map', 'odom'], copy: 5n });
    assert.deepEqual(values(yaml, '/other'), { rate: 5n, frames: ['map', 'odom'], copy: 5n });
    assert.deepEqual(values(yaml, '/third'), { list: ['map', 'odom'] });
  });

  it('types values as ROS 2 does: integers, doubles, bools, strings and their arrays', () => {
    const rules = parseParamsFile(
      'n:\n  ros__parameters:\n    i: 3\n    d: 3.0\n    b: false\n    s: "3"\n    ia: [1, 2]\n    big: 9007199254740993\n',
      'p.yaml',
    );
    const types = Object.fromEntries(rules[0]!.overrides.map((o) => [o.parameter.name, o.parameter.type]));
    assert.deepEqual(types, {
      i: ParameterType.PARAMETER_INTEGER,
      d: ParameterType.PARAMETER_DOUBLE,
      b: ParameterType.PARAMETER_BOOL,
      s: ParameterType.PARAMETER_STRING,
      ia: ParameterType.PARAMETER_INTEGER_ARRAY,
      big: ParameterType.PARAMETER_INTEGER,
    });
    assert.equal(rules[0]!.overrides.find((o) => o.parameter.name === 'big')!.parameter.value, 9007199254740993n);
  });

  it("types plain values by rcl_yaml_param_parser's rules, not YAML's core schema, in either reader", () => {
    const yaml =
      'n:\n  ros__parameters:\n    y: yes\n    off: Off\n    o: 010\n    e: 08\n    t: ~\n    w: null\n    u: 1_000\n    f: inf\n    big: 9223372036854775808\n    a: [on, n]\n    q: "yes"\n';
    const expected = { y: true, off: false, o: 8n, e: 8, t: '~', w: 'null', u: '1_000', f: Infinity, big: 2 ** 63, a: [true, false], q: 'yes' };
    assert.deepEqual(values(yaml, '/n'), expected);
    assert.deepEqual(values(forTheLibrary(yaml), '/n'), expected);
  });

  it('reports the file and line of what is wrong', () => {
    assert.throws(() => parseParamsFile('n:\n  ros__parameters:\n    a: [1, x]\n', 'p.yaml'), /p\.yaml:3: parameter 'a': array items must all have one type/);
    assert.throws(() => parseParamsFile('n:\n  ros__parameters:\n    a: []\n', 'p.yaml'), /p\.yaml:3: parameter 'a': an empty array/);
    assert.throws(() => parseParamsFile('n: [1\n', 'p.yaml'), /p\.yaml:\d+: invalid YAML/);
    assert.throws(() => parseParamsFile('n:\n  ros__parameters: 5\n', 'p.yaml'), /p\.yaml:2: 'ros__parameters' must be a mapping/);
  });

  it('gives the same rules, sources and messages whether the fast reader or the yaml library reads the file', () => {
    const yaml = [
      '/**:',
      '  ros__parameters:',
      '    i: 3',
      '    d: -1.5e3',
      '    inf: -.inf',
      '    b: True',
      '    s: "3"',
      '    plain: a b # comment',
      '    ia: [1, 0x10, -2]',
      '    da: [.5, 1., 2.0]',
      '    sa:',
      '      - x',
      "      - 'y'",
      '    nested:',
      '      map:',
      '        value: 9007199254740993',
      'ns:',
      '  /robot_*/arm:',
      '    ros__parameters:',
      '      ba: [false, TRUE]',
      '',
    ].join('\n');
    assert.deepEqual(plain(parseParamsFile(yaml, 'p.yaml')), plain(parseParamsFile(forTheLibrary(yaml), 'p.yaml')));
    assert.equal(parseParamsFile(yaml, 'p.yaml')[0]!.overrides.at(-1)!.source, 'p.yaml:16 (for /**)');
    const bad = [
      'n:\n  ros__parameters:\n    a: [1, x]\n',
      'n:\n  ros__parameters:\n    a:\n',
      'n:\n  ros__parameters:\n    a:\n      - [1]\n',
      'n:\n  ros__parameters: 5\n',
      'n:\n  m: [1]\n',
      'n: 1\n',
      '"": 1\n',
      'n:\n  ros__parameters:\n    a: [x, y]\n',
    ];
    for (const text of bad) {
      const fast = messageOf(() => parseParamsFile(text, 'p.yaml'));
      assert.match(fast, /^p\.yaml(:\d+)?: /, text);
      assert.equal(
        fast,
        messageOf(() => parseParamsFile(forTheLibrary(text), 'p.yaml')),
        text,
      );
    }
  });

  it('names the line of a bad field deep inside a large file', () => {
    const lines = paramsFileText(3_000_000).split('\n');
    const deep = lines.findIndex((line, i) => i > lines.length * 0.9 && line.startsWith('      ids_'));
    const name = lines[deep]!.trim().split(':')[0]!;
    lines[deep] = `      ${name}: [1, two]`;
    assert.equal(
      messageOf(() => parseParamsFile(lines.join('\n'), 'big.yaml')),
      `big.yaml:${deep + 1}: parameter '${name}': array items must all have one type, got integer and string`,
    );
  });

  it('names a YAML error anywhere in the file before a bad field', () => {
    const yaml = 'n:\n  ros__parameters:\n    a: [1, two]\n    b: "unclosed\n';
    assert.match(
      messageOf(() => parseParamsFile(yaml, 'p.yaml')),
      /^p\.yaml:\d+: invalid YAML: Missing closing "quote/,
    );
  });
});
