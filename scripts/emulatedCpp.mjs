// A job's C++ programs built for another CPU and run under qemu-user: scripts/checkArch.mjs builds
// them (and rclsim's C++ client) with Debian's cross compiler for that CPU (`CXX`), MPFR's and
// oneTBB's headers and libraries for it fetched with `apt-get download` (the machine must know the architecture:
// `dpkg --add-architecture arm64 && apt-get update`) into a sysroot in the cache, and starts them
// through a wrapper that runs them under qemu (`RCLSIM_CPP_PREFIX`, docs/cpp-process.md): their
// libm, their compiler's code and the client's portable math are that CPU's.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_CACHE } from './officialNode.mjs';

/**
 * MPFR for the client's portable math: its header (and GMP's, which it includes) and libraries;
 * oneTBB for programs that reduce in parallel (examples/cpp-icp), with the libraries its CMake
 * config names (tbbmalloc, tbbbind).
 */
const PACKAGES = ['libmpfr-dev', 'libmpfr6', 'libgmp-dev', 'libgmp10', 'libtbb-dev', 'libtbb12', 'libtbbmalloc2', 'libtbbbind-2-5'];

/**
 * The environment that builds a job's C++ programs for `debianArch` with `cxx` (its triplet's g++)
 * and runs them under `qemu` with `sysroot` (the cross libc): CXX, CPLUS_INCLUDE_PATH (MPFR's and
 * oneTBB's headers, which g++ reads for the client's build and the programs' alike),
 * CMAKE_PREFIX_PATH (where their CMake configs are) and RCLSIM_CPP_PREFIX (a wrapper). Throws with one line when the packages cannot be had.
 */
export function emulatedCpp(qemu, sysroot, debianArch, triplet) {
  const cxx = `${triplet}-g++`;
  if (spawnSync(cxx, ['--version']).status !== 0) throw new Error(`no ${cxx}: apt-get install g++-${triplet}`);
  const root = join(NODE_CACHE, `cpp-${debianArch}`);
  const mpfr = join(root, 'sysroot');
  const libraries = join(mpfr, 'usr/lib', triplet);
  const unpacked = ['usr/include/mpfr.h', `usr/lib/${triplet}/libmpfr.so.6`, 'usr/include/oneapi/tbb.h', `usr/lib/${triplet}/libtbb.so.12`];
  if (!unpacked.every((file) => existsSync(join(mpfr, file)))) {
    const debs = join(root, 'debs');
    rmSync(root, { recursive: true, force: true });
    mkdirSync(debs, { recursive: true });
    console.log(`fetching Debian's MPFR and oneTBB for ${debianArch} (apt-get download) into ${root}`);
    const download = spawnSync('apt-get', ['download', ...PACKAGES.map((p) => `${p}:${debianArch}`)], { cwd: debs, encoding: 'utf8' });
    if (download.status !== 0) {
      const why = (download.stderr || download.stdout || String(download.error)).trim().split('\n').pop();
      throw new Error(
        `apt-get download of ${PACKAGES.join(', ')} for ${debianArch} failed (${why}); run: dpkg --add-architecture ${debianArch} && apt-get update`,
      );
    }
    for (const deb of readdirSync(debs)) spawnSync('dpkg-deb', ['-x', join(debs, deb), mpfr]);
    rmSync(debs, { recursive: true, force: true });
    const missing = unpacked.filter((file) => !existsSync(join(mpfr, file)));
    if (missing.length > 0) throw new Error(`unpacking Debian's packages for ${debianArch} left no ${missing.join(', ')}`);
  }
  const wrapper = join(root, 'run-program');
  // qemu-user hands its environment to the program: the loader finds libmpfr.so.6 by LD_LIBRARY_PATH.
  writeFileSync(wrapper, `#!/bin/sh\nLD_LIBRARY_PATH=${libraries}\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} exec ${qemu} -L ${sysroot} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return {
    CXX: cxx,
    CPLUS_INCLUDE_PATH: `${join(mpfr, 'usr/include')}:${join(mpfr, 'usr/include', triplet)}`,
    // CMake's find_package(TBB) finds its config there.
    CMAKE_PREFIX_PATH: join(mpfr, 'usr'),
    RCLSIM_CPP_PREFIX: wrapper,
  };
}
