// Node's official Linux builds, fetched from the npm registry (the node-linux-<arch> packages)
// into a cache: scripts/checkArch.mjs runs jobs with those of other CPUs, tests with other
// versions of this one's (docs/design.md#determinism-rules, rule 6: the same fingerprint on any runtime version).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the builds are kept: $RCLSIM_ARCH_CACHE, default ~/.cache/rclsim/arch. */
export const NODE_CACHE = process.env.RCLSIM_ARCH_CACHE || join(homedir(), '.cache/rclsim/arch');

/**
 * The `node` binary of node-linux-`arch`@`version` (`npm pack` the first time); throws with one
 * line when it cannot be had.
 */
export function officialNode(arch, version) {
  const dir = join(NODE_CACHE, `node-linux-${arch}-${version}`);
  const binary = join(dir, 'bin/node');
  if (existsSync(binary)) return binary;
  mkdirSync(NODE_CACHE, { recursive: true });
  const spec = `node-linux-${arch}@${version}`;
  console.log(`fetching ${spec} (npm pack) into ${NODE_CACHE}`);
  const pack = spawnSync('npm', ['pack', spec, '--pack-destination', NODE_CACHE, '--silent'], { encoding: 'utf8', cwd: NODE_CACHE });
  const tarball = pack.stdout.trim().split('\n').pop();
  if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${spec} failed: ${(pack.stderr || pack.stdout).trim().split('\n').pop()}`);
  mkdirSync(dir, { recursive: true });
  const untar = spawnSync('tar', ['xzf', join(NODE_CACHE, tarball), '-C', dir, '--strip-components=1', 'package/bin/node'], { encoding: 'utf8' });
  rmSync(join(NODE_CACHE, tarball), { force: true });
  if (untar.status !== 0 || !existsSync(binary)) throw new Error(`unpacking ${tarball} failed: ${untar.stderr.trim()}`);
  return binary;
}
