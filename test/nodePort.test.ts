import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rclnodejsClient } from '../src/client/rclnodejs.js';
import * as rclnodejs from '../src/compat/index.js';
import { DirectPort } from '../src/port/DirectPort.js';
import { Simulation } from '../src/rcl/Simulation.js';
import { simulate } from './helpers.js';

/** The part of the rclnodejs API both ways of reaching the simulation offer. */
interface Api {
  createNode(name: string, namespace?: string): ApiNode;
}
interface ApiNode {
  createPublisher(type: string, topic: string, options?: { qos?: unknown }): { publish(message: unknown): void };
  createSubscription(type: string, topic: string, options: { qos?: unknown } | undefined, callback: (message: never) => unknown): unknown;
  createTimer(period: bigint, callback: () => unknown): { cancel(): void; isCanceled(): boolean; timeUntilNextCall(): bigint };
  getLogger(): { info(message: string): boolean };
  createService(type: string, name: string, options: undefined, callback: (request: never, response: { send(response: unknown): void }) => unknown): unknown;
  createClient(
    type: string,
    name: string,
  ): { sendRequest(request: unknown, callback: (response: never) => unknown): void; isServiceServerAvailable(): boolean };
  getFullyQualifiedName(): string;
}

/**
 * A small graph — a talker, a relay that logs, a timer that cancels itself, and a /rosout
 * listener — written once against the rclnodejs API, so the same calls go through the facade
 * or through the client of the node port.
 */
function graph(api: Api, seen: string[]): void {
  const talker = api.createNode('talker', 'robot');
  const relay = api.createNode('relay');
  const watcher = api.createNode('watcher');
  const chatter = talker.createPublisher('std_msgs/msg/String', 'chatter', { qos: 5 });
  const echoed = relay.createPublisher('std_msgs/msg/UInt64', '/echo');
  let count = 0;
  talker.createTimer(100_000_000n, () => chatter.publish({ data: `hello ${count++}` }));
  relay.createSubscription('std_msgs/msg/String', '/robot/chatter', undefined, (message: { data: string }) => {
    relay.getLogger().info(`heard ${message.data}`);
    echoed.publish({ data: BigInt(message.data.length) });
  });
  const once = relay.createTimer(250_000_000n, () => {
    seen.push(`once: until next ${once.timeUntilNextCall()}`);
    once.cancel();
    seen.push(`canceled ${once.isCanceled()}`);
  });
  watcher.createSubscription(
    'rcl_interfaces/msg/Log',
    '/rosout',
    { qos: 'qos_profile_system_default' },
    (log: { name: string; msg: string; function: string; line: number }) => {
      seen.push(`${log.name}: ${log.msg} (${log.function}:${log.line})`);
    },
  );
  // A service answering at once and one answering through its response handle, called from a timer.
  relay.createService('example_interfaces/srv/AddTwoInts', 'add', undefined, (request: { a: bigint; b: bigint }) => ({ sum: request.a + request.b }));
  relay.createService('std_srvs/srv/Trigger', 'trigger', undefined, (_request: never, response) => response.send({ success: true, message: 'done' }));
  const add = talker.createClient('example_interfaces/srv/AddTwoInts', '/add');
  const trigger = talker.createClient('std_srvs/srv/Trigger', '/trigger');
  seen.push(`ready ${add.isServiceServerAvailable()}`);
  talker.createTimer(300_000_000n, () => {
    add.sendRequest({ a: BigInt(count), b: 40n }, (response: { sum: bigint }) => seen.push(`sum ${response.sum}`));
    trigger.sendRequest({}, (response: { message: string }) => seen.push(`trigger ${response.message}`));
  });
  seen.push(talker.getFullyQualifiedName());
}

describe('the node port: the rclnodejs client over DirectPort', () => {
  it('gives the run the facade gives: same fingerprint, callbacks, /rosout records and their callers', async () => {
    const viaFacade: string[] = [];
    const facade = await simulate(() => graph(rclnodejs as unknown as Api, viaFacade), { endAfter: 1_000_000_000n });
    const viaPort: string[] = [];
    const port = await simulate(
      () => {
        const simulation = Simulation.current();
        graph(rclnodejsClient(new DirectPort(simulation, simulation.job)) as unknown as Api, viaPort);
      },
      { endAfter: 1_000_000_000n },
    );
    assert.ok(viaFacade.length > 10, `the graph ran (${viaFacade.length} records)`);
    assert.ok(viaFacade.includes('once: until next 250000000') && viaFacade.includes('canceled true'), viaFacade.join('\n'));
    assert.ok(viaFacade.includes('ready true') && viaFacade.includes('sum 42') && viaFacade.includes('trigger done'), viaFacade.join('\n'));
    assert.ok(
      viaFacade.some((line) => /^relay: heard hello 0 \(.+:\d+\)$/.test(line)),
      viaFacade.join('\n'),
    );
    assert.deepEqual(viaPort, viaFacade);
    assert.equal(port.summary.fingerprint, facade.summary.fingerprint);
    assert.equal(port.summary.callbacks, facade.summary.callbacks);
    assert.deepEqual(
      port.logs.map((record) => record.message),
      facade.logs.map((record) => record.message),
    );
  });
});
