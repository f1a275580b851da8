import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { runExample } from '../../support/exampleRuns.js';
import { cliPath, lastJsonLine, needs, repoRoot, runCli, tempDir } from '../../support/helpers.js';
import { RSLCPP_REFERENCE } from '../../support/rslcppReference.js';

// The examples whose nodes are C++ programs, compiled into the build cache on a machine's first run.

describe('examples: C++ programs', () => {
  it('cpp: an rclcpp talker heard by an rclcpp, an rclpy and an rclnodejs listener 20 ms later, the same under --perturb', needs('C++ toolchain'), () => {
    const result = runCli(['run', 'examples/cpp/job.yaml', '--json'], repoRoot, 240_000);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /^\[INFO\] \[1\.520000000\] \[listener\]: I heard: 'Hello, world! 2' \(20 ms after it was sent\)$/m);
    assert.match(result.stderr, /^\[INFO\] \[1\.520000000\] \[py_listener\]: I heard: "Hello, world! 2" \(20 ms after it was sent\)$/m);
    assert.match(result.stdout, /^I heard: \[Hello, world! 2\] at 1970-01-01T00:00:01\.520Z \(20 ms in transit\)$/m);
    assert.equal(lastJsonLine(result.stdout).messagesDelivered, 9);
    const verified = runCli(['verify', 'examples/cpp/job.yaml', '--runs', '2', '--perturb'], repoRoot, 240_000);
    assert.equal(verified.status, 0, verified.stderr);
    assert.match(verified.stdout, /all 2 runs agree \(perturbed\)/);
  });

  it(
    "cpp-math: a C++ robot's dead reckoning on <cmath>'s functions, correctly rounded as python-math's (check:arch compares other CPUs)",
    needs('C++ toolchain'),
    () => {
      const result = runCli(['run', 'examples/cpp-math/job.yaml', '--json'], repoRoot, 400_000);
      assert.equal(result.status, 0, result.stderr);
      // The same formulas as python-math's, each function correctly rounded in both: the same pose.
      assert.match(result.stderr, /^\[INFO\] \[5\.000000000\] \[odometry\]: x=3\.377399 y=2\.981579 heading=1\.177390 heard=49$/m);
      assert.equal(lastJsonLine(result.stdout).messagesDelivered, 50);
    },
  );

  it('cpp-icp: an ICP odometry reducing in parallel with oneTBB over Eigen, built with rclsim build, the same bits with all CPUs and with one (check:arch compares other CPUs)', {
    ...needs('C++ toolchain'),
    ...needs('oneTBB'),
    ...needs('Eigen'),
  }, () => {
    // A copy of the example, as a user's project: rclsim build writes build/ and install/ beside it.
    const dir = tempDir();
    cpSync(dirname(join(repoRoot, 'examples/cpp-icp/job.yaml')), dir, { recursive: true });
    const build = runCli(['build'], dir, 600_000);
    assert.equal(build.status, 0, build.stderr);
    const run = (command: string[]): Record<string, unknown> => {
      const result = spawnSync(command[0]!, [...command.slice(1), cliPath, 'run', 'job.yaml', '--json'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stderr, /^\[INFO\] \[5\.000000000\] \[icp_odometry\]: x=3\.767470 y=3\.115140 yaw\.z=0\.479408 x bits 400e23c74d9fde31$/m);
      return lastJsonLine(result.stdout);
    };
    const allCpus = run([process.execPath]);
    assert.equal(allCpus.endReason, 'end-time');
    assert.equal(run(['taskset', '-c', '0', process.execPath]).fingerprint, allCpus.fingerprint);
  });

  it(
    'the synthetic benchmark as rclcpp nodes, in one process and each in its own, gives rslcpp’s reference results, callbacks and messages',
    needs('C++ toolchain'),
    () => {
      const oneProcess = runExample('examples/synthetic-benchmark/cpp.yaml').summary;
      assert.deepEqual(oneProcess.results, RSLCPP_REFERENCE);
      const fromFile = runExample('examples/synthetic-benchmark/job.yaml', '--no-fingerprint').summary;
      assert.equal(oneProcess.callbacks, fromFile.callbacks);
      assert.equal(oneProcess.messagesDelivered, fromFile.messagesDelivered);
      const separate = runExample('examples/synthetic-benchmark/cpp-separate.yaml').summary;
      assert.deepEqual(separate.results, oneProcess.results);
      assert.equal(separate.callbacks, oneProcess.callbacks);
      assert.equal(separate.fingerprint, oneProcess.fingerprint, 'the same run whether the nodes share a process or not');
    },
  );

  it('control: the C++ arm tracks its trajectory within 2 mrad at 1 kHz, as the Python monitor and the checks read it, the same fingerprint twice', {
    ...needs('C++ toolchain'),
    ...needs('python3'),
  }, () => {
    const { summary, stderr } = runExample('examples/control/job.yaml');
    assert.match(stderr, /^\[INFO\] \[5\.000000000\] \[monitor\]: tracking error rms 0\.761 mrad, max 1\.367 mrad$/m);
    assert.deepEqual(summary.results, { windows: 50, mean_rms_error_rad: 0.000726299, max_error_rad: 0.00182171 });
    // About 14,400 callbacks per simulated second, the workload.
    assert.equal(summary.callbacks, 72_185);
    const checks = summary.checks as { name: string; held: boolean; evaluations: number }[];
    assert.deepEqual(
      checks.map((check) => [check.name, check.held, check.evaluations]),
      [
        ['tracking', true, 50],
        ['safe', true, 5],
        ['tracking error within max_error', true, 50],
      ],
    );
    assert.equal(runExample('examples/control/job.yaml').summary.fingerprint, summary.fingerprint);
  });
});
