import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { cachedFolder, contentKey } from './buildCache.js';
import { CppBuildError, compilerCommand, compilerIdentity } from './compiler.js';

/**
 * Flags that make a result's last bits differ between CPUs (docs/cpp-process.md, "The same bits
 * on every CPU"): fused multiply-adds (arm64, ppc64le and s390x fuse `a*b+c` by default, x86-64
 * only with FMA), reassociation, reciprocals, and fast math's flush-to-zero at start-up
 * (crtfastmath.o, which g++ links for -Ofast and -funsafe-math-optimizations even when
 * -fno-fast-math follows). Left out of every compile and link, which says so once per target.
 */
const VALUE_CHANGING = [
  '-ffast-math',
  '-funsafe-math-optimizations',
  '-fassociative-math',
  '-freciprocal-math',
  '-ffinite-math-only',
  '-fno-signed-zeros',
  '-fcx-limited-range',
  '-ffp-contract=fast',
  '-ffp-contract=on',
];

/**
 * `flags` as rclsim's compiler passes them on: less VALUE_CHANGING, -Ofast as -O3. What the C++
 * client is built with of the user's CXXFLAGS: it does not take them to leave them out again.
 */
export function portableFlags(flags: readonly string[]): string[] {
  return flags.filter((flag) => !VALUE_CHANGING.includes(flag)).map((flag) => (flag === '-Ofast' ? '-O3' : flag));
}

/**
 * The flags that come last in every compile: no contraction of a*b+c into one rounding, no fast
 * math, and Eigen's scalar code instead of its SIMD kernels (SSE/AVX, NEON, VSX, zvector), whose
 * packet sizes and fused pmadd associate and round sums differently on each CPU. Eigen's large
 * matrix products add their inner sums in blocks sized by the CPU's caches (cpuid on x86-64):
 * one size everywhere (x86-64's defaults). Unvectorized, Eigen would also drop the 16-byte
 * alignment of its fixed-size types; they keep the alignment a default build for the target has
 * (16 bytes; none on s390x, where Eigen aligns nothing on the stack), so that they stay the layout
 * of Debian's libraries built with Eigen.
 */
export function numericFlags(targetMachine: string): string[] {
  const alignment = targetMachine.startsWith('s390x') ? [] : ['-DEIGEN_MAX_ALIGN_BYTES=16', '-DEIGEN_MAX_STATIC_ALIGN_BYTES=16'];
  const caches = ['-DEIGEN_NO_CPUID', '-DEIGEN_DEFAULT_L1_CACHE_SIZE=32768', '-DEIGEN_DEFAULT_L2_CACHE_SIZE=262144', '-DEIGEN_DEFAULT_L3_CACHE_SIZE=2097152'];
  return ['-ffp-contract=off', '-fno-fast-math', '-DEIGEN_DONT_VECTORIZE', ...caches, ...alignment];
}

/** A word quoted for sh. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * The script that runs `compiler` with the package's or user's arguments less VALUE_CHANGING
 * (-Ofast as -O3), then `flags`, where nothing a CMakeLists adds can come after them. It says
 * once per CMake target (a marker beside its objects: the first compile or link of the target
 * that had such a flag) what it left out, naming what is built (RCLSIM_BUILDING) and the target.
 */
function wrapperScript(compiler: string, flags: readonly string[]): string {
  return `#!/bin/sh
# rclsim's compiler (src/build/numericCompiler.ts): ${compiler} with the same floating-point bits on every CPU.
left_out=
for arg do
  shift
  case $arg in
    -Ofast) left_out="$left_out $arg"; set -- "$@" -O3 ;;
    ${VALUE_CHANGING.join('|')}) left_out="$left_out $arg" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
if [ -n "$left_out" ]; then
  what=\${RCLSIM_BUILDING:-a program}
  say=yes
  for arg do
    case $arg in
      *CMakeFiles/*.dir/*)
        dir=\${arg%%.dir/*}.dir
        target=\${dir##*CMakeFiles/}
        what="$what target \${target%.dir}"
        # Once per target: the first of its compiles and links that leaves a flag out says so.
        (set -C; : >"$dir/rclsim-left-out") 2>/dev/null || say=
        break ;;
    esac
  done
  case $left_out in *-Ofast*) left_out="$left_out left out (-Ofast as -O3)" ;; *) left_out="$left_out left out" ;; esac
  [ -z "$say" ] || echo "rclsim: $what:$left_out: they make results differ between CPUs (docs/cpp-process.md)" >&2
fi
exec ${shellWord(compiler)} "$@" ${flags.map(shellWord).join(' ')}
`;
}

/** The C compiler beside the C++ one: `CC`, else the C++ compiler's name with g++ as gcc, clang++ as clang, c++ as cc. */
function cCompilerCommand(cxx: string): string {
  if (process.env.CC) return process.env.CC;
  const named = cxx
    .replace(/g\+\+(-[\d.]+)?$/, 'gcc$1')
    .replace(/clang\+\+(-[\d.]+)?$/, 'clang$1')
    .replace(/c\+\+$/, 'cc');
  return named === cxx ? 'cc' : named;
}

/** What a compiler says it builds for (`-dumpmachine`: x86_64-linux-gnu, aarch64-linux-gnu…). */
function targetMachine(compiler: string): string {
  const run = spawnSync(compiler, ['-dumpmachine'], { encoding: 'utf8' });
  if (run.error !== undefined || run.status !== 0) throw new CppBuildError(`cannot run the compiler '${compiler}': ${run.error?.message ?? run.stderr.trim()}`);
  return run.stdout.trim();
}

/** rclsim's C++ and C compilers: the paths of their scripts. */
export interface NumericCompilers {
  cxx: string;
  /** Undefined when the C compiler beside the C++ one does not run (a package in C then says so). */
  cc: string | undefined;
  /** What they were made from (the compilers, the flags): a build by others is another build. */
  key: string;
}

let made: { command: string; compilers: NumericCompilers } | undefined;

/**
 * The compilers every C and C++ compile of rclsim goes through (`rclsim exec`'s programs,
 * `rclsim build`'s packages as CMAKE_CXX_COMPILER and CMAKE_C_COMPILER): the system's (`CXX`,
 * `CC`) with numericFlags last. Written once per content into the cache.
 */
export function numericCompilers(): NumericCompilers {
  const cxx = compilerCommand();
  if (made?.command === cxx) return made.compilers;
  const cxxScript = wrapperScript(cxx, numericFlags(targetMachine(cxx)));
  const c = cCompilerCommand(cxx);
  const cRuns = spawnSync(c, ['--version'], { encoding: 'utf8' });
  const cScript = cRuns.status === 0 ? wrapperScript(c, numericFlags(targetMachine(c))) : undefined;
  const key = contentKey([compilerIdentity(), cxxScript, cRuns.stdout ?? '', cScript ?? '']);
  // Named as the compilers are: CMake finds a cross compiler's ar and ranlib by its name's prefix
  // (aarch64-linux-gnu-), and a failed compile names the compiler (`g++ exited with 1`).
  const folder = cachedFolder('cpp-compilers', key, (into) => {
    for (const [name, script] of [
      [basename(cxx), cxxScript],
      [basename(c), cScript],
    ] as const) {
      if (script === undefined) continue;
      writeFileSync(join(into, name), script);
      chmodSync(join(into, name), 0o755);
    }
  });
  const compilers = { cxx: join(folder, basename(cxx)), cc: cScript === undefined ? undefined : join(folder, basename(c)), key };
  made = { command: cxx, compilers };
  return compilers;
}
