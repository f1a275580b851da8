import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { type CliResult, repoRoot, runCli, tempDir } from '../support/helpers.js';

/** What starts programs and runs them: a command that only reads a job never needs it. */
const RUNNING = ['dist/src/job/runJob.js', 'dist/src/sim/Simulation.js', 'dist/src/job/programs.js', 'dist/src/job/separateProgram.js'];

/** Runs `rclsim args` in `dir` and gives what it said and the modules of rclsim's it loaded, on any thread. */
function loading(args: string[], dir: string): CliResult & { loaded: string[] } {
  const log = join(dir, 'modules.log');
  writeFileSync(log, '');
  const hooks = pathToFileURL(join(repoRoot, 'dist/test/support/moduleLog.js')).href;
  const result = runCli(args, dir, 60_000, { NODE_OPTIONS: `--import=${hooks}`, RCLSIM_MODULE_LOG: log });
  const root = pathToFileURL(`${repoRoot}/`).href;
  const loaded = readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(`${root}dist/src/`))
    .map((url) => url.slice(root.length));
  return { ...result, loaded };
}

// The CLI is started hundreds of times by the tests (test/cli/hostile.test.ts) and by users' scripts:
// a job refused as it is read is one line, and should cost a job file's parsing, not the simulation's load.
describe("rclsim's start", () => {
  it('a job refused as it is read loads neither the simulation nor what starts programs; a good one loads both', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'talker.js'), "require('rclnodejs').init().then(() => process.exit(0));\n");
    writeFileSync(join(dir, 'refused.yaml'), 'nodes:\n  - script: talker.js\n    bogus: 1\n');
    writeFileSync(join(dir, 'good.yaml'), 'nodes:\n  - script: talker.js\nend:\n  after: 1s\n');
    const refused = loading(['run', 'refused.yaml'], dir);
    assert.equal(refused.status, 2, refused.stderr);
    assert.match(refused.stderr, /^rclsim: refused\.yaml:3: /);
    assert.deepEqual(
      RUNNING.filter((module) => refused.loaded.includes(module)),
      [],
    );
    // The log sees what a run loads: the assertion above can fail.
    const good = loading(['run', 'good.yaml'], dir);
    assert.equal(good.status, 0, good.stderr);
    assert.deepEqual(
      RUNNING.filter((module) => good.loaded.includes(module)),
      RUNNING,
    );
  });
});
