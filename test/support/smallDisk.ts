import { spawnSync } from 'node:child_process';
import { type CliResult, cliPath, tempDir } from './helpers.js';

/** Whether this machine lets a test mount a tmpfs of its own (user and mount namespaces, no root needed). */
function namespacesWork(): boolean {
  return spawnSync('unshare', ['-rm', 'true']).status === 0;
}

/** The test options of a test that needs onSmallDisk. */
export function needsSmallDisk(): { skip?: string } {
  return namespacesWork() ? {} : { skip: 'needs unshare -rm (user and mount namespaces) to mount a small tmpfs' };
}

/**
 * Runs a shell script in a mount namespace of its own in which `$DISK` is an empty 1 MiB tmpfs,
 * so that a test can fill a real disk: `fill N` leaves N bytes of it free, `$RCLSIM` runs this
 * build's rclsim. Whatever the script leaves on the disk goes with the namespace: it lists what
 * the test checks on stdout.
 */
export function onSmallDisk(script: string): CliResult {
  const prelude = [
    'set -e',
    'DISK="$1"',
    'mount -t tmpfs -o size=1m tmpfs "$DISK"',
    `RCLSIM="${process.execPath} ${cliPath}"`,
    'fill() { head -c "$(($(df -B1 --output=avail "$DISK" | tail -1) - $1))" /dev/zero > "$DISK/filler" 2>/dev/null || true; }',
    'set +e',
  ];
  const result = spawnSync('unshare', ['-rm', 'sh', '-c', [...prelude, script].join('\n'), 'sh', tempDir()], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
