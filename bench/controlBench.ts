/**
 * What the control workload costs (`npm run bench control`): examples/control (a
 * ros2_control-style arm, twelve rclcpp nodes in one program and an rclpy monitor) with its C++
 * program where a C++ program goes by default, and with `process: separate`, alternated.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { median, summaryOf } from './measure.js';

const CLI = new URL('../src/cli/main.js', import.meta.url).pathname;
const REPO = new URL('../..', import.meta.url).pathname;
const CONTROL = join(REPO, 'examples/control');

/** Where the job puts its C++ program: the default placement (the job as written), or a process of its own. */
export type ControlPlacement = 'asWritten' | 'separate';

interface Run {
  callbacks: number;
  wallSeconds: number;
  fingerprint: string;
}

/** examples/control/job.yaml in `dir`, its files named absolutely, its C++ program placed. */
function placedJob(dir: string, placement: ControlPlacement): string {
  const job = parse(readFileSync(join(CONTROL, 'job.yaml'), 'utf8')) as { params_files: string[]; nodes: { script: string; process?: string }[] };
  job.params_files = job.params_files.map((file) => resolve(CONTROL, file));
  for (const node of job.nodes) {
    node.script = resolve(CONTROL, node.script);
    if (placement === 'separate' && node.script.endsWith('.cpp')) node.process = 'separate';
  }
  const path = join(dir, `${placement}.yaml`);
  writeFileSync(path, stringify(job));
  return path;
}

function runJob(job: string, until: number): Run {
  const child = spawnSync(process.execPath, [CLI, 'run', job, '--until', `${until}s`, '--json', '--quiet'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (child.status !== 0) throw new Error(`rclsim run ${job} failed: ${child.stderr}`);
  return summaryOf<Run>(child.stdout);
}

export interface ControlFigures {
  callbacksPerSimSecond: number;
  callbacksPerSecond: Record<ControlPlacement, number>;
  timesRealTime: Record<ControlPlacement, number>;
  /** Each placement's fingerprints of its runs to `until`, and to `from`: one of each when the runs agree. */
  fingerprints: Record<ControlPlacement, string[]>;
}

/**
 * In-run speed of each placement: a run to `until` s of sim time less a run to `from` s (so
 * neither the build, the programs' start nor the first steps count), median of `rounds` rounds of
 * the placements alternated; callbacks per wall second and sim seconds per wall second.
 */
export function controlFigures(rounds = 3, from = 5, until = 20): ControlFigures {
  const dir = mkdtempSync(join(tmpdir(), 'rclsim-bench-control-'));
  try {
    const placements: ControlPlacement[] = ['asWritten', 'separate'];
    const jobs = Object.fromEntries(placements.map((p) => [p, placedJob(dir, p)])) as Record<ControlPlacement, string>;
    // Built before anything is timed.
    runJob(jobs.asWritten, 0.1);
    const rates = { asWritten: [] as number[], separate: [] as number[] };
    const factors = { asWritten: [] as number[], separate: [] as number[] };
    const fingerprints = { asWritten: new Set<string>(), separate: new Set<string>() };
    let callbacksPerSimSecond = 0;
    for (let i = 0; i < rounds; i++) {
      for (const placement of i % 2 === 0 ? placements : [...placements].reverse()) {
        const full = runJob(jobs[placement], until);
        const short = runJob(jobs[placement], from);
        const seconds = full.wallSeconds - short.wallSeconds;
        callbacksPerSimSecond = (full.callbacks - short.callbacks) / (until - from);
        rates[placement].push((full.callbacks - short.callbacks) / seconds);
        factors[placement].push((until - from) / seconds);
        fingerprints[placement].add(`${until}s:${full.fingerprint}`).add(`${from}s:${short.fingerprint}`);
      }
    }
    return {
      callbacksPerSimSecond,
      callbacksPerSecond: { asWritten: median(rates.asWritten), separate: median(rates.separate) },
      timesRealTime: { asWritten: median(factors.asWritten), separate: median(factors.separate) },
      fingerprints: { asWritten: [...fingerprints.asWritten], separate: [...fingerprints.separate] },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
