import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ParameterType } from '../src/rcl/Parameter.js';
import { overridesFor, parseParamsFile } from '../src/rcl/ParamsFile.js';

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
      '    e: [x, y]',
      '',
    ].join('\n');
    assert.deepEqual(values(yaml, '/talker'), { a: 1n, b: 2n });
    assert.deepEqual(values(yaml, '/ns/robot/arm'), { a: 1n, b: 1n, c: true, e: ['x', 'y'] });
    assert.deepEqual(values(yaml, '/ns/left'), { a: 1n, b: 1n, d: [1.5, 2] });
    assert.deepEqual(values(yaml, '/arm'), { a: 1n, b: 1n, e: ['x', 'y'] });
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

  it('reports the file and line of what is wrong', () => {
    assert.throws(() => parseParamsFile('n:\n  ros__parameters:\n    a: [1, x]\n', 'p.yaml'), /p\.yaml:3: parameter 'a': array items must all have one type/);
    assert.throws(() => parseParamsFile('n:\n  ros__parameters:\n    a: []\n', 'p.yaml'), /p\.yaml:3: parameter 'a': an empty array/);
    assert.throws(() => parseParamsFile('n: [1\n', 'p.yaml'), /p\.yaml:\d+: invalid YAML/);
    assert.throws(() => parseParamsFile('n:\n  ros__parameters: 5\n', 'p.yaml'), /p\.yaml:2: 'ros__parameters' must be a mapping/);
    assert.throws(() => parseParamsFile('n:\n  ros__parameters:\n    a: 9223372036854775808\n', 'p.yaml'), /outside the int64 range/);
  });
});
