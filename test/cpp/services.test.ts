import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { lastJsonLine, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

const cppFixtures = join(repoRoot, 'test/fixtures/cpp');
const pythonFixtures = join(repoRoot, 'test/fixtures/python');
// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 300_000;

/** A folder with the C++ service, client and parameters programs, and rclpy's adder and asker. */
function programs(): string {
  const dir = tempDir();
  for (const file of ['add_two_ints_server.cpp', 'add_two_ints_client.cpp', 'parameters.cpp']) copyFileSync(join(cppFixtures, file), join(dir, file));
  for (const file of ['adder.py', 'asker.py']) copyFileSync(join(pythonFixtures, file), join(dir, file));
  copyFileSync(join(cppFixtures, 'param_reader.py'), join(dir, 'param_reader.py'));
  return dir;
}

describe('C++ programs: rclcpp services, clients and parameters', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('serves and calls a service as minimal_service and minimal_client do, the same on every run', () => {
    const dir = programs();
    // The server comes up 1.5 s late and answers deferred requests at its timer's next second.
    const job = writeTemp(
      dir,
      'services.yaml',
      'end: { after: 6s }\nnodes:\n  - script: add_two_ints_client.cpp\n  - script: add_two_ints_server.cpp\n    args: [deferred]\n',
    );
    const first = runCli(['run', job, '--json'], dir, BUILD_MS);
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(logLines(first.stderr), [
      '[INFO] [0.000000000] [minimal_client]: service ready at start: no',
      '[INFO] [1.000000000] [minimal_client]: waiting for service to appear...',
      '[INFO] [1.500000000] [minimal_service]: deferred request: 41 + 1',
      '[INFO] [2.500000000] [minimal_client]: result of 41 + 1 = 42 (request 1)',
      '[INFO] [2.500000000] [minimal_service]: deferred request: 2 + 3',
      '[INFO] [3.500000000] [minimal_client]: callback: sum 5',
      '[INFO] [3.500000000] [minimal_client]: answered in callback: yes (request 2)',
      '[INFO] [3.500000000] [minimal_client]: removed: yes, then pruned: 0',
      '[INFO] [3.500000000] [minimal_service]: deferred request: 2 + 3',
      '[INFO] [3.500000000] [minimal_service]: deferred request: 2 + 3',
      '[INFO] [3.510000000] [minimal_client]: within 10 ms: TIMEOUT (2)',
    ]);
    const again = runCli(['run', job, '--json'], dir, BUILD_MS);
    assert.equal(lastJsonLine(again.stdout).fingerprint, lastJsonLine(first.stdout).fingerprint);
  });

  it('calls an rclpy service from rclcpp, and serves an rclpy client', needs('python3'), () => {
    const dir = programs();
    const cppCalls = writeTemp(dir, 'cpp-calls.yaml', 'end: { after: 2s }\nnodes:\n  - script: add_two_ints_client.cpp\n  - script: adder.py\n');
    const calling = runCli(['run', cppCalls], dir, BUILD_MS);
    assert.equal(calling.status, 0, calling.stderr);
    const lines = logLines(calling.stderr);
    assert.ok(lines.includes('[INFO] [0.000000000] [adder]: Incoming request a: 41 b: 1'), lines.join('\n'));
    assert.ok(lines.includes('[INFO] [0.000000000] [minimal_client]: result of 41 + 1 = 42 (request 1)'), lines.join('\n'));
    assert.ok(lines.includes('[INFO] [0.000000000] [minimal_client]: callback: sum 5'), lines.join('\n'));
    const pyCalls = writeTemp(dir, 'py-calls.yaml', 'end: { after: 3s }\nnodes:\n  - script: asker.py\n    args: ["7"]\n  - script: add_two_ints_server.cpp\n');
    const served = runCli(['run', pyCalls], dir, BUILD_MS);
    assert.equal(served.status, 0, served.stderr);
    assert.deepEqual(logLines(served.stderr), [
      '[INFO] [1.000000000] [asker]: service not available, waiting again...',
      '[INFO] [1.500000000] [minimal_service]: request: 2 + 3',
      '[INFO] [1.500000000] [asker]: Result of add_two_ints: for 2 + 3 = 5',
      '[INFO] [1.500000000] [minimal_service]: request: 7 + 1099511627776',
      '[INFO] [1.500000000] [asker]: Result of add_two_ints: for 7 + 1099511627776 = 1099511627783',
    ]);
  });

  it("keeps a node's parameters as rclcpp does: overrides, ranges, refusals, its services, a SyncParametersClient and events", () => {
    const dir = programs();
    writeTemp(dir, 'params.yaml', 'params:\n  ros__parameters:\n    rate: 3.5\n    gains:\n      i: 0.2\n');
    const job = writeTemp(
      dir,
      'parameters.yaml',
      'end: { after: 1s }\nparams_files: [params.yaml]\nnodes:\n  - script: parameters.cpp\n    args: [--ros-args, -p, "count:=6"]\n  - script: parameters.cpp\n    args: [reader]\n',
    );
    const first = runCli(['run', job, '--json'], dir, BUILD_MS);
    assert.equal(first.status, 0, first.stderr);
    const at0 = (node: string, text: string) => `[INFO] [0.000000000] [${node}]: ${text}`;
    assert.deepEqual(logLines(first.stderr), [
      at0('params', 'rate 3.5, count 6, mode fast, robot_name robot, gains.p 1, use_sim_time false'),
      at0('params', "set rate 20.0: refused: Parameter {rate} doesn't comply with floating point range."),
      at0('params', "set rate 2.25: refused: Parameter {rate} doesn't comply with floating point range."),
      at0('params', 'now rate = 4.500000'),
      at0('params', 'set rate 4.5: ok'),
      at0('params', "set count 3: refused: Parameter {count} doesn't comply with integer range."),
      at0('params', 'set count "many": refused: Wrong parameter type, parameter {count} is of type {integer}, setting it to {string} is not allowed.'),
      at0('params', "set mode slow: refused: parameter 'mode' cannot be set because it is read-only"),
      at0('params', 'set robot_name forbidden: refused: that name is not allowed'),
      at0('params', 'now anything = 1.500000'),
      at0('params', 'set anything 1.5: ok'),
      at0('params', "ParameterNotDeclaredException: parameter 'missing' cannot be set because it was not declared"),
      at0('params', "ParameterAlreadyDeclaredException: parameter 'rate' has already been declared"),
      at0('params', "UninitializedStaticallyTypedParameterException: Statically typed parameter 'typed' must be initialized."),
      at0('params', "InvalidParameterTypeException: parameter 'rate' has invalid type: cannot undeclare a statically typed parameter"),
      at0('params', 'get_parameter(missing): false, get_parameter_or: fallback'),
      at0(
        'params',
        'parameters: anything count gains.i gains.p mode qos_overrides./parameter_events.publisher.depth qos_overrides./parameter_events.publisher.durability ' +
          'qos_overrides./parameter_events.publisher.history qos_overrides./parameter_events.publisher.reliability rate robot_name typed use_sim_time',
      ),
      at0('params', "rate: type 3, 'how often, in Hz', from 1 to 10 step 0.5"),
      at0('reader', 'remote rate = 4.500000'),
      at0('reader', 'remote robot_name = robot'),
      at0('reader', 'remote count = 6'),
      at0('reader', 'remote has mode: yes, has nothing: no'),
      at0('reader', 'remote count or 7: 6'),
      at0('params', 'now robot_name = remote'),
      at0('reader', 'event: /params robot_name is now remote'),
      at0('reader', 'remote set: ok '),
      at0('reader', "remote set: refused Parameter {rate} doesn't comply with floating point range."),
      at0('reader', "remote set: refused parameter 'nothing' cannot be set because it was not declared"),
      at0('reader', 'remote types: double, string'),
    ]);
    const again = runCli(['run', job, '--json'], dir, BUILD_MS);
    assert.equal(lastJsonLine(again.stdout).fingerprint, lastJsonLine(first.stdout).fingerprint);
  });

  it("answers an rclpy parameter client's describe and list on its parameter services", needs('python3'), () => {
    const dir = programs();
    const job = writeTemp(dir, 'py-reads.yaml', 'end: { after: 1s }\nnodes:\n  - script: parameters.cpp\n  - script: param_reader.py\n');
    const result = runCli(['run', job], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      logLines(result.stderr).filter((line) => line.includes('[pyreader]')),
      [
        '[INFO] [0.000000000] [pyreader]: rate type 3 fp [rcl_interfaces.msg.FloatingPointRange(from_value=1.0, to_value=10.0, step=0.5)] int [] ro False',
        '[INFO] [0.000000000] [pyreader]: count type 2 fp [] int [rcl_interfaces.msg.IntegerRange(from_value=0, to_value=10, step=2)] ro False',
        "[INFO] [0.000000000] [pyreader]: list ['gains.i', 'gains.p'] ['gains']",
      ],
    );
  });

  it('ends the run as bad input (exit 2) when a declared parameter refuses an override, naming where it came from', () => {
    const dir = programs();
    const outOfRange = runCli(['exec', '--until', '1s', 'parameters.cpp', '--ros-args', '-p', 'count:=11'], dir, BUILD_MS);
    assert.equal(outOfRange.status, 2, outOfRange.stderr);
    assert.match(
      outOfRange.stderr,
      /rclsim: --ros-args -p 'count:=11': parameter 'count' value 11 is not in range \[0, 10\] step 2, as node \/params declares it\n/,
    );
    // rclcpp takes no integer for a double parameter (rclnodejs's convenience is not rclcpp's).
    const wrongType = runCli(['exec', '--until', '1s', 'parameters.cpp', '--ros-args', '-p', 'rate:=5'], dir, BUILD_MS);
    assert.equal(wrongType.status, 2, wrongType.stderr);
    assert.match(wrongType.stderr, /rclsim: parameter 'rate' of node \/params is declared as double, but --ros-args -p 'rate:=5' gives integer 5\n/);
  });

  it("declares a node's overrides and takes undeclared parameters when its NodeOptions say so", () => {
    const dir = programs();
    const result = runCli(['exec', '--until', '1s', 'parameters.cpp', 'options', '--ros-args', '-p', 'level:=2'], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    const qos = ['depth=1000', 'durability=volatile', 'history=keep_last', 'reliability=reliable'].map(
      (p) => ` qos_overrides./parameter_events.publisher.${p}`,
    );
    assert.deepEqual(logLines(result.stderr), [
      `[INFO] [0.000000000] [opts]: declared: extra=3 level=2${qos.join('')} use_sim_time=false`,
      '[INFO] [0.000000000] [opts]: set fresh: ok, has fresh: yes, unknown is not set',
      '[INFO] [0.000000000] [opts]: after setting extra to no value, has extra: no',
    ]);
  });
});
