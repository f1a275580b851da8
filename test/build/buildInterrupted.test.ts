import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, runCli, tempDir } from '../support/helpers.js';
import { leftBehind, startMarked, waitForFile } from '../support/interruptedCommand.js';

// A first build may build rclsim's C++ client into the cache (about a minute on 2 vCPUs).
const BUILD_MS = 300_000;

/** A workspace of one CMake package `slow` whose CMakeLists is `cmake` (STEP: the path of `step.sh`, which says it began, the file `begun` in the workspace, then takes ten minutes). */
function workspace(cmake: string): string {
  const root = tempDir();
  const folder = join(root, 'src/slow');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.xml'),
    '<?xml version="1.0"?>\n<package format="3">\n  <name>slow</name>\n  <version>0.0.0</version>\n  <export><build_type>cmake</build_type></export>\n</package>\n',
  );
  writeFileSync(join(folder, 'step.sh'), `echo begun > ${join(root, 'begun')}\nsleep 600\n`);
  writeFileSync(
    join(folder, 'CMakeLists.txt'),
    `cmake_minimum_required(VERSION 3.10)\nproject(slow NONE)\n${cmake.replace('STEP', join(folder, 'step.sh'))}\n`,
  );
  return root;
}

describe('rclsim build stopped partway: by SIGINT or SIGTERM, by a configure that failed', needs('C++ toolchain'), () => {
  for (const { when, cmake, how } of [
    { when: 'while make runs a step', cmake: 'add_custom_target(step ALL COMMAND sh STEP VERBATIM)', how: 'SIGTERM to rclsim alone' },
    { when: 'while CMake configures', cmake: 'execute_process(COMMAND sh STEP)', how: 'Ctrl-C to the terminal group' },
  ]) {
    it(`ends cmake and what it started ${when} (${how}): one line naming the package, 128 + the signal`, async () => {
      const root = workspace(cmake);
      const command = startMarked(['build'], root);
      await waitForFile(join(root, 'begun'), BUILD_MS);
      const group = how.startsWith('Ctrl-C');
      process.kill(group ? -command.pid : command.pid, group ? 'SIGINT' : 'SIGTERM');
      const ended = await command.ended;
      assert.equal(ended.status, group ? 130 : 143, ended.stderr);
      assert.equal(ended.stderr.trimEnd().split('\n').at(-1), `rclsim: interrupted by ${group ? 'SIGINT' : 'SIGTERM'} while building package slow (src/slow)`);
      assert.deepEqual(await leftBehind(command.marker), []);
    });
  }

  it('configures a package again when its last configure did not end well (colcon: no build file), and builds it', () => {
    const root = workspace('message(FATAL_ERROR "not yet")');
    const failed = runCli(['build'], root, BUILD_MS);
    assert.equal(failed.status, 2, failed.stderr);
    assert.match(failed.stderr, /not yet/);
    writeFileSync(
      join(root, 'src/slow/CMakeLists.txt'),
      'cmake_minimum_required(VERSION 3.10)\nproject(slow NONE)\ninstall(FILES package.xml DESTINATION share/slow)\n',
    );
    const fixed = runCli(['build'], root, BUILD_MS);
    assert.equal(fixed.status, 0, fixed.stderr);
    assert.match(fixed.stderr, /^Finished <<< slow/m);
  });
});
