import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Node } from '../../src/client/Node.js';
import rclnodejs from '../../src/compat/index.js';
import type { Message } from '../../src/interfaces/plainMessages.js';
import { NodeOptions } from '../../src/ros/NodeOptions.js';
import { Parameter, ParameterType } from '../../src/ros/Parameter.js';
import { MS, SECOND, simulate } from '../support/helpers.js';

describe('parameter services and events', () => {
  it('serves every node’s parameters to parameter clients: get, set, list, describe, types', async () => {
    const log: unknown[] = [];
    await simulate(
      () => {
        const robot = new Node('driver', '/robot');
        robot.declareParameter(new Parameter('speed', ParameterType.PARAMETER_DOUBLE, 1.5));
        robot.declareParameter(new Parameter('limits.max', ParameterType.PARAMETER_INTEGER, 10n));
        robot.declareParameter(new Parameter('limits.min', ParameterType.PARAMETER_INTEGER, 0n));
        const tool = new Node('tool');
        const client = tool.createParameterClient('/robot/driver');
        void (async () => {
          assert.equal(await client.waitForService(100), true);
          const speed = await client.getParameter('speed');
          log.push(`speed ${speed.value} (${speed.type})`);
          log.push(await client.setParameter('speed', 3));
          log.push(await client.setParameter('speed', 2.5));
          log.push(await client.listParameters({ prefixes: ['limits'] }));
          // rclcpp's depth: fewer than `depth` separators (after the prefix, when there is one).
          log.push(await client.listParameters({ prefixes: ['limits'], depth: 1 }));
          log.push(await client.listParameters({ prefixes: ['limits'], depth: 2 }));
          log.push((await client.listParameters({ depth: 1 })).names.filter((name) => !name.startsWith('qos')));
          log.push(await client.getParameterTypes(['limits.max', 'missing']));
          const [descriptor] = await client.describeParameters(['speed']);
          log.push(`${descriptor!.name} type ${descriptor!.type}`);
          await assert.rejects(
            client.getParameter('missing'),
            (error: unknown) => error instanceof rclnodejs.ParameterNotFoundError && error.message === "Parameter 'missing' not found on node 'robot/driver'",
          );
          log.push((await client.getParameters(['speed', 'missing'])).map((p) => p.name));
          log.push(`speed is now ${robot.getParameter('speed').value} at ${tool.now().nanoseconds / MS} ms`);
        })();
      },
      { endAfter: SECOND },
    );
    assert.deepEqual(log, [
      'speed 1.5 (3)',
      { name: 'speed', successful: false, reason: "parameter 'speed' has type double, got integer (3)" },
      { name: 'speed', successful: true, reason: '' },
      { names: ['limits.max', 'limits.min'], prefixes: ['limits'] },
      { names: [], prefixes: [] },
      { names: ['limits.max', 'limits.min'], prefixes: ['limits'] },
      ['use_sim_time', 'start_type_description_service', 'speed'],
      [2, 0],
      'speed type 3',
      ['speed'],
      'speed is now 2.5 at 0 ms',
    ]);
  });

  it('publishes /parameter_events for declarations, changes and undeclarations; watchers see them', async () => {
    const events: string[] = [];
    const changes: string[] = [];
    await simulate(
      () => {
        const listener = new Node('listener');
        listener.createSubscription('rcl_interfaces/msg/ParameterEvent', '/parameter_events', (event) => {
          const names = (key: 'new_parameters' | 'changed_parameters' | 'deleted_parameters'): string => event[key].map((p) => p.name).join(',');
          events.push(`${event.node}: +${names('new_parameters')} ~${names('changed_parameters')} -${names('deleted_parameters')}`);
        });
        const watched = new Node('watched');
        const watcher = new rclnodejs.ParameterWatcher(listener, 'watched', ['gain']);
        void watcher.start(100).then((started) => {
          assert.equal(started, true);
          watcher.on('change', (parameters: Message[]) => changes.push(parameters.map((p) => p.name).join(',')));
        });
        listener.createTimer(10n * MS, () => {
          watched.declareParameter(new Parameter('gain', ParameterType.PARAMETER_DOUBLE, 1.0));
          watched.declareParameter(new Parameter('other', ParameterType.PARAMETER_BOOL, true));
          watched.setParameter(new Parameter('gain', ParameterType.PARAMETER_DOUBLE, 2.0));
          watched.undeclareParameter('other');
        });
        const quiet = new NodeOptions();
        quiet.startParameterServices = false;
        new Node('quiet', '', undefined, quiet).declareParameter(new Parameter('x', ParameterType.PARAMETER_BOOL, true));
      },
      { endAfter: 15n * MS },
    );
    assert.deepEqual(events, [
      '/watched: +use_sim_time ~ -',
      '/watched: +start_type_description_service ~ -',
      '/watched: +gain ~ -',
      '/watched: +other ~ -',
      '/watched: + ~gain -',
      '/watched: + ~ -other',
    ]);
    assert.deepEqual(changes, ['gain', 'gain']);
  });
});
