import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Node } from '../../src/client/Node.js';
import { NodeOptions } from '../../src/ros/NodeOptions.js';
import { ParameterOverrideError } from '../../src/ros/NodeParameters.js';
import { FloatingPointRange, IntegerRange, Parameter, ParameterDescriptor, ParameterType } from '../../src/ros/Parameter.js';
import { simulate, tempDir, writeTemp } from '../support/helpers.js';

describe('parameters', () => {
  it('declares use_sim_time as true on every node', async () => {
    await simulate(() => {
      const node = new Node('n');
      assert.equal(node.getParameter('use_sim_time').value, true);
      assert.equal(node.getParameter('use_sim_time').type, ParameterType.PARAMETER_BOOL);
    });
  });

  it('declares, gets, sets, checks and undeclares', async () => {
    await simulate(() => {
      const node = new Node('n');
      const declared = node.declareParameter(new Parameter('rate', ParameterType.PARAMETER_INTEGER, 10));
      assert.equal(declared.value, 10n);
      assert.equal(node.hasParameter('rate'), true);
      assert.throws(() => node.declareParameter(new Parameter('rate', ParameterType.PARAMETER_INTEGER, 1n)), /already declared/);
      assert.deepEqual(node.setParameter(new Parameter('rate', ParameterType.PARAMETER_INTEGER, 20n)), {
        successful: true,
        reason: '',
      });
      assert.equal(node.getParameter('rate').value, 20n);
      const wrongType = node.setParameter(new Parameter('rate', ParameterType.PARAMETER_STRING, 'fast'));
      assert.equal(wrongType.successful, false);
      assert.match(wrongType.reason, /has type integer, got string/);
      assert.equal(node.setParameter(new Parameter('missing', ParameterType.PARAMETER_BOOL, true)).successful, false);
      assert.equal(node.getParameter('missing').type, ParameterType.PARAMETER_NOT_SET);
      node.undeclareParameter('rate');
      assert.equal(node.hasParameter('rate'), false);
      assert.deepEqual(node.getParameterNames(), ['use_sim_time', 'start_type_description_service']);
    });
  });

  it('enforces read-only descriptors and ranges', async () => {
    await simulate(() => {
      const node = new Node('n');
      node.declareParameter(
        new Parameter('model', ParameterType.PARAMETER_STRING, 'x1'),
        new ParameterDescriptor('model', ParameterType.PARAMETER_STRING, 'robot model', true),
      );
      const readOnly = node.setParameter(new Parameter('model', ParameterType.PARAMETER_STRING, 'x2'));
      assert.deepEqual(readOnly, { successful: false, reason: 'Parameter model is readonly' });

      const speed = new ParameterDescriptor('speed', ParameterType.PARAMETER_DOUBLE);
      speed.range = new FloatingPointRange(0, 2, 0.5);
      node.declareParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 1.0), speed);
      assert.equal(node.setParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 1.5)).successful, true);
      assert.equal(node.setParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 1.2)).successful, false);
      assert.equal(node.setParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 2.5)).successful, false);

      const count = new ParameterDescriptor('count', ParameterType.PARAMETER_INTEGER);
      count.range = new IntegerRange(0, 10, 2);
      assert.throws(() => node.declareParameter(new Parameter('count', ParameterType.PARAMETER_INTEGER, 3n), count), /not in range/);
      assert.equal(node.hasParameter('count'), false);
    });
  });

  it('lets set-callbacks veto changes, newest callback first', async () => {
    await simulate(() => {
      const node = new Node('n');
      node.declareParameter(new Parameter('mode', ParameterType.PARAMETER_STRING, 'auto'));
      const calls: string[] = [];
      node.addOnSetParametersCallback((params) => {
        calls.push('first');
        return { successful: params[0]!.value !== 'off', reason: 'off is not allowed' };
      });
      node.addOnSetParametersCallback(() => {
        calls.push('second');
        return { successful: true, reason: '' };
      });
      const result = node.setParameter(new Parameter('mode', ParameterType.PARAMETER_STRING, 'off'));
      assert.deepEqual(result, { successful: false, reason: 'off is not allowed' });
      assert.deepEqual(calls, ['second', 'first']);
      assert.equal(node.getParameter('mode').value, 'auto');
      assert.equal(node.setParametersAtomically([new Parameter('mode', ParameterType.PARAMETER_STRING, 'manual')]).successful, true);
    });
  });

  it('applies overrides from NodeOptions and parameter files, NodeOptions last', async () => {
    const dir = tempDir();
    const file = writeTemp(
      dir,
      'params.yaml',
      [
        '/**:',
        '  ros__parameters:',
        '    gain: 2',
        '    name: all',
        'robot/driver:',
        '  ros__parameters:',
        '    name: driver',
        '    limits:',
        '      max: 3.5',
        '',
      ].join('\n'),
    );
    await simulate(
      () => {
        const options = new NodeOptions();
        options.parameterOverrides = [new Parameter('gain', ParameterType.PARAMETER_DOUBLE, 9.5)];
        const driver = new Node('driver', 'robot', undefined, options);
        assert.equal(driver.declareParameter(new Parameter('gain', ParameterType.PARAMETER_DOUBLE, 1.0)).value, 9.5);
        assert.equal(driver.declareParameter(new Parameter('name', ParameterType.PARAMETER_STRING, 'x')).value, 'driver');
        assert.equal(driver.declareParameter(new Parameter('limits.max', ParameterType.PARAMETER_DOUBLE, 1.0)).value, 3.5);
        const other = new Node('other');
        // An integer from YAML fills a double parameter.
        assert.equal(other.declareParameter(new Parameter('gain', ParameterType.PARAMETER_DOUBLE, 1.0)).value, 2);
        assert.equal(other.declareParameter(new Parameter('name', ParameterType.PARAMETER_STRING, 'x')).value, 'all');
        assert.equal(other.declareParameter(new Parameter('name2', ParameterType.PARAMETER_STRING, 'x'), undefined, true).value, 'x');
        assert.throws(() => other.declareParameter(new Parameter('name', ParameterType.PARAMETER_INTEGER, 1n)), /already declared/);
      },
      { paramsFiles: [file] },
    );
  });

  it('names the file and line of an override whose type does not fit', async () => {
    const dir = tempDir();
    const file = writeTemp(dir, 'bad.yaml', 'n:\n  ros__parameters:\n    count: "three"\n');
    await simulate(
      () => {
        assert.throws(
          () => new Node('n').declareParameter(new Parameter('count', ParameterType.PARAMETER_INTEGER, 1n)),
          (error: Error) => error.message.includes('bad.yaml:3') && /declared as integer, but .* gives string three/.test(error.message),
        );
      },
      { paramsFiles: [file] },
    );
  });

  it('refuses an override outside the declared range as bad input naming its line, which a program may catch', async () => {
    const dir = tempDir();
    const file = writeTemp(dir, 'range.yaml', 'n:\n  ros__parameters:\n    count: 5\n');
    await simulate(
      () => {
        const node = new Node('n');
        const count = new ParameterDescriptor('count', ParameterType.PARAMETER_INTEGER);
        count.range = new IntegerRange(0, 4, 1);
        const declare = (ignoreOverride: boolean): Parameter =>
          node.declareParameter(new Parameter('count', ParameterType.PARAMETER_INTEGER, 1n), count, ignoreOverride);
        assert.throws(
          () => declare(false),
          (error: Error) =>
            error instanceof ParameterOverrideError && /range\.yaml:3 \(for \/n\): parameter 'count' value 5 is not in range \[0, 4\]/.test(error.message),
        );
        assert.equal(node.hasParameter('count'), false);
        assert.equal(declare(true).value, 1n);
      },
      { paramsFiles: [file] },
    );
  });

  it('declares every override automatically when NodeOptions asks for it', async () => {
    await simulate(() => {
      const options = new NodeOptions();
      options.parameterOverrides = [new Parameter('a', ParameterType.PARAMETER_BOOL, true)];
      options.automaticallyDeclareParametersFromOverrides = true;
      assert.equal(new Node('n', '', undefined, options).getParameter('a').value, true);
    });
  });
});
