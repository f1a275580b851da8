import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 900_000;

/** A folder with the one program (lifecycle_rules.cpp) all three roles run: it is compiled once. */
function program(): string {
  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/lifecycle_rules.cpp'), join(dir, 'lifecycle_rules.cpp'));
  return dir;
}

const manager = (time: string, text: string) => `[INFO] [${time}] [manager]: ${text}`;
const managed = (time: string, text: string, level = 'INFO') => `[${level}] [${time}] [managed]: ${text}`;
const event = (time: string, from: string, to: string) => manager(time, `event ${from} -> ${to} (transition 0, stamp 0)`);
const notActivated = (time: string) =>
  `[WARN] [${time}] [LifecyclePublisher]: Trying to publish message on the topic '/data', but the publisher is not activated`;
const notRegistered = 'Transition is not registered., at ./src/rcl_lifecycle.c:355';

describe('C++ programs: rclcpp_lifecycle', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it("walks a LifecycleNode through rcl_lifecycle's machine over its services from another node, the same on every run", () => {
    const dir = program();
    const job = writeTemp(
      dir,
      'job.yaml',
      'end: { after: 60s }\nnodes:\n  - script: lifecycle_rules.cpp\n    args: [managed]\n  - script: lifecycle_rules.cpp\n    args: [manager]\n',
    );
    const first = runCli(['run', job, '--json'], dir, BUILD_MS);
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(logLines(first.stderr), [
      manager(
        '0.000000000',
        'states: 0:unknown 1:unconfigured 2:inactive 3:active 4:finalized 10:configuring 11:cleaningup 12:shuttingdown 13:activating 14:deactivating 15:errorprocessing',
      ),
      manager('0.000000000', 'graph: 25 transitions, last 62 transition_error errorprocessing->finalized'),
      manager('0.000000000', 'available: 1:configure->configuring 5:shutdown->shuttingdown'),
      // Not a transition out of unconfigured, by id and by label: refused, the state unchanged.
      '[WARN] [0.000000000] [rcl_lifecycle]: No transition matching 3 found for current state unconfigured',
      managed('0.000000000', `Unable to start transition 3 from current state unconfigured: ${notRegistered}`, 'ERROR'),
      manager('0.000000000', "change 3 '': false, now 1 unconfigured"),
      '[WARN] [0.000000000] [rcl_lifecycle]: No transition matching deactivate found for current state unconfigured',
      manager('0.000000000', "change 0 'deactivate': false, now 1 unconfigured"),
      // on_configure returns FAILURE: back to unconfigured.
      managed('0.000000000', 'on_configure from unconfigured'),
      event('0.000000000', 'unconfigured', 'configuring'),
      event('0.000000000', 'configuring', 'unconfigured'),
      manager('0.000000000', "change 1 '': false, now 1 unconfigured"),
      managed('0.000000000', 'on_configure from unconfigured'),
      event('0.000000000', 'unconfigured', 'configuring'),
      event('0.000000000', 'configuring', 'inactive'),
      manager('0.000000000', "change 0 'configure': true, now 2 inactive"),
      manager('0.000000000', 'available: 2:cleanup->cleaningup 3:activate->activating 6:shutdown->shuttingdown'),
      // The timer publishes each second; the publisher, not activated, warns once.
      notActivated('1.000000000'),
      // on_activate throws: ERROR, then on_error (SUCCESS) takes the node back to unconfigured.
      managed('2.500000000', 'on_activate from inactive'),
      managed('2.500000000', 'Caught exception in callback for transition 13', 'ERROR'),
      managed('2.500000000', 'Original error: no device', 'ERROR'),
      managed('2.500000000', 'Error occurred while doing error handling.', 'WARN'),
      managed('2.500000000', 'on_error from inactive, now errorprocessing'),
      event('2.500000000', 'inactive', 'activating'),
      event('2.500000000', 'activating', 'errorprocessing'),
      event('2.500000000', 'errorprocessing', 'unconfigured'),
      manager('2.500000000', "change 3 '': false, now 1 unconfigured"),
      managed('2.500000000', 'on_configure from unconfigured'),
      event('2.500000000', 'unconfigured', 'configuring'),
      event('2.500000000', 'configuring', 'inactive'),
      manager('2.500000000', "change 1 '': true, now 2 inactive"),
      managed('2.500000000', 'on_activate from inactive'),
      event('2.500000000', 'inactive', 'activating'),
      event('2.500000000', 'activating', 'active'),
      manager('2.500000000', "change 3 '': true, now 3 active"),
      // Activated: the data gets through, until the node is deactivated (which warns once again).
      manager('3.500000000', 'heard 3'),
      manager('4.500000000', 'heard 4'),
      event('5.000000000', 'active', 'deactivating'),
      event('5.000000000', 'deactivating', 'inactive'),
      manager('5.000000000', "change 4 '': true, now 2 inactive"),
      notActivated('5.500000000'),
      managed('6.500000000', 'on_shutdown from inactive'),
      event('6.500000000', 'inactive', 'shuttingdown'),
      event('6.500000000', 'shuttingdown', 'finalized'),
      manager('6.500000000', "change 0 'shutdown': true, now 4 finalized"),
      manager('6.500000000', 'available:'),
    ]);
    const summary = lastJsonLine(first.stdout);
    // Finalized, the node has no timer left: nothing more to simulate.
    assert.equal(summary.endReason, 'idle');
    const again = runCli(['run', job, '--json'], dir, BUILD_MS);
    assert.equal(lastJsonLine(again.stdout).fingerprint, summary.fingerprint);
    assert.equal(again.stderr, first.stderr);
  });

  it('drives a LifecycleNode from its own code: registered callbacks, return codes, refused transitions, no services', () => {
    const dir = program();
    const run = runCli(['exec', 'lifecycle_rules.cpp', 'local'], dir, BUILD_MS);
    assert.equal(run.status, 0, run.stderr);
    const local = (text: string, level = 'INFO') => `[${level}] [0.000000000] [local]: ${text}`;
    assert.deepEqual(logLines(run.stderr), [
      local('interfaces: clock at 0 ns, graph 1, waitables 1'),
      local('registered on_configure from unconfigured'),
      local('configure: inactive, code 97'),
      // The registered on_cleanup returns FAILURE: the node stays inactive.
      local('cleanup: inactive, code 98'),
      local('activate: active'),
      '[WARN] [0.000000000] [rcl_lifecycle]: No transition matching 1 found for current state active',
      local(`Unable to start transition 1 from current state active: ${notRegistered}`, 'ERROR'),
      local('configure again: active'),
      local('available: 4:deactivate:active->deactivating 7:shutdown:active->shuttingdown'),
      local('states 11, graph 25'),
      // shutdown() finds the shutdown transition of the current state by its label.
      local('shutdown: finalized'),
      '[WARN] [0.000000000] [rcl_lifecycle]: No transition matching 3 found for current state finalized',
      local(`Unable to start transition 3 from current state finalized: ${notRegistered}`, 'ERROR'),
      local('activate when finalized: finalized'),
      // Without the communication interface: no services, but rcl_lifecycle's publisher.
      local('services: 0, event publishers: 1'),
      local('empty label: Lifecycle State cannot have an empty label.'),
      local('no start state: rcl_lifecycle_state_handle is null'),
    ]);
  });
});
