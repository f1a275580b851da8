import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A file of its own, beside test/cpp/programs.test.ts: the client built with the user's macros is
// minutes of a new machine's npm test, which the other programs' tests need not wait behind.

/** A program's build and run; the client is built before, in a hook with no time limit. */
const BUILD_MS = 240_000;

describe("the user's CXXFLAGS", needs('C++ toolchain'), () => {
  const CXXFLAGS = '-Iinclude -DNAME="world"';
  // The client is built with the user's macros too: a build of its own, minutes on a loaded
  // machine, made before the timed run (as the runner makes the client with none); only the
  // in-process variant, where `rclsim exec` runs greet.cpp.
  before(() => cppClientBuilt({ CXXFLAGS }, ['in-process']));

  it('takes an include folder and a macro (the client is built with them too, once)', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'include'));
    writeTemp(join(dir, 'include'), 'greeting.hpp', '#define GREETING "hello, "\n');
    writeTemp(dir, 'greet.cpp', '#include <iostream>\n#include "greeting.hpp"\nint main() {std::cout << GREETING << NAME << std::endl;}\n');
    const result = runCli(['exec', 'greet.cpp'], dir, BUILD_MS, { CXXFLAGS });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.split('\n')[0], 'hello, world');
  });
});
