import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { cliPath, lastJsonLine, loadedTimeout, logLines, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// The first run builds the C++ fixture; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

const LISTENER = `const rclnodejs = require('rclnodejs');
rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('listener');
  node.createSubscription('std_msgs/msg/String', 'lines', (message) => console.log(\`heard \${message.data}\`));
  rclnodejs.spin(node);
});
`;

/** `rclsim exec` with `input` on its standard input (a pipe, at its end once written). */
function execWithInput(args: string[], cwd: string, input: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [cliPath, 'exec', ...args], { cwd, input, encoding: 'utf8', timeout: loadedTimeout(BUILD_MS) });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("a program's standard input: a job entry's stdin:, exec's own", { ...needs('python3'), ...needs('C++ toolchain') }, () => {
  before(() => cppClientBuilt());

  const dir = tempDir();
  for (const fixture of ['cpp/stdin_lines.cpp', 'python/stdin_lines.py'])
    copyFileSync(join(repoRoot, 'test/fixtures', fixture), join(dir, fixture.split('/')[1]!));
  writeTemp(dir, 'listener.js', LISTENER);
  writeTemp(dir, 'lines.txt', 'one\ntwo\n');

  it('gives a C++ program a file and a Python program a text, read a line per callback, then end of file; two runs alike', () => {
    const job = writeTemp(
      dir,
      'lines.yaml',
      'nodes:\n  - script: listener.js\n  - script: stdin_lines.cpp\n    stdin: { file: lines.txt }\n  - script: stdin_lines.py\n    stdin: { text: "alpha\\nbeta\\n" }\n',
    );
    const runs = [0, 1].map(() => runCli(['run', job, '--json'], dir, BUILD_MS));
    for (const run of runs) assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(runs[0]!.stderr), [
      "[INFO] [0.100000000] [cpp_lines]: read 'one'",
      "[INFO] [0.100000000] [py_lines]: read 'alpha'",
      "[INFO] [0.200000000] [cpp_lines]: read 'two'",
      "[INFO] [0.200000000] [py_lines]: read 'beta'",
      '[INFO] [0.300000000] [cpp_lines]: end of input',
      '[INFO] [0.300000000] [py_lines]: end of input',
    ]);
    assert.deepEqual(runs[0]!.stdout.split('\n').slice(0, 4), ['heard one', 'heard alpha', 'heard two', 'heard beta']);
    assert.equal(lastJsonLine(runs[0]!.stdout).messagesDelivered, 4);
    assert.equal(lastJsonLine(runs[1]!.stdout).fingerprint, lastJsonLine(runs[0]!.stdout).fingerprint);
  });

  it('refuses a missing file, a plain string and stdin: for an rclnodejs program, in one line naming the job file and field (exit 2)', () => {
    const cases = [
      ['stdin_lines.py', '{ file: nope.txt }', `nodes[0].stdin.file: no such file 'nope.txt'`],
      ['stdin_lines.py', 'lines.txt', 'nodes[0].stdin: must be { file: path } (relative to the job file) or { text: "…" }'],
      ['stdin_lines.cpp', '{ file: lines.txt, text: x }', 'nodes[0].stdin: must be { file: path }'],
      ['stdin_lines.cpp', '{ path: lines.txt }', 'nodes[0].stdin.path: unknown key (expected one of: file, text)'],
      ['listener.js', '{ text: x }', "nodes[0].stdin: an rclnodejs program reads standard input through process.stdin's events"],
    ];
    for (const [script, stdin, line] of cases) {
      const job = writeTemp(dir, 'bad.yaml', `nodes:\n  - script: ${script}\n    stdin: ${stdin}\n`);
      const run = runCli(['run', job], dir, 60_000);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`^rclsim: ${job.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3: ${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    }
  });

  it('passes what is piped into exec to a Python and a C++ program, then end of file', () => {
    for (const [program, node] of [
      ['stdin_lines.py', 'py_lines'],
      ['stdin_lines.cpp', 'cpp_lines'],
    ] as const) {
      const run = execWithInput([program], dir, 'x\ny\n');
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(logLines(run.stderr), [
        `[INFO] [0.100000000] [${node}]: read 'x'`,
        `[INFO] [0.200000000] [${node}]: read 'y'`,
        `[INFO] [0.300000000] [${node}]: end of input`,
      ]);
    }
  });

  it('gives a program exec runs in a terminal that terminal, as ros2 run does', needs('script'), () => {
    writeTemp(
      dir,
      'tty.py',
      'import os\nimport sys\n\nimport rclpy\n\nrclpy.init()\nnode = rclpy.create_node("tty")\nnode.get_logger().info(f"a terminal: {os.isatty(0)}")\nnode.get_logger().info(f"read {sys.stdin.readline().rstrip()!r}")\nrclpy.try_shutdown()\n',
    );
    // script(1) runs the command on a pseudo-terminal and types what it reads from its own stdin.
    const run = spawnSync('script', ['-qec', `${process.execPath} ${cliPath} exec tty.py --quiet`, '/dev/null'], {
      cwd: dir,
      input: 'typed\n',
      encoding: 'utf8',
      timeout: loadedTimeout(60_000),
    });
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /\[tty\]: a terminal: True/);
    assert.match(run.stdout, /\[tty\]: read 'typed'/);
  });
});
