import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, repoRoot, tempDir } from '../support/helpers.js';

/**
 * A battery of malformed inputs and faulting programs, run through the real `rclsim` command:
 * every one must end on its own, with a documented exit code and at most one line of rclsim's
 * on stderr (no stack, no Node.js crash report), and a recording it started must be readable.
 */

/** Exit codes the README documents (besides a job's own). */
const DOCUMENTED = new Set([0, 2, 3, 4, 5, 6, 64, 71, 74, 130, 143]);
const CASE_TIMEOUT_MS = 60_000;
const PARALLEL = 3;

interface Case {
  name: string;
  args: string[];
  /** The exit code it must end with (else: any documented code but 0). */
  code?: number;
  /** What rclsim's line must say. */
  line?: RegExp;
  /** It may also succeed (bag info reads a directory's metadata.yaml alone, as ros2 bag info does). */
  mayPass?: boolean;
  /** Diagnostics Node.js itself prints, which rclsim cannot keep off stderr. */
  nodeDiagnostics?: boolean;
  /** A recording the run may have started, which must then be readable. */
  recording?: string;
  /** Environment additions (e.g. a small heap). */
  env?: Record<string, string>;
}

interface Outcome {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, CASE_TIMEOUT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, timedOut });
    });
  });
}

async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

/** Programs that fail every way a Node.js program can, each publishing first so recordings have content. */
const PROGRAMS: Record<string, string> = {
  'throw-top.cjs': `require('rclnodejs'); throw new Error('top-level');`,
  'throw-then.cjs': `const r = require('rclnodejs'); r.init().then(() => { throw new Error('in then'); });`,
  'async-main.cjs': `const r = require('rclnodejs'); async function main() { await r.init(); throw new Error('in main'); } main();`,
  'throw-null.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => { throw null; }); r.spin(n); });`,
  'throw-number.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => { throw 42; }); r.spin(n); });`,
  'throw-symbol.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => { throw Symbol('s'); }); r.spin(n); });`,
  'reject-undefined.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, async () => { throw undefined; }); r.spin(n); });`,
  'microtask.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => queueMicrotask(() => { throw new Error('micro'); })); r.spin(n); });`,
  'nexttick.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => process.nextTick(() => { throw new Error('tick'); })); r.spin(n); });`,
  'settimeout-throw.cjs': `require('rclnodejs').init().then(() => setTimeout(() => { throw new Error('timeout'); }, 5));`,
  'setinterval-throw.cjs': `require('rclnodejs').init().then(() => setInterval(() => { throw new Error('interval'); }, 5));`,
  'exit3.cjs': `require('rclnodejs').init().then(() => process.exit(3));`,
  'exitcode9.cjs': `process.exitCode = 9;`,
  'exit-string.cjs': `require('rclnodejs').init().then(() => process.exit('x'));`,
  'stack.cjs': `const r = require('rclnodejs'); function g() { g(); } r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, g); r.spin(n); });`,
  'async-recursion.cjs': `const r = require('rclnodejs'); async function f(k) { return await f(k + 1); } r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => { f(0); }); r.spin(n); });`,
  'bad-node-name.cjs': `const r = require('rclnodejs'); r.init().then(() => r.createNode('bad name!'));`,
  'bad-topic.cjs': `const r = require('rclnodejs'); r.init().then(() => r.createNode('n').createPublisher('std_msgs/msg/String', 'bad topic!'));`,
  'unknown-type.cjs': `const r = require('rclnodejs'); r.init().then(() => r.createNode('n').createPublisher('nope_msgs/msg/X', '/x'));`,
  'wrong-message.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); const p = n.createPublisher('std_msgs/msg/Int32', '/x'); n.createTimer(1000000n, () => p.publish({ data: 'nope' })); r.spin(n); });`,
  'negative-period.cjs': `const r = require('rclnodejs'); r.init().then(() => r.createNode('n').createTimer(-5n, () => {}));`,
  'huge-period.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(2n ** 62n, () => {}); r.spin(n); });`,
  'bad-param.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.declareParameter(new r.Parameter('rate', r.ParameterType.PARAMETER_INTEGER, 5n)); r.spin(n); });`,
  'livelock.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); const p = n.createPublisher('std_msgs/msg/Int32', '/loop'); n.createSubscription('std_msgs/msg/Int32', '/loop', (m) => p.publish({ data: m.data + 1 })); n.createTimer(1000000n, () => p.publish({ data: 0 })); r.spin(n); });`,
  'sync-loop.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); const p = n.createPublisher('std_msgs/msg/String', '/out'); let i = 0; n.createTimer(1000000n, () => { p.publish('tick'); if (++i === 3) for (;;); }); r.spin(n); });`,
  'promise-loop.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); const p = n.createPublisher('std_msgs/msg/String', '/out'); let i = 0; n.createTimer(1000000n, () => { p.publish('tick'); if (++i === 3) (async () => { for (;;) await null; })(); }); r.spin(n); });`,
  'top-loop.cjs': `require('rclnodejs'); for (;;);`,
  'hog.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); const p = n.createPublisher('std_msgs/msg/String', '/out'); const keep = []; let i = 0; n.createTimer(100000000n, () => { p.publish('tick ' + i); if (++i > 15) for (let k = 0; k < 40; k++) keep.push(new Array(1 << 20).fill(i)); }); r.spin(n); });`,
  'late-reject.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(50000000n, () => { Promise.reject(new Error('late')); }); r.spin(n); });`,
  'shutdown-twice.cjs': `const r = require('rclnodejs'); r.init().then(() => { r.shutdown(); r.shutdown(); });`,
  // Thrown values that cannot be described by reading them: a message getter or toString that throws, no prototype.
  'throw-getters.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => { throw { get message() { throw new Error('getter'); }, toString() { throw new Error('toString'); } }; }); r.spin(n); });`,
  'throw-error-getter.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => { const e = new Error('x'); Object.defineProperty(e, 'message', { get() { throw new Error('getter'); } }); throw e; }); r.spin(n); });`,
  'throw-bare.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, () => { throw Object.create(null); }); r.spin(n); });`,
  'reject-bare.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); n.createTimer(1000000n, async () => { throw Object.create(null); }); r.spin(n); });`,
  'top-bare.cjs': `require('rclnodejs'); throw Object.create(null);`,
  'throw-proxy.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); const trap = () => { throw new Error('trap'); }; n.createTimer(1000000n, () => { throw new Proxy({}, { getPrototypeOf: trap, get: trap, has: trap }); }); r.spin(n); });`,
  // rclnodejs ignores what a timer callback returns, so a result whose \`then\` throws is ignored too.
  'return-then-getter.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); const trap = () => { throw new Error('trap'); }; n.createTimer(1000000n, () => Object.defineProperty({}, 'then', { get: trap })); n.createTimer(2000000n, () => new Proxy({}, { get: trap, getPrototypeOf: trap })); r.spin(n); });`,
  'async-callback-recursion.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('n'); const cb = async () => { await cb(); }; n.createTimer(1000000n, cb); r.spin(n); });`,
  'publisher.cjs': `const r = require('rclnodejs'); r.init().then(() => { const n = r.createNode('talker'); const p = n.createPublisher('std_msgs/msg/String', '/out'); let i = 0; n.createTimer(100000000n, () => p.publish('hello ' + i++)); r.spin(n); });`,
};

