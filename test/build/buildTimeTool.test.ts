import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { builtWorkspace } from '../support/builtWorkspace.js';
import { type CliResult, needs, repoRoot } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

const fixture = join(repoRoot, 'test/fixtures/cpp/build_time_tool');
const BUILD_MS = 300_000;

// generate_parameter_library's pattern: an ament_python package's console script that a CMake
// package finds with find_program and runs in a custom command, importing its own Python package.
describe("rclsim build: a Python package's console script is a tool a CMake package runs while it builds", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  let workspace: string;
  let build: CliResult;
  before(() => ({ workspace, build } = builtWorkspace(fixture, BUILD_MS)));

  it('lays the console script out in bin/ (no setup.cfg names another folder), as setuptools does', () => {
    assert.equal(build.status, 0, build.stderr);
    assert.match(readFileSync(join(workspace, 'install/bin/generate_header'), 'utf8'), /from header_gen_py\.generate import main/);
  });

  it("runs it from CMake with the workspace's install sourced (bin on PATH, its Python packages importable)", () => {
    assert.equal(build.status, 0, build.stderr);
    const greet = spawnSync(join(workspace, 'install/lib/uses_gen/greet'), { encoding: 'utf8' });
    assert.equal(greet.stdout, 'made at build time\n', greet.stderr);
  });
});
