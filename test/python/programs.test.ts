import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readWithOracle } from '../support/bagOracle.js';
import { lastJsonLine, logLines, needs, repoRoot, runCli, runCliAsync, tempDir, writeTemp } from '../support/helpers.js';

const pythonFixtures = join(repoRoot, 'test/fixtures/python');
const separateFixtures = join(repoRoot, 'test/fixtures/separate');

/** A folder with the Python fixture programs and the JavaScript talker and listener. */
function programs(): string {
  const dir = tempDir();
  for (const file of readdirSync(pythonFixtures).filter((name) => name.endsWith('.py'))) copyFileSync(join(pythonFixtures, file), join(dir, file));
  for (const file of ['talker.cjs', 'listener.cjs']) copyFileSync(join(separateFixtures, file), join(dir, file));
  // The rclpy talker is the example's (a timer publishing "Hello World: n" every 0.5 s).
  copyFileSync(join(repoRoot, 'examples/python/talker.py'), join(dir, 'talker.py'));
  return dir;
}

/**
 * The Python interpreters of 3.10 or newer this machine has, one per version: python3.1x on the
 * PATH, and those pyenv installed (named by their path).
 */
function pythonInterpreters(): string[] {
  const found = new Map<string, string>();
  const version = (command: string): string | null => {
    const result = spawnSync(command, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' });
    return result.status === 0 ? result.stdout.trim() : null;
  };
  const pyenvRoot = spawnSync('pyenv', ['root'], { encoding: 'utf8' });
  const pyenvVersions = pyenvRoot.status === 0 ? join(pyenvRoot.stdout.trim(), 'versions') : null;
  const candidates = [
    ...[10, 11, 12, 13].map((minor) => `python3.${minor}`),
    ...(pyenvVersions !== null && existsSync(pyenvVersions) ? readdirSync(pyenvVersions).map((name) => join(pyenvVersions, name, 'bin/python3')) : []),
  ];
  for (const command of candidates) {
    const v = version(command);
    if (v !== null && Number(v.split('.')[1]) >= 10 && !found.has(v)) found.set(v, command);
  }
  return [...found.values()];
}

describe('Python programs: unmodified rclpy nodes in the simulation', needs('python3'), () => {
  it('runs an rclpy talker, heard by an rclpy and an rclnodejs listener, the same on every run', () => {
    const dir = programs();
    const job = writeTemp(
      dir,
      'mixed.yaml',
      'end: { after: 2s }\nnodes:\n  - script: talker.py\n  - script: listener.cjs\n  - script: listener.py\n    name: py_listener\n',
    );
    const first = runCli(['run', job, '--json'], dir, 60_000);
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(logLines(first.stderr).slice(0, 4), [
      '[INFO] [0.500000000] [talker]: Publishing: "Hello World: 0"',
      '[INFO] [0.500000000] [py_listener]: I heard: "Hello World: 0"',
      '[INFO] [1.000000000] [talker]: Publishing: "Hello World: 1"',
      '[INFO] [1.000000000] [py_listener]: I heard: "Hello World: 1"',
    ]);
    // The Python listener's print, and the rclnodejs listener's MessageInfo, in the order they ran:
    // each Python program's nodes run in its own rclpy executor, whose turns follow the talker's
    // before the events executor's turn comes round again.
    assert.match(first.stdout, /^stdout: Hello World: 3\nheard Hello World: 3 sent 2000000000 received 2000000000 #4$/m);
    const summary = lastJsonLine(first.stdout);
    assert.equal(summary.callbacks, 12);
    assert.equal(summary.messagesDelivered, 8);
    const again = runCli(['run', job, '--json'], dir, 60_000);
    assert.equal(lastJsonLine(again.stdout).fingerprint, summary.fingerprint);
    assert.equal(again.stderr, first.stderr);
  });

  it('records what an rclpy publisher publishes as a bag both independent readers read', async () => {
    const dir = programs();
    const job = writeTemp(dir, 'job.yaml', 'end: { after: 2s }\nnodes:\n  - script: talker.py\nrecord:\n  path: out\n  topics: [/chatter]\n');
    const result = runCli(['run', job], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    const bag = readdirSync(join(dir, 'out')).find((file) => file.endsWith('.mcap'));
    const reading = await readWithOracle(join(dir, 'out', bag!));
    assert.deepEqual(
      reading.messages.map((m) => [m.topic, m.type, m.log_time, (m.message as { data: string }).data]),
      [0, 1, 2, 3].map((i) => ['/chatter', 'std_msgs/msg/String', String((i + 1) * 500_000_000), `Hello World: ${i}`]),
    );
  });

  it('delivers an rclnodejs talker to an rclpy listener', () => {
    const dir = programs();
    const job = writeTemp(dir, 'job.yaml', 'end: { after: 1s }\nnodes:\n  - script: talker.cjs\n  - script: listener.py\n');
    const result = runCli(['run', job], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      result.stdout.split('\n').filter((line) => line.startsWith('stdout:')),
      ['hello 0', 'hello 1', 'hello 2', 'hello 3'].map((text) => `stdout: ${text}`),
    );
    assert.match(result.stderr, /^\[INFO\] \[1\.000000000\] \[listener\]: I heard: "hello 3"$/m);
  });

  it('hands a subscription callback the message alone or with its info as rclpy binds it: a default argument keeps it alone', () => {
    const dir = programs();
    const job = writeTemp(dir, 'job.yaml', 'end: { after: 600ms }\nnodes:\n  - script: talker.cjs\n  - script: callback_shapes.py\n');
    const result = runCli(['run', job], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    const said = result.stdout.split('\n').filter((line) => /^(alone|with|refused)/.test(line));
    assert.deepEqual(said, [
      'refused: Subscription.__init__(): callback should be either be callable with one argument(to get only the message) or two (to get message and message info)',
      ...['hello 0', 'hello 1'].flatMap((text) => [`alone ${text}`, `with default ${text} default`, `with info ${text} dict`]),
    ]);
  });

  it('calls services across programs and languages: wait_for_service, call_async, spin_until_future_complete', () => {
    const dir = programs();
    // The asker starts first and waits (in sim time) for the adder; then asks the rclnodejs listener's 'add'.
    const job = writeTemp(
      dir,
      'job.yaml',
      'nodes:\n  - script: asker.py\n    args: ["40"]\n  - script: adder.py\n  - script: asker.py\n    name: js_asker\n    args: ["7", "--ros-args", "-r", "add_two_ints:=add"]\n  - script: listener.cjs\n',
    );
    const result = runCli(['run', job, '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    const lines = logLines(result.stderr);
    assert.ok(lines.includes('[INFO] [0.000000000] [asker]: Result of add_two_ints: for 40 + 1099511627776 = 1099511627816'), lines.join('\n'));
    assert.ok(lines.includes('[INFO] [0.000000000] [js_asker]: Result of add_two_ints: for 7 + 1099511627776 = 1099511627783'), lines.join('\n'));
    assert.ok(lines.includes('[INFO] [0.000000000] [adder]: Incoming request a: 2 b: 3'), lines.join('\n'));
    assert.equal(lastJsonLine(result.stdout).endReason, 'idle');
  });

  it('declares, checks and sets parameters, takes QoS overrides from parameters and warns of incompatible QoS as rclpy does', () => {
    const dir = programs();
    const overrides = [
      '-p',
      'speed:=3.5',
      '-p',
      'wheels:=four',
      '-p',
      'qos_overrides./news.publisher.depth:=7',
      '-p',
      'qos_overrides./news.publisher.reliability:=best_effort',
    ];
    const result = runCli(['exec', 'settings.py', '--ros-args', ...overrides], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), [
      '[INFO] [0.000000000] [settings]: speed 3.5',
      "[INFO] [0.000000000] [settings]: set speed 2.0: True '' -> 2.0",
      "[INFO] [0.000000000] [settings]: set speed 20.0: False 'too fast' -> 2.0",
      '[INFO] [0.000000000] [settings]: ParameterNotDeclaredException: Invalid access to undeclared parameter(s): missing',
      // rclpy's descriptor checks: step and range, read-only, dynamic and static typing.
      "[INFO] [0.000000000] [settings]: set gear 3: False 'The parameter value for gear is not a valid step. Min: 0, max: 10, value: 3, step: 2' -> 2",
      "[INFO] [0.000000000] [settings]: set gear 12: False 'Parameter gear out of range. Min: 0, Max: 10, value: 12' -> 2",
      "[INFO] [0.000000000] [settings]: set model 'x2': False 'Trying to set a read-only parameter: model.' -> 'x1'",
      "[INFO] [0.000000000] [settings]: set label 'one': True '' -> 'one'",
      `[INFO] [0.000000000] [settings]: set speed 'fast': False "Wrong parameter type, expected 'Type.DOUBLE' got 'Type.STRING'" -> 2.0`,
      '[INFO] [0.000000000] [settings]: ParameterImmutableException: Attempted to modify read-only parameter: model',
      "[INFO] [0.000000000] [settings]: ParameterAlreadyDeclaredException: Parameter(s) already declared: ['model']",
      "[INFO] [0.000000000] [settings]: InvalidParameterTypeException: Trying to set parameter 'wheels' to 'four' of type 'STRING', expecting type 'INTEGER': wheels",
      // rclpy declares use_sim_time false; the ROS clock reads sim time either way.
      '[INFO] [0.000000000] [settings]: use_sim_time False',
      // rcl's errors for a graph query by node: a missing node (rmw sets no message), a bad namespace.
      '[INFO] [0.000000000] [settings]: NodeNameNonExistentError: cannot get publisher names and types for nonexistent node: error not set',
      "[INFO] [0.000000000] [settings]: RCLError: failed to get service names and types: namespace must be absolute, it must lead with a '/', result: 2",
      '[INFO] [0.000000000] [settings]: news publisher: depth 7 reliability BEST_EFFORT',
      "[INFO] [0.000000000] [settings]: serialized 0001000003000000686900 -> 'hi'",
      '[WARN] [0.000000000] [rclsim]: incompatible QoS on topic /news: publisher of node /settings and subscription of node /settings (last incompatible policy: RELIABILITY); no messages will be delivered',
      "[WARN] [0.000000000] [settings]: New subscription discovered on topic '/news', requesting incompatible QoS. No messages will be sent to it. Last incompatible policy: RELIABILITY_QOS_POLICY",
    ]);
  });

  it("runs the docs' parameters-in-a-class program, which names Parameter through the package (rclpy.Parameter, as Jazzy re-exports it)", () => {
    const dir = programs();
    const result = runCli(['exec', 'class_parameters.py', '--until', '2.5s', '--ros-args', '-p', 'my_parameter:=earth'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), ['[INFO] [1.000000000] [parameter_node]: Hello earth!', '[INFO] [2.000000000] [parameter_node]: Hello world!']);
  });

  it("reads a node's -p arguments and params files in the order given, as rcl does: the later one wins", () => {
    const dir = tempDir();
    writeTemp(dir, 'p.yaml', '/**:\n  ros__parameters:\n    a: 2\n    b: 2\n');
    const program = [
      'import rclpy',
      'from rclpy.node import Node',
      'rclpy.init()',
      "node = Node('order', cli_args=['--ros-args', '-p', 'a:=1', '-p', 'b:=1', '--params-file', 'p.yaml', '-p', 'b:=3'])",
      "print(node.declare_parameter('a', 0).value, node.declare_parameter('b', 0).value)",
    ];
    const result = runCli(['exec', writeTemp(dir, 'order.py', `${program.join('\n')}\n`)], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '2 3\n');
  });

  it('gives the program sim time, its own seeded randomness, the simulation CPU count and a fixed hash order', () => {
    const dir = programs();
    const seeded = (seed: string): string[] => {
      const result = runCli(['exec', 'machine.py', '--seed', seed], dir, 60_000);
      assert.equal(result.status, 0, result.stderr);
      return result.stdout.trim().split('\n');
    };
    const first = seeded('3');
    assert.deepEqual(seeded('3'), first);
    assert.equal(first[0], 'cpus 4 4');
    assert.ok(first.includes('time 1.5 1500000000 1.5'), first.join('\n'));
    assert.ok(first.includes('now 1970-01-01T00:00:01.500000 1970-01-01T00:00:01.500000+00:00'), first.join('\n'));
    assert.ok(first.includes('slept 0.25'), first.join('\n'));
    const other = seeded('4');
    const drawn = (lines: string[]): string[] => lines.filter((line) => /^(random|uuid|urandom) /.test(line));
    assert.equal(drawn(first).length, 3);
    for (const [i, line] of drawn(other).entries()) assert.notEqual(line, drawn(first)[i]);
  });

  it('gives two entries of one script that the job names apart streams of their own', () => {
    const dir = programs();
    const job = writeTemp(dir, 'job.yaml', 'nodes:\n  - script: machine.py\n    namespace: /robot1\n  - script: machine.py\n    namespace: /robot2\n');
    const draws = (): string[][] => {
      const result = runCli(['run', job], dir, 60_000);
      assert.equal(result.status, 0, result.stderr);
      const lines = result.stdout.split('\n').filter((line) => /^(random|uuid) /.test(line));
      return [lines.slice(0, 2), lines.slice(2, 4)];
    };
    const [first, second] = draws();
    assert.equal(first!.length, 2);
    for (const [i, line] of first!.entries()) assert.notEqual(line, second![i]);
    assert.deepEqual(draws(), [first, second]);
  });

  it('gives the same run on every Python 3.10 or newer this machine has', (t) => {
    const interpreters = pythonInterpreters();
    if (interpreters.length < 2) {
      t.skip(`one Python 3.10+ here (${interpreters.join(', ')}): nothing to compare`);
      return;
    }
    const dir = programs();
    const job = writeTemp(
      dir,
      'job.yaml',
      'end: { after: 2s }\nnodes:\n  - script: talker.py\n  - script: listener.py\n  - script: asker.py\n    args: ["5"]\n  - script: adder.py\n',
    );
    const runs = interpreters.map((python) => {
      const own = runCli(['exec', '--python', python, 'machine.py', '--seed', '9'], dir, 60_000);
      assert.equal(own.status, 0, `${python}: ${own.stderr}`);
      writeTemp(dir, 'named.yaml', readFileSync(job, 'utf8').replace('end:', `python: ${python}\nend:`));
      const named = runCli(['run', join(dir, 'named.yaml'), '--json'], dir, 60_000);
      assert.equal(named.status, 0, `${python}: ${named.stderr}`);
      // A set of strings iterates in the order of its hashes, which Python 3.11 changed (SipHash-1-3).
      return { fingerprint: lastJsonLine(named.stdout).fingerprint, machine: own.stdout.split('\n').filter((line) => !line.startsWith('set ')) };
    });
    for (const [i, run] of runs.entries()) {
      assert.equal(run.fingerprint, runs[0]!.fingerprint, interpreters[i]);
      assert.deepEqual(run.machine, runs[0]!.machine, interpreters[i]);
    }
  });

  it('runs an rclpy program driven by asyncio in sim time: asyncio.sleep waits in the simulation, an awaited call_async resumes its coroutine', () => {
    const dir = programs();
    const first = runCli(['exec', 'asyncio_user.py', '--json'], dir, 60_000);
    assert.equal(first.status, 0, first.stderr);
    // spin_once(timeout_sec=0.01) then asyncio.sleep(0.005): the request is served in the
    // spin_once from 105 ms, the response taken in the one from 110 ms, and the awaiting coroutine
    // sees its future done at once (rclpy's __await__ polls it), not a task's turn later.
    assert.match(first.stdout, /^asked at 100 ms, sum 3 at 110 ms$/m);
    const again = runCli(['exec', 'asyncio_user.py', '--json'], dir, 60_000);
    assert.equal(lastJsonLine(again.stdout).fingerprint, lastJsonLine(first.stdout).fingerprint);
  });

  it("publishes a service's and a client's events on <service>/_service_event once introspection is configured, with the contents or the metadata asked", () => {
    const result = runCli(['exec', 'introspected.py'], programs(), 60_000);
    assert.equal(result.status, 0, result.stderr);
    // Request sent (client, metadata), received (service, contents: the request), response sent (the response), received (metadata).
    assert.match(result.stdout, /^sum 5; events 0:00 1:10 2:01 3:00$/m);
  });

  it('ends a failing program with one line and the documented exit code', () => {
    const dir = programs();
    const raised = runCli(['exec', 'failures.py', 'raise'], dir, 60_000);
    assert.equal(raised.status, 3);
    assert.match(raised.stderr, /^rclsim: timer 0 of node \/failures threw at sim time 0\.500000000s: ValueError: no value at this tick$/m);
    const exited = runCli(['exec', 'failures.py', 'exit', '--json'], dir, 60_000);
    assert.equal(exited.status, 5);
    assert.equal(lastJsonLine(exited.stdout).exitCode, 5);
    const whose = (code: number): RegExp =>
      new RegExp(
        `^\\[WARN\\] \\[0\\.500000000\\] \\[rclsim\\]: program failures\\.py \\(node /failures\\) exited with code ${code} at sim time 0\\.500000000s; the run ends with its code \\(on_exit: fail\\)$`,
        'm',
      );
    assert.match(exited.stderr, whose(5));
    // sys.exit with a message prints it and exits 1, as Python does.
    const told = runCli(['exec', 'failures.py', 'exit-message'], dir, 60_000);
    assert.equal(told.status, 1);
    assert.match(told.stderr, /^giving up at this tick$/m);
    assert.match(told.stderr, whose(1));
    // A program that closes its socket: one line from the client, not its traceback, and the run's line.
    const closed = runCli(['exec', 'failures.py', 'close-port'], dir, 60_000);
    assert.equal(closed.status, 3);
    assert.deepEqual(closed.stderr.trim().split('\n'), [
      'rclsim: the program closed file descriptor 3, its socket to the simulation, and cannot go on',
      'rclsim: program failures.py (node /failures) exited with code 1 at sim time 0.500000000s',
    ]);
    const killed = runCli(['exec', 'failures.py', 'kill'], dir, 60_000);
    assert.equal(killed.status, 7);
    assert.match(killed.stderr, /^rclsim: program failures\.py \(node \/failures\) was killed by SIGKILL at sim time 0\.500000000s$/m);
    // A loop waiting for the clock to move would spin for ever in sim time: it is ended, named.
    const busy = runCli(['exec', 'failures.py', 'busy'], dir, 60_000);
    assert.equal(busy.status, 3);
    assert.equal(
      busy.stderr,
      "rclsim: program failures.py (node /failures) read the clock 2,000,000 times in thread 'MainThread' without waiting (sim time moves only while the program waits: time.sleep, a Rate, rclpy.spin; docs/python.md) at sim time 0.000000000s\n",
    );
    writeTemp(dir, 'broken.py', 'import rclpy\ndef f(:\n    pass\n');
    const broken = runCli(['exec', 'broken.py'], dir, 60_000);
    assert.equal(broken.status, 2);
    assert.equal(broken.stderr, 'rclsim: broken.py: cannot load program broken.py: SyntaxError: invalid syntax (broken.py, line 2)\n');
    const noPython = runCli(['exec', '--python', 'python-not-here', 'talker.py'], dir, 60_000);
    assert.equal(noPython.status, 2);
    assert.equal(noPython.stderr, "rclsim: talker.py: cannot start talker.py: 'python-not-here' is not a command this machine can run\n");
  });

  it('ends a program that meets bad input as it starts (an override its parameter refuses, a params file) as bad input, naming the source, unless it catches it', async () => {
    const dir = programs();
    writeTemp(dir, 'range.yaml', 'ranged:\n  ros__parameters:\n    period_ms: 5\n');
    writeTemp(dir, 'rate.yaml', 'ranged:\n  ros__parameters:\n    rate: "fast"\n');
    const ranged = (how: string, ...rosArgs: string[]) => runCliAsync(['exec', 'ranged.py', how, '--ros-args', ...rosArgs], dir);
    const [late, caught, missing] = await Promise.all([
      // The later of -p and the params file wins, as rcl has it.
      ranged('raises', '-p', 'period_ms:=300', '--params-file', 'range.yaml'),
      ranged('catches', '-p', 'period_ms:=5', '--params-file', 'rate.yaml'),
      ranged('raises', '--params-file', 'nope.yaml'),
    ]);
    const lines = (result: { stderr: string }): string[] => result.stderr.split('\n').filter((line) => line.startsWith('rclsim: '));
    assert.equal(late.status, 2, late.stderr);
    assert.deepEqual(lines(late), [
      "rclsim: range.yaml:3 (for /ranged): parameter 'period_ms' value 5 is not in range [100, 2000] step 100, as node /ranged declares it",
    ]);
    // Caught, rclpy's exception lets the program go on; the next one, wrapped in the program's own error, ends it.
    assert.equal(caught.status, 2, caught.stderr);
    assert.equal(caught.stdout, 'InvalidParameterValueException\nperiod 500\n');
    assert.deepEqual(lines(caught), ["rclsim: parameter 'rate' of node /ranged is declared as integer, but rate.yaml:3 (for /ranged) gives string fast"]);
    assert.equal(missing.status, 2, missing.stderr);
    assert.match(lines(missing).join('\n'), /^rclsim: nope\.yaml: cannot read parameter file/);
  });

  it('runs a Python module as the program, as python3 -m does (rclsim exec -m)', () => {
    const dir = programs();
    mkdirSync(join(dir, 'beeper'));
    writeTemp(dir, 'beeper/__init__.py', '');
    writeTemp(
      dir,
      'beeper/__main__.py',
      'import sys\nimport rclpy\n\nrclpy.init()\nnode = rclpy.create_node("beeper")\n' +
        'count = int(sys.argv[1])\nprint("argv", sys.argv[0].endswith("beeper/__main__.py"), sys.argv[1:])\n' +
        'node.create_timer(0.1, lambda: node.get_logger().info("beep"))\nrclpy.spin_once(node)\nfor _ in range(count - 1):\n    rclpy.spin_once(node)\n',
    );
    const result = runCli(['exec', '-m', 'beeper', '3', '--json'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^argv True \['3'\]$/m);
    assert.deepEqual(logLines(result.stderr), [
      '[INFO] [0.100000000] [beeper]: beep',
      '[INFO] [0.200000000] [beeper]: beep',
      '[INFO] [0.300000000] [beeper]: beep',
    ]);
    const missing = runCli(['exec', '-m', 'no_such_module'], dir, 60_000);
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, 'rclsim: -m no_such_module: cannot load program no_such_module: ImportError: No module named no_such_module\n');
  });

  it('runs a program that uses an interface package of its own, named by exec --interfaces as a job names it', () => {
    const dir = programs();
    mkdirSync(join(dir, 'pkgs/my_msgs/msg'), { recursive: true });
    writeTemp(dir, 'pkgs/my_msgs/msg/Reading.msg', 'float64 value\nstring label "none"\n');
    const result = runCli(['exec', 'reader.py', '--until', '0.25s', '--interfaces', 'pkgs'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(logLines(result.stderr), ['[INFO] [0.100000000] [reader]: none 1.5', '[INFO] [0.200000000] [reader]: none 1.5']);
    const missing = runCli(['exec', 'reader.py', '--interfaces', 'nope'], dir, 60_000);
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, 'rclsim: --interfaces nope: no such folder\n');
  });

  it('takes the interpreter from the job file, and refuses a Python program in rclsim process', () => {
    const dir = programs();
    const named = writeTemp(
      dir,
      'named.yaml',
      'python: python-not-here\nend: { after: 1s }\nnodes:\n  - script: talker.py\n    python: python3\n  - script: listener.py\n',
    );
    const result = runCli(['run', named], dir, 60_000);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^rclsim: \S*named\.yaml:6: cannot start listener\.py: 'python-not-here' is not a command this machine can run$/m);
    const inProcess = writeTemp(dir, 'in-process.yaml', 'nodes:\n  - script: talker.py\n    process: in-process\n');
    const refused = runCli(['run', inProcess], dir, 60_000);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /in-process\.yaml:3: .*a Python program runs in a process of its own/);
  });

  it("blames an interpreter that ends before rclsim's client says hello (--python, a job's python:), not the program: bad input, exit 2", () => {
    const dir = programs();
    const shim = (name: string, body: string): string => {
      writeTemp(dir, name, `#!/bin/sh\n${body}\n`);
      chmodSync(join(dir, name), 0o755);
      return `./${name}`;
    };
    // A pyenv shim of a Python that is not installed, one that closes the socket and lives on, and a program that is not Python.
    const notInstalled = shim('uninstalled', 'echo "pyenv: python3.99: command not found" >&2\nexit 127');
    const lingering = shim('lingering', 'exec 3>&-\nexec sleep 3031');
    const cases: [string, string][] = [
      ['/bin/false', 'exited with code 1'],
      [notInstalled, 'exited with code 127'],
      [lingering, 'closed its socket'],
      ['/bin/ls', 'exited with code 2'],
    ];
    for (const [python, how] of cases) {
      const result = runCli(['exec', '--python', python, 'talker.py'], dir, 60_000);
      assert.equal(result.status, 2, result.stderr);
      const lines = result.stderr.split('\n').filter((line) => line.startsWith('rclsim: '));
      assert.deepEqual(lines, [
        `rclsim: --python ${python}: did not start rclsim's Python client for talker.py (${how} before its handshake); name a Python 3.10 or newer that runs here`,
      ]);
    }
    assert.deepEqual(
      execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes('sleep 3031')),
      [],
    );
    // A job names the field that gave it: the entry's, or the job's own.
    const job = writeTemp(dir, 'shims.yaml', `python: ${notInstalled}\nnodes:\n  - script: talker.py\n    python: /bin/false\n  - script: listener.py\n`);
    const entry = runCli(['run', job], dir, 60_000);
    assert.equal(entry.status, 2, entry.stderr);
    assert.match(
      entry.stderr,
      /^rclsim: \S*shims\.yaml:4: nodes\[0\]\.python: \/bin\/false: did not start rclsim's Python client for talker\.py \(exited with code 1 before/m,
    );
    writeTemp(dir, 'shims.yaml', `python: ${notInstalled}\nnodes:\n  - script: listener.py\n`);
    const top = runCli(['run', job], dir, 60_000);
    assert.equal(top.status, 2, top.stderr);
    assert.match(
      top.stderr,
      /^rclsim: \S*shims\.yaml:1: python: \.\/uninstalled: did not start rclsim's Python client for listener\.py \(exited with code 127 before/m,
    );
    // After its hello, the program's own exit code is its own, as before.
    writeTemp(dir, 'exits.py', 'import sys\nimport rclpy\nrclpy.init()\nsys.exit(1)\n');
    const exits = runCli(['exec', 'exits.py'], dir, 60_000);
    assert.equal(exits.status, 1, exits.stderr);
    assert.match(exits.stderr, /^warning: program exits\.py exited with code 1 at sim time 0\.000000000s; the run ends with its code/m);
  });

  it("refuses what the simulation cannot run as an error of the callback: os.fork (the child would run outside it), a sleep past sim time's range (as CPython refuses one its clock cannot hold)", () => {
    const dir = programs();
    const forked = runCli(['exec', 'failures.py', 'fork'], dir, 60_000);
    assert.equal(forked.status, 3);
    assert.equal(forked.stdout, '');
    assert.match(
      forked.stderr,
      /^rclsim: timer 0 of node \/failures threw at sim time 0\.500000000s: RuntimeError: os\.fork\(\) in a simulation: the child would be a copy of the program that the simulation does not run \(docs\/python\.md\)$/m,
    );
    // Nobody presses Ctrl-C in a simulation: a KeyboardInterrupt the program raises is its error.
    const interrupted = runCli(['exec', 'failures.py', 'interrupt'], dir, 60_000);
    assert.equal(interrupted.status, 3);
    assert.equal(interrupted.stderr, 'rclsim: timer 0 of node /failures threw at sim time 0.500000000s: KeyboardInterrupt\n');
    for (const seconds of ['1e9', '1e12']) {
      const overslept = runCli(['exec', 'failures.py', 'oversleep', seconds], dir, 60_000);
      assert.equal(overslept.status, 3, seconds);
      assert.match(
        overslept.stderr,
        /^rclsim: timer 0 of node \/failures threw at sim time 0\.500000000s: OverflowError: .* out of the simulation's exact time range \(start ± 2\^53 ns, about 104 days\)$/m,
      );
    }
  });
});