/** What rclsim's line must say of a faulting program (every one must name what failed). */
const PROGRAM_LINES: Record<string, RegExp> = {
  'throw-getters.cjs': /timer 0 of node \/n threw .*: an object whose message could not be read$/,
  'throw-error-getter.cjs': /timer 0 of node \/n threw .*: an object whose message could not be read$/,
  'throw-bare.cjs': /timer 0 of node \/n threw .*: an object whose message could not be read$/,
  'reject-bare.cjs': /timer 0 of node \/n threw .*: an object whose message could not be read$/,
  'top-bare.cjs': /program top-bare\.cjs threw .*: an object whose message could not be read$/,
  'throw-proxy.cjs': /timer 0 of node \/n threw .*: an object whose message could not be read$/,
  'async-callback-recursion.cjs': /timer 0 of node \/n threw .*Maximum call stack size exceeded/,
};

/**
 * Programs that meet bad input as they start: a parameter declared with a range, which an
 * override may miss; one that catches the refusal and goes on, one that wraps it in its own error.
 */
const DECLARE_RANGED = `const n = r.createNode('ranged'); const d = new r.ParameterDescriptor('period_ms', r.ParameterType.PARAMETER_INTEGER); d.range = new r.IntegerRange(100, 2000, 100); const declare = (ignore) => n.declareParameter(new r.Parameter('period_ms', r.ParameterType.PARAMETER_INTEGER, 500n), d, ignore);`;
const STARTING_PROGRAMS: Record<string, string> = {
  'ranged.cjs': `const r = require('rclnodejs'); r.init().then(() => { ${DECLARE_RANGED} declare(false); r.spin(n); });`,
  'ranged-catches.cjs': `const r = require('rclnodejs'); r.init().then(() => { ${DECLARE_RANGED} try { declare(false); } catch { declare(true); } r.spin(n); });`,
  'ranged-wraps.cjs': `const r = require('rclnodejs'); r.init().then(() => { ${DECLARE_RANGED} try { declare(false); } catch (e) { throw new Error('cannot start', { cause: e }); } r.spin(n); });`,
};

/** Job modules and a component whose user code fails: that is a callback's failure (exit 3), not rclsim's. */
const FAILING_JOB_CODE: Record<string, string> = {
  'setup-throws.mjs': `export default { setup() { throw new Error('in setup'); } };`,
  'setup-bare.mjs': `export default { setup() { throw Object.create(null); } };`,
  'on-end-throws.mjs': `export default { endAfter: 1000000n, setup(job) { job.onEnd(() => { throw new Error('at the end'); }); } };`,
  'factory.mjs': `export const Throws = () => { throw new Error('in the factory'); }; export const Bare = () => { throw Object.create(null); };`,
};

const BAD_DURATIONS = ['-1s', 'abc', '1.5ns', '1e3', '5000h', '', ' ', '1 2s', '0x10', '9'.repeat(40), 'NaNs', '1s1s'];
const BAD_INTEGERS = ['abc', '1.5', '1e400', '18446744073709551616', '', '-', '0x10', '3x', 'Infinity', 'NaN'];

