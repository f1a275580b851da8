// Node's official Linux builds, fetched from the npm registry (the node-linux-<arch> packages)
// into a cache: scripts/checkArch.mjs runs jobs with those of other CPUs, tests with other
// versions of this one's (docs/design.md#determinism-rules, rule 6: the same fingerprint on any runtime version).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
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
  // Packed and unpacked in a folder of this process's own, then renamed into place whole: a
  // check:arch beside npm test (or two of them) never meets a half-written binary.
  const scratch = mkdtempSync(join(NODE_CACHE, '.unpacking-'));
  try {
    const pack = spawnSync('npm', ['pack', spec, '--pack-destination', scratch, '--silent'], { encoding: 'utf8', cwd: scratch });
    const tarball = pack.stdout.trim().split('\n').pop();
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${spec} failed: ${(pack.stderr || pack.stdout).trim().split('\n').pop()}`);
    const unpacked = join(scratch, 'node');
    mkdirSync(unpacked);
    const untar = spawnSync('tar', ['xzf', join(scratch, tarball), '-C', unpacked, '--strip-components=1', 'package/bin/node'], { encoding: 'utf8' });
    if (untar.status !== 0 || !existsSync(join(unpacked, 'bin/node'))) throw new Error(`unpacking ${tarball} failed: ${untar.stderr.trim()}`);
    // A folder without its binary is what an interrupted unpack of an older rclsim left.
    if (existsSync(dir) && !existsSync(binary)) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(unpacked, dir);
    } catch (error) {
      // Another process put it in place first: its copy serves.
      if (!existsSync(binary)) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return binary;
}
