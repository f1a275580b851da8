/**
 * The `params` benchmark: a generated ROS 2 parameter file of many nodes, loaded in a process of
 * its own (seconds and peak resident memory), and given to `rclsim run` whole.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * A parameter file of about `bytes` bytes: `/**` and one section per node, 40 parameters each
 * (integers, doubles, bools, quoted and plain strings, integer and double arrays, a nested
 * map with a string array), as robot bring-up files hold them.
 */
export function paramsFileText(bytes: number): string {
  const parts = ['/**:\n  ros__parameters:\n    use_sim_time: false\n'];
  let size = parts[0]!.length;
  for (let n = 0; size < bytes; n++) {
    const lines = [`robot_${n % 97}_${n}:`, `  node_${n}:`, '    ros__parameters:'];
    for (let p = 0; p < 40; p++) {
      const value = [
        `rate_${p}: ${(n * 31 + p) % 1000}`,
        `gain_${p}: ${((n + p) * 0.137).toFixed(4)}`,
        `enabled_${p}: ${p % 3 === 0}`,
        `frame_${p}: "base_link_${n}"`,
        `ids_${p}: [${n}, ${p}, ${n + p}]`,
        `weights_${p}: [0.5, 1.25, ${p}.0]`,
        `limits_${p}:\n        min: -${p}.5\n        max: ${p}.5\n        names: [a, b, c]`,
        `label_${p}: sensor ${n} ${p}`,
      ][p % 8];
      lines.push(`      ${value}`);
    }
    const text = `${lines.join('\n')}\n`;
    parts.push(text);
    size += text.length;
  }
  return parts.join('');
}

/** Writes a parameter file of about `mib` MiB to `path`. */
export function writeParamsFile(path: string, mib: number): void {
  writeFileSync(path, paramsFileText(mib * 1024 * 1024));
}

/** Loading `path` in a fresh process: seconds (the load alone) and the process's peak resident MiB. */
export function paramsLoad(path: string): { seconds: number; peakMiB: number } {
  const child = spawnSync(process.execPath, [join(import.meta.dirname, 'paramsLoad.js'), path], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`paramsLoad failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { seconds: number; peakMiB: number };
}

/** `rclsim run examples/parameters/job.yaml --params-file path`, process start to exit, in seconds. */
export function runWithParamsFile(repoRoot: string, path: string): number {
  const start = performance.now();
  const child = spawnSync(
    process.execPath,
    [join(repoRoot, 'dist/src/cli/main.js'), 'run', join(repoRoot, 'examples/parameters/job.yaml'), '--params-file', path, '--quiet'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (child.status !== 0) throw new Error(`rclsim run --params-file failed: ${child.stderr}`);
  return (performance.now() - start) / 1000;
}
