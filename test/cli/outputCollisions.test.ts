import assert from 'node:assert/strict';
import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { type CliResult, needs, runCli, tempDir, writeTemp } from '../support/helpers.js';

const TALKER = `const rclnodejs = require('rclnodejs');
rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('talker');
  const pub = node.createPublisher('std_msgs/msg/String', 'chatter');
  node.createTimer(100000000n, () => pub.publish({ data: 'hi' }));
  rclnodejs.spin(node);
});
`;
const SPINNER = `import rclpy
from rclpy.node import Node
rclpy.init()
node = Node('spinner')
node.create_timer(0.1, lambda: None)
rclpy.spin_once(node, timeout_sec=0.1)
rclpy.shutdown()
`;
const JOB = 'name: talk\nnodes:\n  - script: tk.js\nend:\n  after: 1s\n';
const PARAMS = 'talker:\n  ros__parameters:\n    rate: 2\n';

/** A folder with a job, its program and a parameter file; what each holds, to check them afterwards. */
function project(): { dir: string; unchanged: () => void } {
  const dir = tempDir();
  const files: Record<string, string> = { 'tk.js': TALKER, 'tj.yaml': JOB, 'p.yaml': PARAMS, 'spin.py': SPINNER };
  for (const [name, text] of Object.entries(files)) writeTemp(dir, name, text);
  return { dir, unchanged: () => assert.deepEqual(Object.fromEntries(Object.keys(files).map((name) => [name, readFileSync(join(dir, name), 'utf8')])), files) };
}

/** The command was refused with exactly this line, exit 2. */
function refused(result: CliResult, line: string): void {
  assert.equal(result.status, 2, result.stdout + result.stderr);
  assert.equal(result.stderr, `rclsim: ${line}\n`);
}

describe('outputs that would overwrite an input or another output', () => {
  it('exec and run refuse a --trace, --metrics or --report onto the program they would load, before it loads (exit 2), and leave it as it was', () => {
    const { dir, unchanged } = project();
    symlinkSync('tk.js', join(dir, 'link.js'));
    const program = 'the program tk.js the run would load: choose another file';
    refused(runCli(['exec', 'tk.js', '--until', '1s', '--trace', 'tk.js'], dir), `--trace tk.js is ${program}`);
    refused(runCli(['exec', 'tk.js', '--until', '1s', '--trace', 'tk.js', '--process', 'separate'], dir), `--trace tk.js is ${program}`);
    refused(runCli(['exec', 'tk.js', '--until', '1s', '--metrics', 'tk.js'], dir), `--metrics tk.js is ${program}`);
    refused(runCli(['run', 'tj.yaml', '--trace', 'tk.js'], dir), `--trace tk.js is ${program}`);
    refused(runCli(['run', 'tj.yaml', '--report', 'link.js'], dir), `--report link.js is ${program}`);
    refused(runCli(['run', 'tj.yaml', '--metrics', 'tk.js'], dir), `--metrics tk.js is ${program}`);
    unchanged();
  });

  it('exec refuses a --trace onto the rclpy program it would run', needs('python3'), () => {
    const { dir, unchanged } = project();
    refused(
      runCli(['exec', 'spin.py', '--until', '0.3s', '--trace', 'spin.py'], dir, 60_000),
      '--trace spin.py is the program spin.py the run would load: choose another file',
    );
    unchanged();
  });

  it('run and verify refuse an output onto the job file, also through a hard link, and onto a parameter file', () => {
    const { dir, unchanged } = project();
    linkSync(join(dir, 'tj.yaml'), join(dir, 'hard.yaml'));
    const job = 'the job file tj.yaml: choose another file';
    for (const option of ['--trace', '--report', '--metrics']) refused(runCli(['run', 'tj.yaml', option, 'tj.yaml'], dir), `${option} tj.yaml is ${job}`);
    refused(runCli(['run', 'tj.yaml', '--trace', 'hard.yaml'], dir), `--trace hard.yaml is ${job}`);
    refused(runCli(['verify', 'tj.yaml', '--runs', '2', '--report', 'tj.yaml'], dir), `--report tj.yaml is ${job}`);
    refused(runCli(['report', 'tj.yaml', '-o', 'tj.yaml'], dir), `-o tj.yaml is ${job}`);
    const params = 'the parameter file p.yaml: choose another file';
    refused(runCli(['run', 'tj.yaml', '--params-file', 'p.yaml', '--trace', 'p.yaml'], dir), `--trace p.yaml is ${params}`);
    // rcl reads a --params-file of the program's --ros-args as well.
    refused(runCli(['exec', 'tk.js', '--trace', 'p.yaml', '--ros-args', '--params-file', 'p.yaml'], dir), `--trace p.yaml is ${params}`);
    unchanged();
  });

  it('refuses two outputs onto one file, and writes neither', () => {
    const { dir, unchanged } = project();
    refused(runCli(['run', 'tj.yaml', '--trace', 'same.out', '--report', 'same.out'], dir), '--report same.out is --trace same.out too: choose another file');
    refused(runCli(['run', 'tj.yaml', '--trace', 'same.out', '--metrics', 'same.out'], dir), '--metrics same.out is --trace same.out too: choose another file');
    assert.equal(existsSync(join(dir, 'same.out')), false);
    unchanged();
  });

  it('report refuses -o onto a trace it reads', () => {
    const { dir } = project();
    assert.equal(runCli(['run', 'tj.yaml', '--trace', 'a.trace'], dir).status, 0);
    const trace = readFileSync(join(dir, 'a.trace'), 'utf8');
    refused(runCli(['report', 'a.trace', '-o', 'a.trace'], dir), '-o a.trace is the trace a.trace the report reads: choose another file');
    assert.equal(readFileSync(join(dir, 'a.trace'), 'utf8'), trace);
  });

  it('refuses a recording whose files would replace a file the job reads, and verify and explore traces kept onto an input', () => {
    const { dir, unchanged } = project();
    mkdirSync(join(dir, 'cfg'));
    writeTemp(dir, 'cfg/metadata.yaml', PARAMS);
    writeTemp(dir, 'rec.yaml', `${JOB}params_files: [cfg/metadata.yaml]\nrecord:\n  path: cfg\n`);
    refused(runCli(['run', 'rec.yaml'], dir), 'the recording cfg/metadata.yaml is the parameter file cfg/metadata.yaml: choose another file');
    assert.equal(readFileSync(join(dir, 'cfg/metadata.yaml'), 'utf8'), PARAMS);
    symlinkSync('tk.js', join(dir, 'run-2.trace'));
    symlinkSync('tk.js', join(dir, 'seed-1.trace'));
    const program = 'the program tk.js the run would load: choose another file';
    refused(runCli(['verify', 'tj.yaml', '--runs', '2', '--keep-traces', '.'], dir), `run-2.trace of --keep-traces . is ${program}`);
    refused(runCli(['explore', 'tj.yaml', '--runs', '2', '--keep-traces', '.'], dir), `seed-1.trace of --keep-traces . is ${program}`);
    unchanged();
  });
});
