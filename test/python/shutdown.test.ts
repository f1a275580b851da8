import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const pythonFixtures = join(repoRoot, 'test/fixtures/python');

function exec(script: string, ...args: string[]) {
  const dir = tempDir();
  copyFileSync(join(pythonFixtures, script), join(dir, script));
  return runCli(['exec', script, '--until', '1s', '--json', ...args], dir, 60_000);
}

describe("Python programs: the run's end stops them (KeyboardInterrupt, rclpy.ok() false), contexts left to them", needs('python3'), () => {
  it('runs the code after spin() at the last sim time: the except and finally blocks, their logs and prints', () => {
    const result = exec('interrupted.py');
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /^\[INFO\] \[1\.000000000\] \[interrupted\]: KeyboardInterrupt after 10 ticks, rclpy\.ok\(\) False$/m);
    assert.match(result.stdout, /^cleaned up$/m);
    const summary = lastJsonLine(result.stdout);
    assert.equal(summary.endReason, 'end-time');
    assert.deepEqual(summary.warnings, []);
  });

  it("lets it publish there, as topic_monitor's data_publisher does on its KeyboardInterrupt: a run's end is no Ctrl-C, which would have shut the context down first", () => {
    const result = exec('interrupted.py', '--', 'publish-after');
    assert.equal(result.status, 0, result.stderr);
    assert.doesNotMatch(result.stderr, /Traceback|RCLError/);
    assert.match(result.stdout, /^cleaned up$/m);
    const summary = lastJsonLine(result.stdout);
    assert.deepEqual(summary.warnings, []);
    assert.equal(summary.exitCode, 0);
  });

  it("lets the program's own rclpy.shutdown() after its spin end it quietly (turtle_tf2_py's main): its context is still its to shut down", () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'tidy.py',
      'import rclpy\nfrom rclpy.node import Node\n\n\ndef main():\n    rclpy.init()\n    node = Node("tidy")\n    try:\n        rclpy.spin(node)\n' +
        '    except KeyboardInterrupt:\n        pass\n    rclpy.shutdown()\n    print("shut down", flush=True)\n    node.context.shutdown()\n\n\nmain()\n',
    );
    const result = runCli(['exec', 'tidy.py', '--until', '1s', '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^shut down$/m);
    // Its own shutdown was the first; a second one is refused as rclpy refuses it.
    assert.match(result.stderr, /^rclpy\._rclpy_pybind11\.RCLError: failed to shutdown: rcl_shutdown already called on the given context$/m);
    assert.equal(result.stderr.match(/Traceback/g)?.length, 1, result.stderr);
  });

  it('ends a program that does not catch the KeyboardInterrupt quietly, without a traceback', () => {
    const result = exec('spin_only.py');
    assert.equal(result.status, 0, result.stderr);
    assert.doesNotMatch(result.stderr, /Traceback|KeyboardInterrupt/);
    assert.deepEqual(lastJsonLine(result.stdout).warnings, []);
  });

  it("lets the program's process end by itself once its code has (an interpreter under a wrapper such as valgrind finishes its own work) before its process group goes", () => {
    const dir = tempDir();
    copyFileSync(join(pythonFixtures, 'interrupted.py'), join(dir, 'interrupted.py'));
    const wrapper = writeTemp(dir, 'wrapper.sh', '#!/bin/sh\npython3 "$@"\nstatus=$?\nsleep 0.5\necho done > wrapper-ended\nexit $status\n');
    chmodSync(wrapper, 0o755);
    const result = runCli(['exec', 'interrupted.py', '--until', '1s', '--json', '--python', wrapper], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^cleaned up$/m);
    assert.equal(readFileSync(join(dir, 'wrapper-ended'), 'utf8'), 'done\n');
    assert.deepEqual(lastJsonLine(result.stdout).warnings, []);
  });

  it("kills a program that does not end within 10 s of wall time after the run's end (ros2 launch's SIGINT to SIGKILL), with a warning; the run's result stands", () => {
    const result = exec('unstoppable.py');
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(lastJsonLine(result.stdout).warnings, [
      "program unstoppable.py (node /unstoppable) ran its code after the run's end for more than 10000 ms of wall time (ros2 launch's SIGINT to SIGKILL) and was killed at sim time 0.000000000s",
    ]);
  });

  it("gives its code after the run's end the time --callback-timeout sets instead of 10 s", () => {
    // Well short of the 10 s: the program spins for as long as it is let.
    const result = exec('unstoppable.py', '--callback-timeout', '2s');
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(lastJsonLine(result.stdout).warnings, [
      "program unstoppable.py (node /unstoppable) ran its code after the run's end for more than 2000 ms of wall time (--callback-timeout) and was killed at sim time 0.000000000s",
    ]);
  });

  it("names the program whose code after the run's end was running when rclsim is interrupted (exit 130)", async () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'stubborn.py',
      'import rclpy\nrclpy.init()\nnode = rclpy.create_node("stubborn")\nwhile True:\n    try:\n        rclpy.spin(node)\n    except KeyboardInterrupt:\n        print("caught", flush=True)\n',
    );
    const child = spawn(process.execPath, [cliPath, 'exec', 'stubborn.py', '--until', '1s'], { cwd: dir });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    // Once the program says it caught the run's end, rclsim waits for it to end: the interrupt comes then.
    child.stdout.on('data', (data: Buffer) => {
      if (data.toString().includes('caught')) child.kill('SIGINT');
    });
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(status, 130, stderr);
    assert.match(
      stderr,
      /^rclsim: interrupted by SIGINT while program stubborn\.py's code after the run's end at sim time 0\.000000000s had not returned; the trace and recordings are finished$/m,
    );
  });
});
