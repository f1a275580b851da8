// Debian's Python for another CPU, run under qemu-user: scripts/checkArch.mjs puts it first on the
// PATH of that CPU's runs, so a job's Python programs run on the emulated CPU too (its libm, its
// compiler's contractions), not natively beside an emulated Node.js. Debian's packages for that
// architecture are fetched with `apt-get download` (the machine must know the architecture:
// `dpkg --add-architecture arm64 && apt-get update`) and unpacked into a sysroot in the cache.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_CACHE } from './officialNode.mjs';

/**
 * Debian bookworm's interpreter and what it loads (libc, libm and the standard library), and
 * PyYAML with its libyaml (launch files' YAML: a bridge's config, parameter files).
 */
const PACKAGES = [
  'python3.11-minimal',
  'libpython3.11-minimal',
  'libpython3.11-stdlib',
  'libc6',
  'libexpat1',
  'zlib1g',
  'libffi8',
  'python3-yaml',
  'libyaml-0-2',
];
/** mpmath, for the client's portable math: pure Python, one package for every architecture. */
const ANY_ARCH_PACKAGES = ['python3-mpmath'];
const INTERPRETER = 'usr/bin/python3.11';
const MPMATH = 'usr/lib/python3/dist-packages/mpmath';
const YAML = 'usr/lib/python3/dist-packages/yaml';

/**
 * A folder holding a `python3` that runs Debian's `debianArch` interpreter under `qemu`, its
 * sysroot made the first time; throws with one line when the packages cannot be had.
 */
export function emulatedPython(qemu, debianArch) {
  const root = join(NODE_CACHE, `python-${debianArch}`);
  const bin = join(root, 'wrapper');
  if (![INTERPRETER, MPMATH, YAML].every((path) => existsSync(join(root, 'sysroot', path)))) {
    const debs = join(root, 'debs');
    rmSync(root, { recursive: true, force: true });
    mkdirSync(debs, { recursive: true });
    console.log(`fetching Debian's python3.11 for ${debianArch} (apt-get download) into ${root}`);
    const download = spawnSync('apt-get', ['download', ...PACKAGES.map((p) => `${p}:${debianArch}`), ...ANY_ARCH_PACKAGES], { cwd: debs, encoding: 'utf8' });
    if (download.status !== 0) {
      const why = (download.stderr || download.stdout || String(download.error)).trim().split('\n').pop();
      throw new Error(`apt-get download of python3.11:${debianArch} failed (${why}); run: dpkg --add-architecture ${debianArch} && apt-get update`);
    }
    for (const deb of readdirSync(debs)) spawnSync('dpkg-deb', ['-x', join(debs, deb), join(root, 'sysroot')]);
    rmSync(debs, { recursive: true, force: true });
    for (const path of [INTERPRETER, MPMATH, YAML]) {
      if (!existsSync(join(root, 'sysroot', path))) throw new Error(`unpacking python3.11:${debianArch} left no ${path}`);
    }
  }
  mkdirSync(bin, { recursive: true });
  const sysroot = join(root, 'sysroot');
  writeFileSync(join(bin, 'python3'), `#!/bin/sh\nexec ${qemu} -L ${sysroot} ${join(sysroot, INTERPRETER)} "$@"\n`);
  chmodSync(join(bin, 'python3'), 0o755);
  return bin;
}