function writeFixtures(dir: string): void {
  for (const [name, text] of Object.entries({ ...PROGRAMS, ...STARTING_PROGRAMS, ...FAILING_JOB_CODE })) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'range.yaml'), 'ranged:\n  ros__parameters:\n    period_ms: 5\n');
  writeFileSync(join(dir, 'bad.yaml'), 'n:\n  ros__parameters:\n    rate: "fast"\n');
  writeFileSync(join(dir, 'params-syntax.yaml'), 'n:\n  ros__parameters:\n    rate: [1, 2\n');
  writeFileSync(join(dir, 'passwd.trace'), readFileSync('/etc/passwd'));
  mkdirSync(join(dir, 'adir'), { recursive: true });
  for (const fifo of ['fifo.yaml', 'fifo']) assert.equal(spawnSync('mkfifo', [join(dir, fifo)]).status, 0);
  mkdirSync(join(dir, 'fifo_msgs/fifo_msgs/msg'), { recursive: true });
  assert.equal(spawnSync('mkfifo', [join(dir, 'fifo_msgs/fifo_msgs/msg/Ping.msg')]).status, 0);
  const talker = join(repoRoot, '../shared/fixtures/rosbag2/mcap-talker/talker.mcap');
  const bytes = readFileSync(talker);
  for (const cut of [0, 4, 8, 40, 200, 1000, 4000, bytes.length - 100, bytes.length - 8]) writeFileSync(join(dir, `cut-${cut}.mcap`), bytes.subarray(0, cut));
  for (const at of [100, 1000, 3000, 6000, 9000, bytes.length - 50]) {
    const flipped = Buffer.from(bytes);
    flipped[at] = flipped[at]! ^ 0xff;
    writeFileSync(join(dir, `flip-${at}.mcap`), flipped);
  }
  writeFileSync(join(dir, 'text.mcap'), 'not a bag\n');
  writeFileSync(join(dir, 'text.db3'), 'not a database\n');
  copyFileSync(join(repoRoot, '../shared/fixtures/rosbag2/sqlite3-talker/talker.db3'), join(dir, 'talker.db3'));
  const metadata = readFileSync(join(repoRoot, '../shared/fixtures/rosbag2/mcap-talker/metadata.yaml'), 'utf8');
  const variants: Record<string, string> = {
    'no-info': 'other: 1\n',
    syntax: 'rosbag2_bagfile_information: [\n',
    'paths-numbers': metadata.replace('- talker.mcap', '- 42'),
    'paths-map': metadata.replace('relative_file_paths:\n  - talker.mcap', 'relative_file_paths: { a: b }'),
    'missing-file': metadata.replace('- talker.mcap', '- gone.mcap'),
    'no-paths': metadata.replace('relative_file_paths:\n  - talker.mcap', 'relative_file_paths: []'),
    'bad-version': metadata.replace('version: 4', 'version: four'),
    'bad-qos': metadata.replace(/offered_qos_profiles: "[^"]*"/, 'offered_qos_profiles: "[: ["'),
    'file-compression': metadata.replace("compression_mode: ''", 'compression_mode: file'),
    'bad-compression': metadata.replace("compression_mode: ''", 'compression_mode: message').replace("compression_format: ''", 'compression_format: bz9'),
    'topic-no-name': metadata.replace('name: /topic', 'nme: /topic'),
    'negative-count': metadata.replace('message_count: 20', 'message_count: -20'),
    bomb: `a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n${metadata}`,
  };
  for (const [name, text] of Object.entries(variants)) {
    mkdirSync(join(dir, `meta-${name}`), { recursive: true });
    writeFileSync(join(dir, `meta-${name}`, 'metadata.yaml'), text);
    copyFileSync(talker, join(dir, `meta-${name}`, 'talker.mcap'));
  }
  mkdirSync(join(dir, 'no-metadata'), { recursive: true });
  copyFileSync(talker, join(dir, 'no-metadata', 'talker.mcap'));
}

function jobFile(dir: string, name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

function cases(dir: string): Case[] {
  const list: Case[] = [];
  const job = (name: string, text: string, extra: Partial<Case> = {}): void => {
    list.push({ name, args: ['run', jobFile(dir, `${name}.yaml`, text)], ...extra });
  };
  // Command lines.
  // Every bad value against each parser of integers (seeds, counts, diff's context); the other
  // options that share a parser with two of them, which shows they are wired to it.
  for (const value of BAD_INTEGERS) {
    list.push({ name: `--seed '${value}'`, args: ['run', 'job.yaml', '--seed', value], code: 64, line: /--seed/ });
    list.push({ name: `--max-callbacks-per-instant '${value}'`, args: ['run', 'job.yaml', '--max-callbacks-per-instant', value], code: 64 });
    list.push({ name: `diff --context '${value}'`, args: ['diff', 'a.trace', 'b.trace', '--context', value], code: 64 });
  }
  for (const value of ['1.5', '18446744073709551616']) {
    list.push({ name: `verify --runs '${value}'`, args: ['verify', 'job.yaml', '--runs', value], code: 64 });
    list.push({ name: `exec --seed '${value}'`, args: ['exec', 'publisher.cjs', '--seed', value], code: 64 });
    list.push({ name: `verify --seed '${value}'`, args: ['verify', 'job.yaml', '--seed', value], code: 64 });
  }
  for (const value of ['0', '-5'])
    list.push({ name: `--max-callbacks-per-instant ${value}`, args: ['run', 'job.yaml', '--max-callbacks-per-instant', value], code: 64 });
  list.push({ name: 'verify --runs 0', args: ['verify', 'job.yaml', '--runs', '0'], code: 64 });
  for (const value of BAD_DURATIONS) {
    list.push({ name: `exec --until '${value}'`, args: ['exec', 'publisher.cjs', '--until', value], code: 64 });
    list.push({ name: `--callback-timeout '${value}'`, args: ['run', 'job.yaml', '--callback-timeout', value], code: 64 });
  }
  for (const command of ['verify', 'explore']) {
    for (const folder of ['job.yaml', '/proc/nope']) {
      const line = new RegExp(`--keep-traces ${folder.replace('.', '\\.')}: cannot make the folder`);
      list.push({ name: `${command} --keep-traces ${folder}`, args: [command, 'job.yaml', '--runs', '1', '--keep-traces', folder], code: 74, line });
    }
  }
  for (const value of ['abc', '0', '-1s', '25h']) {
    list.push({ name: `verify --timeout '${value}'`, args: ['verify', 'job.yaml', '--timeout', value], code: 64 });
    list.push({ name: `explore --timeout '${value}'`, args: ['explore', 'job.yaml', '--timeout', value], code: 64 });
  }
  for (const command of [
    ['run'],
    ['exec'],
    ['verify'],
    ['diff'],
    ['diff', 'a'],
    ['bag'],
    ['bag', 'info'],
    ['nonsense'],
    ['run', 'job.yaml', '--nonsense'],
    ['--nonsense'],
  ]) {
    list.push({ name: `usage: ${command.join(' ')}`, args: command, code: 64 });
  }
  list.push({ name: 'run a program', args: ['run', 'publisher.cjs'], code: 2, line: /rclsim exec/ });
  list.push({ name: 'run a missing job', args: ['run', 'nowhere.yaml'], code: 2 });
  list.push({ name: 'exec a missing program', args: ['exec', 'nowhere.cjs'], code: 2 });
  list.push({ name: 'run a directory', args: ['run', 'adir'], code: 2 });
  list.push({ name: 'diff /etc/passwd', args: ['diff', 'passwd.trace', 'passwd.trace'], code: 2, line: /not an rclsim trace/ });
  list.push({ name: 'diff a directory', args: ['diff', 'adir', 'passwd.trace'], code: 2, line: /not a regular file/ });
  list.push({ name: 'diff a missing file', args: ['diff', 'missing.trace', 'passwd.trace'], code: 2 });
  list.push({ name: 'diff a FIFO', args: ['diff', '/dev/stdin', 'passwd.trace'], code: 2 });
  // Special files where rclsim reads a file: refused from their status, before an open that would hang.
  const notRegular = (kind: string): RegExp => new RegExp(`not a regular file \\(a ${kind}\\)`);
  for (const [special, kind] of [
    ['fifo', 'FIFO'],
    ['fifo.yaml', 'FIFO'],
    ['/dev/zero', 'character device'],
    ['adir', 'directory'],
  ] as const) {
    list.push({ name: `exec ${special}`, args: ['exec', special], code: 2, line: notRegular(kind) });
    list.push({ name: `exec --params-file ${special}`, args: ['exec', 'publisher.cjs', '--params-file', special], code: 2, line: notRegular(kind) });
    list.push({
      name: `exec --ros-args --params-file ${special}`,
      args: ['exec', 'publisher.cjs', '--ros-args', '--params-file', special],
      code: 2,
      line: notRegular(kind),
    });
    list.push({ name: `run --params-file ${special}`, args: ['run', 'job.yaml', '--params-file', special], code: 2, line: notRegular(kind) });
    list.push({ name: `explore ${special}`, args: ['explore', special, '--runs', '2'], code: 2, line: notRegular(kind) });
    list.push({ name: `sweep ${special}`, args: ['sweep', special], code: 2, line: notRegular(kind) });
  }
  for (const special of ['fifo', 'fifo.yaml', '/dev/zero']) {
    list.push({ name: `run ${special}`, args: ['run', special], code: 2, line: /not a regular file/ });
    list.push({ name: `verify ${special}`, args: ['verify', special, '--runs', '1'], code: 2, line: /not a regular file/ });
  }
  list.push({
    name: 'sweep of a FIFO job',
    args: ['sweep', jobFile(dir, 'sweep-fifo.yaml', 'job: fifo.yaml\nseeds: [1]\n')],
    code: 2,
    line: /job: 'fifo\.yaml' is not a regular file \(a FIFO\)/,
  });
  list.push({
    name: 'gen-types of a FIFO .msg',
    args: ['gen-types', '--interfaces', 'fifo_msgs', 'fifo_msgs', '-o', 'fifo_msgs.d.ts'],
    code: 2,
    line: /Ping\.msg: cannot read interface definition \(not a regular file \(a FIFO\)\)/,
  });
  list.push({ name: 'explore a missing job', args: ['explore', 'nowhere.yaml', '--runs', '2'], code: 2, line: /nowhere\.yaml: cannot read job file/ });
  list.push({ name: 'gen-types -o /nonexistent/x', args: ['gen-types', '--standard', '-o', '/nonexistent/x.d.ts'], code: 74 });
  list.push({ name: 'gen-types --interfaces /nope', args: ['gen-types', '--interfaces', '/nope'], code: 2 });
  list.push({ name: 'gen-types of an unknown package', args: ['gen-types', 'nope_msgs'], code: 2 });
  list.push({ name: '--trace to /dev/full', args: ['run', 'job.yaml', '--trace', '/dev/full'], code: 74 });
  list.push({ name: '--trace into a missing folder', args: ['run', 'job.yaml', '--trace', '/nonexistent/x.trace'], code: 74 });
  list.push({ name: '--params-file missing', args: ['run', 'job.yaml', '--params-file', 'nope.yaml'], code: 2 });
  list.push({
    name: '--params-file syntax',
    args: ['run', 'job.yaml', '--params-file', 'params-syntax.yaml'],
    code: 2,
    line: /params-syntax\.yaml:\d+: invalid YAML/,
  });
  list.push({
    name: '--params-file of the wrong type (program)',
    args: ['exec', 'bad-param.cjs', '--until', '1s', '--ros-args', '--params-file', 'bad.yaml'],
    code: 2,
    line: /bad\.yaml:3/,
  });
  list.push({ name: 'exec bad --ros-args', args: ['exec', 'publisher.cjs', '--ros-args', '-p'], code: 2 });
  list.push({
    name: 'exec --ros-args missing params file',
    args: ['exec', 'publisher.cjs', '--until', '1s', '--ros-args', '--params-file', 'nope.yaml'],
    code: 2,
  });
  list.push({ name: 'exec --ros-args bad remap', args: ['exec', 'publisher.cjs', '--until', '1s', '--ros-args', '-r', '__node:=bad name'], code: 2 });
  for (const rule of ['out:=bad topic', 'out:=', 'a b:=out', 'out:={nope}']) {
    list.push({
      name: `exec --ros-args -r '${rule}'`,
      args: ['exec', 'publisher.cjs', '--until', '1s', '--ros-args', '-r', rule],
      code: 2,
      line: /invalid remapping/,
    });
  }

  // Bad input a program meets as it starts is bad input (exit 2, naming its source) unless the program catches it.
  const ranged = (name: string, program: string, args: string[], code: number, line?: RegExp): void => {
    list.push({ name, args: ['exec', program, '--until', '1s', ...args], code, ...(line === undefined ? {} : { line }) });
  };
  ranged('--ros-args -p out of range', 'ranged.cjs', ['--ros-args', '-p', 'period_ms:=5'], 2, /^rclsim: --ros-args -p 'period_ms:=5': .*not in range/);
  ranged('--ros-args --params-file out of range', 'ranged.cjs', ['--ros-args', '--params-file', 'range.yaml'], 2, /^rclsim: range\.yaml:3 .*not in range/);
  ranged('--params-file out of range', 'ranged.cjs', ['--params-file', 'range.yaml'], 2, /^rclsim: range\.yaml:3 .*not in range/);
  ranged('out of range, caught by the program', 'ranged-catches.cjs', ['--ros-args', '-p', 'period_ms:=5'], 0);
  ranged('out of range, wrapped by the program', 'ranged-wraps.cjs', ['--ros-args', '-p', 'period_ms:=5'], 2, /-p 'period_ms:=5'.*not in range \[100, 2000\]/);
  ranged('in range', 'ranged.cjs', ['--ros-args', '-p', 'period_ms:=300'], 0);
  // Inside --ros-args a --params-file is the program's, in its place among the -p arguments (the
  // later one wins), whatever rclsim's options stand around it, in rclsim's process or the program's own.
  const fileLast = ['--ros-args', '-p', 'period_ms:=300', '--params-file', 'range.yaml', '--seed', '3'];
  const fileFirst = ['--ros-args', '--params-file', 'range.yaml', '--seed', '3', '-p', 'period_ms:=300'];
  ranged('--ros-args -p, then --params-file out of range', 'ranged.cjs', fileLast, 2, /^rclsim: range\.yaml:3 .*not in range/);
  ranged('--ros-args --params-file out of range, then -p', 'ranged.cjs', fileFirst, 0);
  const separate = ['--process', 'separate', ...fileLast];
  ranged('--ros-args -p, then --params-file out of range (separate)', 'ranged.cjs', separate, 2, /^rclsim: range\.yaml:3 .*not in range/);

  // User code of a job module or component that fails.
  list.push({
    name: 'job module setup throws',
    args: ['run', 'setup-throws.mjs'],
    code: 3,
    line: /the setup of job module setup-throws\.mjs threw .*: in setup$/,
  });
  list.push({ name: 'job module setup throws a bare object', args: ['run', 'setup-bare.mjs'], code: 3, line: /could not be read$/ });
  list.push({ name: 'job module onEnd throws', args: ['run', 'on-end-throws.mjs'], code: 3, line: /an onEnd callback of job .* threw .*: at the end$/ });

  // Faulting programs, recorded: each must end with its code, the recording readable.
  const expect: Record<string, number> = {
    'exit3.cjs': 3,
    'exitcode9.cjs': 9,
    'livelock.cjs': 4,
    'bad-param.cjs': 0,
    'shutdown-twice.cjs': 0,
    'publisher.cjs': 0,
    'return-then-getter.cjs': 0,
    'sync-loop.cjs': 6,
    'promise-loop.cjs': 6,
    'top-loop.cjs': 6,
    'hog.cjs': 71,
  };
  for (const program of Object.keys(PROGRAMS)) {
    const recording = `rec-${program.replace('.cjs', '')}`;
    const text = `end: { after: 3s }\nnodes:\n  - script: ${program}\nrecord:\n  path: ${recording}\n`;
    list.push({
      name: `program ${program}`,
      // The hog's last callback thrashes the garbage collector before it runs out of memory: on a loaded machine for longer than 2 s.
      args: [
        'run',
        jobFile(dir, `job-${program}.yaml`, text),
        '--callback-timeout',
        program === 'hog.cjs' ? '60s' : '2s',
        '--max-callbacks-per-instant',
        '5000',
      ],
      code: expect[program] ?? 3,
      ...(PROGRAM_LINES[program] === undefined ? {} : { line: PROGRAM_LINES[program] }),
      recording,
      ...(program === 'hog.cjs' ? { env: { NODE_OPTIONS: '--max-old-space-size=200' } } : {}),
      // Node.js prints "Exception in PromiseRejectCallback" from C++ when a rejection overflows the stack.
      ...(program === 'async-recursion.cjs' || program === 'async-callback-recursion.cjs' ? { nodeDiagnostics: true } : {}),
    });
  }

  // Job files: every field with values of the wrong kind.
  const base = 'nodes:\n  - script: publisher.cjs\nend: { after: 1s }\n';
  writeFileSync(join(dir, 'job.yaml'), base);
  const fields: Record<string, string[]> = {
    name: ['[1, 2]', '{ a: 1 }', '5'],
    seed: ['abc', '1.5', '99999999999999999999', '[1]', '-'],
    zero_copy: ['yes please', '3'],
    // 5000h is a fine start (sim time begins 208 days after the epoch).
    start: [...BAD_DURATIONS.filter((d) => d !== '5000h').map((d) => JSON.stringify(d)), '10000000000000000000', '-5'],
    remap: ['[a]', '{ a: [1] }', '"x"'],
    delays: ['{ /chatter: -1s }', '{ chatter: 1s }', '{ /chatter: 5000h }', '[1]', '{ /chatter: abc }'],
    delays_csv: ['nope.csv', '5', '[x]'],
    params_files: ['[nope.yaml]', '"bad.yaml"', '[bad.yaml, 5]'],
    parameters: ['[1]', '{ n: 5 }', '{ n: { ros__parameters: [1] } }', '"x"'],
    interfaces: ['[nope]', '[{ pkg: x }]', '5'],
    unknown_key: ['1'],
  };
  for (const [field, values] of Object.entries(fields)) {
    values.forEach((value, i) => job(`field-${field}-${i}`, `${base}${field}: ${value}\n`, { code: 2, line: new RegExp(`field-${field}-${i}\\.yaml:\\d+`) }));
  }
  const pathValues: Record<string, [string, RegExp]> = {
    'script-dir': ['nodes: [{ script: adir }]', /nodes\[0\]\.script: 'adir' is a directory, not a file/],
    'module-dir': ['nodes: [{ module: adir }]', /nodes\[0\]\.module: 'adir' is a directory/],
    'params-dir': [`${base}params_files: [adir]`, /params_files\[0\]: 'adir' is a directory/],
    'params-fifo': [`${base}params_files: [fifo.yaml]`, /params_files\[0\]: 'fifo.yaml' is not a regular file \(a FIFO\)/],
    'script-device': ['nodes: [{ script: /dev/zero }]', /nodes\[0\]\.script: '\/dev\/zero' is not a regular file \(a character device\)/],
    'delays-csv-dir': [`${base}delays_csv: adir`, /delays_csv: 'adir' is a directory/],
    'interfaces-file': [`${base}interfaces: [publisher.cjs]`, /interfaces\[0\]: 'publisher.cjs' is a file, not a folder/],
    'interfaces-path-file': [`${base}interfaces: [{ path: publisher.cjs, package: x }]`, /interfaces\[0\]\.path: 'publisher.cjs' is a file, not a folder/],
    'environment-dir': [
      `${base}network: { environment: adir, hosts: [{ name: a, nodes: ['/*'], position: [0, 0] }] }`,
      /network\.environment: 'adir' is a directory/,
    ],
    'environment-missing': [
      `${base}network: { environment: nope.yaml, hosts: [{ name: a, nodes: ['/*'], position: [0, 0] }] }`,
      /network\.environment: no such file/,
    ],
    // Remappings a job file gives: checked as rcl checks --ros-args, naming the line.
    'node-remap-empty': ["end: { after: 1s }\nnodes: [{ script: publisher.cjs, remap: { out: '' } }]", /:2: nodes\[0\]\.remap\.out: .*must not be empty/],
    'job-remap-space': [`${base}remap: { /out: "a b" }`, /:4: remap\.\/out: invalid topic name 'a b'/],
    // Parameters a job file gives a program, out of the range it declares.
    'node-parameter-range': [
      'end: { after: 1s }\nnodes:\n  - script: ranged.cjs\n    parameters: { period_ms: 5 }',
      /:4 \(nodes\[0\]\.parameters\.period_ms\): .*not in range/,
    ],
    'node-args-range': ["end: { after: 1s }\nnodes:\n  - script: ranged.cjs\n    args: [--ros-args, -p, 'period_ms:=5']", /-p 'period_ms:=5': .*not in range/],
  };
  for (const [name, [text, line]] of Object.entries(pathValues)) job(`input-${name}`, `${text}\n`, { code: 2, line });
  job('component-throws', 'end: { after: 1s }\nnodes: [{ module: factory.mjs, export: Throws }]\n', {
    code: 3,
    line: /component .*factory\.mjs#Throws threw .*: in the factory$/,
  });
  job('component-throws-bare', 'end: { after: 1s }\nnodes: [{ module: factory.mjs, export: Bare }]\n', { code: 3, line: /could not be read$/ });
  const endValues = [
    '{ after: -1s }',
    '{ after: 5000h }',
    '{ after: abc }',
    '{ when: { topic: "bad topic!" } }',
    '{ when: {} }',
    '{ when: { topic: /x, field: 5 } }',
    '{ idle: maybe }',
    '[1]',
    '{ nope: 1 }',
  ];
  endValues.forEach((value, i) => job(`end-${i}`, `nodes:\n  - script: publisher.cjs\nend: ${value}\n`, { code: 2, line: new RegExp(`end-${i}\\.yaml:\\d+`) }));
  const nodeValues = [
    '[1]',
    '[{ script: nope.cjs }]',
    '[{ module: nope.ts }]',
    '[{ script: publisher.cjs, module: x.ts }]',
    '[{}]',
    '[{ script: publisher.cjs, args: [[1]] }]',
    '[{ script: publisher.cjs, args: [--ros-args, -p] }]',
    '[{ script: publisher.cjs, name: "bad name" }]',
    '[{ script: publisher.cjs, namespace: "/a//b" }]',
    '[{ script: publisher.cjs, parameters: [1] }]',
    '[{ script: publisher.cjs, remap: { a: 1 } }]',
    '[{ script: publisher.cjs, export: X }]',
    '[{ script: publisher.cjs, extra: 1 }]',
    '"publisher.cjs"',
  ];
  nodeValues.forEach((value, i) => job(`nodes-${i}`, `end: { after: 1s }\nnodes: ${value}\n`, { code: 2 }));
  const playValues = [
    '{ bag: nope.mcap }',
    '{ bag: text.mcap }',
    '{ bag: text.db3 }',
    '{ bag: adir }',
    '{ bag: talker.db3, topics: [/nope] }',
    '{ bag: talker.db3, clock: 1e-12 }',
    '{ bag: talker.db3, clock: 1e12 }',
    '{ bag: talker.db3, clock: -1 }',
    '{ bag: talker.db3, window: { from: abc } }',
    '{ bag: talker.db3, start_offset: 5000h }',
    '{ bag: talker.db3, timestamp: later }',
    '{ bag: talker.db3, remap: [1] }',
    '{ bag: talker.db3, what: 1 }',
    '[{ bag: talker.db3 }, { bag: nope.mcap }]',
    '{}',
    '5',
  ];
  playValues.forEach((value, i) => job(`play-${i}`, `play: ${value}\n`, { code: 2, line: /rclsim: / }));
  BAD_DURATIONS.forEach((value, i) => {
    job(`window-${i}`, `play: { bag: talker.db3, window: { to: ${JSON.stringify(value)} } }\n`, { code: 2, line: new RegExp(`window-${i}\\.yaml:1`) });
    job(`offset-${i}`, `play: { bag: talker.db3, start_offset: ${JSON.stringify(value)} }\n`, { code: 2, line: new RegExp(`offset-${i}\\.yaml:1`) });
  });
  const recordValues = [
    '{ path: /dev/full }',
    '{ path: /nonexistent/dir/x.mcap }',
    '{ path: x.mcap, compression: rar }',
    '{ path: x.mcap, topics: /t }',
    '{}',
    '{ path: 5 }',
    '{ path: x.mcap, extra: 1 }',
  ];
  recordValues.forEach((value, i) => job(`record-${i}`, `${base}record: ${value}\n`, { code: i === 0 || i === 1 ? 74 : 2 }));
  job('record-onto-played-bag', 'play:\n  bag: meta-copy\nrecord:\n  path: meta-copy\n', { code: 2, line: /would overwrite/ });
  cpSync(join(repoRoot, '../shared/fixtures/rosbag2/mcap-talker'), join(dir, 'meta-copy'), { recursive: true });
  job('yaml-syntax', 'nodes: [\n', { code: 2, line: /yaml-syntax\.yaml:2/ });
  job('yaml-tabs', 'nodes:\n\t- script: publisher.cjs\n', { code: 2 });
  job('yaml-duplicate', `${base}seed: 1\nseed: 2\n`, { code: 2, line: /duplicate key 'seed'/ });
  job('yaml-collection-key', `${base}[1, 2]: x\n`, { code: 2, line: /yaml-collection-key\.yaml:\d+: invalid YAML: a key must be a single value/ });
  job(
    'yaml-bomb',
    `a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n${base}`,
    { code: 2 },
  );
  job('yaml-empty', '', { code: 2 });
  job('yaml-null', '~\n', { code: 2, line: /yaml-null\.yaml: the job file is empty/ });
  job('yaml-null-word', 'null\n', { code: 2, line: /the job file is empty/ });
  job('yaml-alias-parameters', `${base}parameters: { /talker: { ros__parameters: { a: &v 5, b: *v } } }\n`, { code: 0 });
  job('yaml-alias-unknown', `${base}seed: *nope\n`, { code: 2, line: /yaml-alias-unknown\.yaml:\d+: invalid YAML/ });
  job('yaml-scalar', '42\n', { code: 2 });
  job('yaml-list', '- 1\n- 2\n', { code: 2 });
  job('yaml-binary', '\u0000\u0001\u0002', { code: 2 });
  writeFileSync(join(dir, 'bom.csv'), '\uFEFFTopic Name,Delay Type,Fixed Delay_ms,Measured Delay Skew\n/out,FIXED,5,\n');
  job('delays-csv-bom', `${base}delays_csv: bom.csv\n`, { code: 0 });
  writeFileSync(join(dir, 'measured.csv'), 'Topic Name,Delay Type,Fixed Delay_ms,Measured Delay Skew\n/out,MEASURED,5,1\n');
  job('delays-csv-measured', `${base}delays_csv: measured.csv\n`, { code: 2, line: /measured\.csv:2/ });
  writeFileSync(join(dir, 'huge.csv'), 'Topic Name,Delay Type,Fixed Delay_ms,Measured Delay Skew\n/out,FIXED,99999999999999,\n');
  job('delays-csv-huge', `${base}delays_csv: huge.csv\n`, { code: 2 });
  job('integer-start', 'start: 1600000000000000000\nend: { after: 1s }\nnodes:\n  - script: publisher.cjs\n', { code: 0 });
  // builtin_interfaces/Time holds seconds in an int32: sim time ends at 2^31 s.
  job('start-past-int32', 'start: 2147483648s\nend: { after: 1s }\nnodes:\n  - script: publisher.cjs\n', { code: 2, line: /start-past-int32\.yaml:1: / });
  job('end-past-int32', 'start: 2147483647s\nend: { after: 2s }\nnodes:\n  - script: publisher.cjs\n', {
    code: 2,
    line: /end time .* is past 2147483647\.999999999s/,
  });
  job('run-to-int32', 'start: 2147483645s\nnodes:\n  - script: publisher.cjs\nrecord:\n  path: to-int32\n', { code: 0, recording: 'to-int32' });

  // Bags that are not what they claim.
  const bags = [
    ...[0, 4, 8, 40, 200, 1000, 4000].map((cut) => `cut-${cut}.mcap`),
    ...[100, 1000, 3000, 6000, 9000].map((at) => `flip-${at}.mcap`),
    'text.mcap',
    'text.db3',
    'no-metadata',
    ...[
      'no-info',
      'syntax',
      'paths-numbers',
      'paths-map',
      'missing-file',
      'no-paths',
      'bad-version',
      'bad-qos',
      'file-compression',
      'bad-compression',
      'topic-no-name',
      'negative-count',
      'bomb',
    ].map((v) => `meta-${v}`),
  ];
  for (const bag of bags) {
    list.push({ name: `bag info ${bag}`, args: ['bag', 'info', bag], mayPass: true });
    const recording = `rec-${bag.replace(/\W/g, '_')}`;
    job(`play-${bag.replace(/\W/g, '_')}`, `play:\n  bag: ${bag}\nrecord:\n  path: ${recording}\n`, { recording });
  }
  return list;
}

describe('hostile inputs and faulting programs', () => {
  it('end every one with one line, a documented exit code, no stack, no hang, and readable recordings', async () => {
    const dir = tempDir();
    writeFixtures(dir);
    const all = cases(dir);
    assert.ok(all.length >= 300, `${all.length} cases`);
    // A case's recording is read as soon as the case ends, among the other cases, not one by one after them all.
    const outcomes = await inParallel(all, PARALLEL, async (c) => {
      const outcome = await run(c.args, dir, c.env);
      const recorded = c.recording !== undefined && existsSync(join(dir, c.recording));
      return { ...outcome, info: recorded ? await run(['bag', 'info', c.recording!], dir) : undefined };
    });
    const problems: string[] = [];
    for (const [i, c] of all.entries()) {
      const o = outcomes[i]!;
      const say = (what: string): number =>
        problems.push(`${c.name}: ${what} (exit ${o.status}; stderr: ${o.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 300)})`);
      if (o.timedOut) {
        say('did not end');
        continue;
      }
      const lines = o.stderr.split('\n').filter((line) => line.startsWith('rclsim: '));
      if (lines.length > 1) say(`${lines.length} lines of rclsim's`);
      const stderr =
        c.nodeDiagnostics === true
          ? o.stderr.replace(/Exception in PromiseRejectCallback:\n(.*\n){3}\nRangeError: Maximum call stack size exceeded\n\n/g, '')
          : o.stderr;
      if (/^\s+at |Node\.js v\d|^\w*Error: |Exception in |Trace: /m.test(stderr)) say('a stack or crash report');
      if (/^\(node:\d+\) \w*Warning: /m.test(stderr)) say("a warning of Node.js's");
      const documented = DOCUMENTED.has(o.status!) && (o.status !== 0 || c.mayPass === true);
      if (c.code !== undefined ? o.status !== c.code : !documented) say(`exit code ${o.status}, expected ${c.code ?? 'a documented failure'}`);
      if (c.line !== undefined && !c.line.test(lines[0] ?? '')) say(`its line does not match ${c.line}`);
      if (o.status !== 0 && lines.length === 0 && o.status !== c.code) say('no line says why');
      if (o.info !== undefined && o.info.status !== 0) say(`its recording cannot be read: ${o.info.stderr.trim()}`);
    }
    assert.deepEqual(problems, [], `${problems.length} of ${all.length} cases went badly`);
  });
});
