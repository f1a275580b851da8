import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// rclsim's C++ client is built before, in a hook with no time limit; the program is compiled
// once and its modes run from the cache.
const BUILD_MS = 900_000;

/** A folder with the test program (test/fixtures/cpp/qos_events.cpp). */
function folder(): string {
  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/qos_events.cpp'), join(dir, 'qos_events.cpp'));
  return dir;
}

const events = (time: string, text: string, level = 'INFO') => `[${level}] [${time}] [events]: ${text}`;

describe('C++ programs: QoS events, topic statistics, serialization', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  const dir = folder();

  it("runs each event kind's callback with rmw's status, and rclcpp's default incompatible-QoS and -type warnings", () => {
    const run = runCli(['exec', '--until', '1s', 'qos_events.cpp', 'events'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const own = logLines(run.stderr).filter((line) => !line.includes('[rclsim]'));
    assert.deepEqual(own, [
      // deadline, liveliness, incompatible QoS and type (the defaults), matched: five each.
      events('0.000000000', 'handlers: publisher 5 subscription 5'),
      events('0.000000000', 'publisher matched: total 1 change 1 current 1 change 1'),
      events('0.000000000', 'subscription matched: current 1 change 1'),
      // The best-effort publisher warns of each reliable subscription; the one without defaults is silent.
      events(
        '0.000000000',
        "New subscription discovered on topic '/mismatch', requesting incompatible QoS. No messages will be sent to it. Last incompatible policy: RELIABILITY_QOS_POLICY",
        'WARN',
      ),
      events('0.000000000', 'requested incompatible QoS: total 1 policy RELIABILITY_QOS_POLICY'),
      events(
        '0.000000000',
        "New subscription discovered on topic '/mismatch', requesting incompatible QoS. No messages will be sent to it. Last incompatible policy: RELIABILITY_QOS_POLICY",
        'WARN',
      ),
      events('0.000000000', "Incompatible type on topic '/watched', no messages will be sent to it.", 'WARN'),
      events('0.000000000', "Incompatible type on topic '/watched', no messages will be sent to it.", 'WARN'),
      // One sample at 50 ms: alive, then a deadline missed each 100 ms and the 250 ms lease lost.
      events('0.050000000', 'liveliness changed: alive 1 not alive 0 changes 1 0'),
      events('0.150000000', 'offered deadline missed: total 1 change 1'),
      events('0.150000000', 'requested deadline missed: total 1 change 1'),
      events('0.250000000', 'offered deadline missed: total 2 change 1'),
      events('0.250000000', 'requested deadline missed: total 2 change 1'),
      events('0.300000000', 'liveliness lost: total 1 change 1'),
      events('0.300000000', 'liveliness changed: alive 0 not alive 1 changes -1 1'),
      events('0.350000000', 'offered deadline missed: total 3 change 1'),
      events('0.350000000', 'requested deadline missed: total 3 change 1'),
      events('0.450000000', 'offered deadline missed: total 4 change 1'),
      events('0.450000000', 'requested deadline missed: total 4 change 1'),
      events('0.550000000', 'offered deadline missed: total 5 change 1'),
      events('0.550000000', 'requested deadline missed: total 5 change 1'),
      // The subscription goes at 600 ms.
      events('0.600000000', 'publisher matched: total 1 change 0 current 0 change -1'),
    ]);
  });

  it("publishes statistics_msgs/MetricsMessage of message age and period for each window, as rclcpp's collectors measure them", () => {
    // Messages every 100 ms but each third, 20 ms on their way; 500 ms windows.
    const job = writeTemp(
      dir,
      'statistics.yaml',
      'end: { after: 1.1s }\ndelays:\n  /measured: 20ms\nnodes:\n  - script: qos_events.cpp\n    args: [statistics]\n',
    );
    const run = runCli(['run', job], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    // Data types: 1 average, 3 maximum, 2 minimum, 5 sample count, 4 standard deviation.
    // The program's lines (the summary follows them on stdout).
    const metrics = run.stdout.split('\n').filter((line) => line.startsWith('statistics '));
    assert.deepEqual(metrics, [
      'statistics message_age ms [0.000000000, 0.500000000] 1=20.000 3=20.000 2=20.000 5=3.000 4=0.000',
      'statistics message_period ms [0.000000000, 0.500000000] 1=150.000 3=200.000 2=100.000 5=2.000 4=50.000',
      // The period goes on from the previous window's last message.
      'statistics message_age ms [0.500000000, 1.000000000] 1=20.000 3=20.000 2=20.000 5=3.000 4=0.000',
      'statistics message_period ms [0.500000000, 1.000000000] 1=133.333 3=200.000 2=100.000 5=3.000 4=47.140',
    ]);
  });

  it('serializes and deserializes as the simulation carries messages, with capacity, release and adoption', () => {
    const run = runCli(['exec', '--until', '1s', 'qos_events.cpp', 'serialization'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const hello = '00 01 00 00 0e 00 00 00 48 65 6c 6c 6f 20 57 6f 72 6c 64 3a 31 00';
    assert.deepEqual(run.stdout.trim().split('\n'), [
      // rmw's buffer grows from the reserved 21 bytes to the message's 22.
      `serialized (size 22, capacity 22): ${hello}`,
      'deserialized: Hello World:1',
      'released 22 bytes; copy now 0',
      `adopted (size 22, capacity 22): ${hello}`,
      // As Fast DDS delivers it (ros2/demos' README): padded to a multiple of 4.
      `received (size 24, capacity 24): ${hello} 00 00`,
      'received text: Hello World:1',
    ]);
  });
});
