import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cppClientPlace } from '../../src/build/cppClient.js';
import { CPP_FLAGS, precompiledClientKey } from '../../src/build/cppProgram.js';
import { needs } from '../support/helpers.js';

/** `body`'s result with the environment's CXXFLAGS set to `flags`, as a user's shell sets it for `rclsim exec`. */
function withCxxflags<T>(flags: string, body: () => T): T {
  const before = process.env.CXXFLAGS;
  process.env.CXXFLAGS = flags;
  try {
    return body();
  } finally {
    if (before === undefined) delete process.env.CXXFLAGS;
    else process.env.CXXFLAGS = before;
  }
}

describe("the C++ client's precompiled header", needs('C++ toolchain'), () => {
  it("is one for every build of the library: a user's macro builds the library again, not its 135 MB header", () => {
    const messages = { key: 'the shipped messages' };
    const keys = (flags: string) =>
      withCxxflags(flags, () => ({ library: cppClientPlace(messages, true).key, header: precompiledClientKey(messages, CPP_FLAGS) }));
    const plain = keys('');
    const macro = keys('-DNAME="world"');
    assert.notEqual(macro.library, plain.library, 'the library is built with the macro');
    assert.equal(macro.header, plain.header, 'the header is compiled without it: the same one');
    // What it is built from still makes another.
    assert.notEqual(precompiledClientKey(messages, [...CPP_FLAGS, '-fPIC']), plain.header);
    assert.notEqual(precompiledClientKey({ key: 'other messages' }, CPP_FLAGS), plain.header);
  });
});
