import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

const BUILD_MS = 300_000;

describe("ament_generate_version_header: a library's version.h from package.xml's version", needs('C++ toolchain'), () => {
  it('defines the version macros and _VERSION_GTE as ament_cmake_gen_version_h does, and installs the header', () => {
    cppClientBuilt();
    const workspace = tempDir();
    cpSync(join(repoRoot, 'test/fixtures/cpp/version_header'), workspace, { recursive: true });
    const build = runCli(['build'], workspace, BUILD_MS);
    assert.equal(build.status, 0, build.stderr);
    const run = spawnSync(join(workspace, 'install/lib/versioned/print_version'), { encoding: 'utf8' });
    // GTE(4,27,1) GTE(3,99,99) true; GTE(4,27,2) GTE(4,28,0) false.
    assert.equal(run.stdout, '4.27.1 4.27.1 1100\n', run.stderr);
    assert.match(readFileSync(join(workspace, 'install/include/versioned/versioned/version.h'), 'utf8'), /#define VERSIONED_VERSION_STR "4\.27\.1"/);
  });
});
