import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { type CliResult, needs, runCli, tempDir } from '../support/helpers.js';

// A program's build, and the client's when it is not in the cache yet (run alone, on a new machine).
const BUILD_MS = 600_000;

/** A plain CMake package (no ament): libraries whose CMakeLists ask for fused and fast math every way CMake has. */
const FILES: Record<string, string> = {
  'package.xml': `<?xml version="1.0"?>
<package format="3">
  <name>numeric</name>
  <version>0.0.0</version>
  <export><build_type>cmake</build_type></export>
</package>
`,
  'CMakeLists.txt': `cmake_minimum_required(VERSION 3.16)
project(numeric C CXX)
set(CMAKE_BUILD_TYPE Release)
set(CMAKE_CXX_FLAGS "\${CMAKE_CXX_FLAGS} -ffast-math")
add_library(fused STATIC fused.cpp)
add_library(fast SHARED fast.cpp fast.c)
target_compile_options(fast PRIVATE -Ofast -ffp-contract=fast)
set_source_files_properties(fast.c PROPERTIES COMPILE_OPTIONS "-ffp-contract=fast;-funsafe-math-optimizations")
`,
  // arm64's g++ fuses a*b+c into one fmadd by default when it optimizes (Release: -O3), with no flag at all.
  'fused.cpp': 'double fused(double a, double b, double c) { return a * b + c; }\n',
  // Vectorized at -O3 into fmla, and a reduction reassociated under fast math.
  'fast.cpp': `float axpy_sum(float * y, const float * x, float a, int n)
{
  float sum = 0;
  for (int i = 0; i < n; ++i) { y[i] = a * x[i] + y[i]; sum += y[i]; }
  return sum;
}
`,
  'fast.c': 'double fused_c(double a, double b, double c) { return a * b - c; }\n',
};

/** The fused multiply-add instructions of arm64 (scalar and vector) in a library's code. */
function fusedInstructions(file: string): string[] {
  const code = execFileSync('aarch64-linux-gnu-objdump', ['-d', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return code.split('\n').filter((line) => /\t(fn?madd|fn?msub|fmla|fmls)\s/.test(line));
}

describe('rclsim build and exec: the same floating-point bits on every CPU in every target', needs('C++ toolchain'), () => {
  it("leaves a program's value-changing CXXFLAGS out, with one line: fast math's start-up code would flush subnormals to zero", () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'subnormal.cpp'),
      '#include <cfloat>\n#include <cstdio>\nint main() { volatile double tiny = DBL_MIN; volatile double quarter = tiny / 4; std::printf("%a\\n", static_cast<double>(quarter)); }\n',
    );
    const run = runCli(['exec', 'subnormal.cpp'], dir, BUILD_MS, { CXXFLAGS: '-funsafe-math-optimizations' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.split('\n')[0], '0x0.4p-1022');
    assert.match(
      run.stderr,
      /^rclsim: subnormal\.cpp: -funsafe-math-optimizations left out: they make results differ between CPUs \(docs\/cpp-process\.md\)$/m,
    );
  });

  describe('for arm64', needs('arm64 cross compiler'), () => {
    let workspace: string;
    let cache: string;
    let build: CliResult;
    // A build cache of its own, to see what the build put there. Were rclsim's C++ client built
    // with the cross compiler, it would be minutes on a loaded machine: out of the timed part.
    before(() => {
      workspace = tempDir();
      cache = tempDir();
      const folder = join(workspace, 'src/numeric');
      mkdirSync(folder, { recursive: true });
      for (const [file, text] of Object.entries(FILES)) writeFileSync(join(folder, file), text);
      build = runCli(['build'], workspace, undefined, { CXX: 'aarch64-linux-gnu-g++', RCLSIM_CACHE: cache });
    });

    it("builds no C++ client for a workspace whose packages find none of rclsim's packages", () => {
      assert.equal(build.status, 0, build.stderr);
      assert.equal(existsSync(join(cache, 'cpp-client')), false, readdirSync(cache).join(' '));
    });

    it('compiles every library of a plain CMake package without fused multiply-adds or fast math, and says once per target what it left out', () => {
      assert.equal(build.status, 0, build.stderr);
      const built = join(workspace, 'build/numeric');
      assert.deepEqual(fusedInstructions(join(built, 'libfused.a')), []);
      assert.deepEqual(fusedInstructions(join(built, 'libfast.so')), []);
      const told = build.stderr.split('\n').filter((line) => line.startsWith('rclsim: package numeric'));
      assert.deepEqual(told.sort(), [
        'rclsim: package numeric target fast: -ffast-math -Ofast -ffp-contract=fast left out (-Ofast as -O3): they make results differ between CPUs (docs/cpp-process.md)',
        'rclsim: package numeric target fused: -ffast-math left out: they make results differ between CPUs (docs/cpp-process.md)',
      ]);
    });
  });
});
