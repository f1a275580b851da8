// npm test (after npm run build): every dist/test/**/*.test.js, three files at a time (CONTRIBUTING.md), through the
// skip-summary reporter. Node 20's --test takes no glob, and given a folder it would also run every
// .js under a folder named test (the shared helpers, the conformance runners) as a test file: so
// the files are listed here. `node scripts/test.mjs --list` prints them instead of running them.
// What many files build (the ns-3 adapter, rclsim's C++ client) is built first, once, out of every
// test's timed part: on a new, busy machine the files would all wait on one build against their
// time limits (test/support/sharedBuilds.ts).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tests = join(root, 'dist/test');

/** The test files under `dir`, sorted by path so every run lists them alike. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return testFiles(path);
      return entry.name.endsWith('.test.js') ? [path] : [];
    })
    .sort();
}

/**
 * The files that take longest, started first: node:test starts the files in the order given as
 * slots free up, and one of them begun last would run on alone with one slot of three busy. The
 * rest by path. Stop 79's fresh clone (CONTRIBUTING.md): examples 708 s as one file, hostile 331 s,
 * programs 303 s with its CXXFLAGS client. Stop 80, each alone at load 5-11 (wall time): hostile
 * 142 s; guides 71 s, cppMessages 68 s, userCxxflags 63 s (the client with the user's macro, from
 * an empty cache), the examples' world 62 s, workspace 50 s, the examples' cpp 48 s, programs 44 s,
 * the examples' network 43 s, actions 40 s, the examples' nodes 34 s, inProcess 21 s.
 */
const LONGEST = [
  'dist/test/cli/hostile.test.js',
  'dist/test/house/guides.test.js',
  'dist/test/interfaces/cppMessages.test.js',
  'dist/test/cpp/userCxxflags.test.js',
  'dist/test/house/examples/world.test.js',
  'dist/test/build/workspace.test.js',
  'dist/test/house/examples/cpp.test.js',
  'dist/test/cpp/programs.test.js',
  'dist/test/house/examples/network.test.js',
  'dist/test/cpp/actions.test.js',
  'dist/test/house/examples/nodes.test.js',
  'dist/test/cpp/inProcess.test.js',
];

const byPath = testFiles(tests).map((file) => relative(root, file));
const files = [...LONGEST.filter((file) => byPath.includes(file)), ...byPath.filter((file) => !LONGEST.includes(file))];
if (process.argv.includes('--list')) {
  console.log(files.join('\n'));
  process.exit(0);
}
const { buildShared } = await import('../dist/test/support/sharedBuilds.js');
const { RUNNER_OPTIONS } = await import('../dist/test/support/runnerOptions.js');
await buildShared((line) => console.log(line));
const reporter = './dist/test/support/skipSummary.js';
const args = ['--test', ...RUNNER_OPTIONS, `--test-reporter=${reporter}`, ...files];
const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
// Ended by a signal (Ctrl-C reaches both processes): end by the same one.
if (result.signal !== null) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
