import assert from 'node:assert/strict';
import { copyFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseJobFile } from '../../src/job/jobFile.js';
import type { RunSummary } from '../../src/job/RunSummary.js';
import { runJob } from '../../src/job/runJob.js';
import { LogOutput } from '../../src/ros/LogOutput.js';
import { explicitFaultsJobText } from '../../src/sweep/explicitFaults.js';
import { repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A copy of examples/world (a room 8 × 6 m, a rover with a lidar and an IMU, a bridge config) with the fault probe. */
function yard(): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
  copyFileSync(join(repoRoot, 'test/fixtures/world/faultProbe.cjs'), join(dir, 'faultProbe.cjs'));
  return dir;
}

/** A job of the rover in the yard, the probe driving it east at `speed` from 1 s, with these faults. */
function job(faults: string, speed = 0, end = '4s'): string {
  return `end: { after: ${end} }
world:
  sdf: yard.sdf
  ground_truth: 100
  spawn: [{ file: rover.sdf, pose: [0, 0, 0, 0, 0, 0] }]
  bridge: [{ config_file: bridge.yaml }]
${faults === '' ? '' : `faults:\n${faults}`}nodes:
  - script: faultProbe.cjs
    parameters: { speed: ${speed} }
`;
}

/** Runs a job in the yard in this process: its summary and the probe's lines (without the level, time and node). */
async function run(dir: string, text: string, seed = 0): Promise<{ summary: RunSummary; lines: string[] }> {
  const lines: string[] = [];
  const logOutput = new LogOutput((_record, line) => {
    const probe = /\[fault_probe\]: (.*)$/.exec(line);
    if (probe !== null) lines.push(probe[1]!);
  });
  const summary = await runJob(parseJobFile(text, join(dir, 'job.yaml')), { seed, logOutput });
  return { summary, lines };
}

/** What the probe logged of a sensor: each message's stamp (s) and its values' RMS change from the first. */
function readings(lines: string[], sensor: 'scan' | 'imu'): { t: number; rms: number }[] {
  return lines.filter((line) => line.startsWith(`${sensor} `)).map((line) => ({ t: Number(line.split(' ')[1]) / 1e9, rms: Number(line.split(' ')[2]) }));
}

/** The odometry's and the true pose at the probe's line for time `t` (every 500 ms): x, y and yaw. */
function poseAt(lines: string[], index: number): { odom: number[]; truth: number[] } {
  const numbers = lines
    .filter((line) => line.startsWith('pose '))
    [index]!.match(/-?\d+\.\d+/g)!
    .map(Number);
  const pose = (x: number, y: number, qz: number, qw: number) => [x, y, 2 * Math.asin(qz) * Math.sign(qw)];
  return {
    odom: pose(...(numbers.slice(0, 4) as [number, number, number, number])),
    truth: pose(...(numbers.slice(4, 8) as [number, number, number, number])),
  };
}

describe("faults in the robot's world: sensors, wheels and bodies", () => {
  it('a dead sensor publishes nothing in its interval; a noise burst adds its deviation to the ranges and the IMU values in its own', async () => {
    const dir = yard();
    const { summary, lines } = await run(
      dir,
      job(`  - { name: dead-lidar, sensor: rover/base_link/lidar, dropout: true, from: 1500ms, until: 2500ms }
  - { name: glare, sensor: /scan, noise_burst: 0.05, from: 3s, until: 3500ms }
  - { name: shaky, sensor: 'rover/*/imu', noise_burst: 0.2, from: 3200ms, until: 3300ms }
`),
    );
    const scans = readings(lines, 'scan');
    // The lidar's 10 Hz grid, with none at 1.5 … 2.4 s: the interval is [from, until).
    assert.deepEqual(
      scans.map((s) => s.t).filter((t) => t >= 1.3 && t <= 2.6),
      [1.3, 1.4, 2.5, 2.6],
    );
    // The rover stands: its scans change only in the burst, by its deviation (360 rays a scan).
    const burst = scans.filter((s) => s.t >= 3 && s.t < 3.5);
    assert.equal(burst.length, 5);
    for (const { rms } of burst) assert.ok(Math.abs(rms - 0.05) < 0.0075, `a scan's RMS change ${rms} is not near 0.05`);
    assert.ok(scans.filter((s) => s.t < 3 || s.t >= 3.5).every((s) => s.rms === 0));
    const imu = readings(lines, 'imu');
    const shaken = imu.filter((m) => m.rms > 0);
    assert.deepEqual(
      shaken.map((m) => m.t),
      [3.2, 3.21, 3.22, 3.23, 3.24, 3.25, 3.26, 3.27, 3.28, 3.29],
    );
    // 60 values (six a message): their RMS near the burst's 0.2.
    const overall = Math.sqrt(shaken.reduce((sum, m) => sum + m.rms * m.rms, 0) / shaken.length);
    assert.ok(Math.abs(overall - 0.2) < 0.05, `the IMU's RMS change ${overall}`);
    assert.deepEqual(summary.faults!.occurrences, [
      { fault: 'dead-lidar', sensor: 'rover/base_link/lidar', at: 1_500_000_000, until: 2_500_000_000, dropout: true },
      { fault: 'glare', sensor: '/scan', at: 3_000_000_000, until: 3_500_000_000, noise_burst: 0.05 },
      { fault: 'shaky', sensor: 'rover/*/imu', at: 3_200_000_000, until: 3_300_000_000, noise_burst: 0.2 },
    ]);
  });

  it('a stuck wheel turns the rover about it; a slipping one lets the odometry run ahead of the truth by its slip; a push moves the body', async () => {
    const dir = yard();
    const clean = await run(dir, job('', 0.5));
    const stuck = await run(dir, job('  - { name: jam, wheel: rover/left_wheel_joint, stuck: true, from: 2s, until: 3s }\n', 0.5));
    const slip = await run(dir, job("  - { name: mud, wheel: 'rover/*_wheel_joint', slip: 0.5, from: 2s }\n", 0.5));
    const push = await run(dir, job('  - { name: shove, model: rover, push: [0, 0.5], at: 2s }\n', 0.5));
    // Poses at 0.5 s, 1 s, … : index 3 is 2 s, 5 is 3 s, 7 is 4 s.
    assert.deepEqual(poseAt(clean.lines, 7).truth.slice(1), [0, 0]);
    assert.deepEqual(poseAt(stuck.lines, 3), poseAt(clean.lines, 3));
    // The right wheel drives 0.5 m/s for 1 s about the left one, 0.34 m away: 0.5 / 0.34 rad.
    const turned = poseAt(stuck.lines, 7).truth[2]!;
    assert.ok(Math.abs(turned - 0.5 / 0.34) < 0.01, `turned ${turned} rad`);
    // Slip 0.5 on both wheels: the truth moves half what the wheels turn, which the odometry integrates.
    const [odom2, truth2] = [poseAt(slip.lines, 3).odom[0]!, poseAt(slip.lines, 3).truth[0]!];
    const [odom4, truth4] = [poseAt(slip.lines, 7).odom[0]!, poseAt(slip.lines, 7).truth[0]!];
    assert.ok(Math.abs(odom4 - odom2 - 1) < 0.001, `the odometry went ${odom4 - odom2} m`);
    assert.ok(Math.abs((truth4 - truth2) / (odom4 - odom2) - 0.5) < 0.01, `the truth went ${truth4 - truth2} m`);
    // 0.5 m/s sideways, held by the wheels' grip within a few centimetres; the drive goes on east.
    const pushed = poseAt(push.lines, 7).truth;
    assert.ok(pushed[1]! > 0.01 && pushed[1]! < 0.03, `pushed ${pushed[1]} m north`);
    assert.ok(Math.abs(pushed[0]! - poseAt(clean.lines, 7).truth[0]!) < 0.001);
    assert.deepEqual(push.summary.faults!.occurrences, [{ fault: 'shove', model: 'rover', at: 2_000_000_000, push: [0, 0.5] }]);
  });

  it('the same seed fires the same faults (also under --perturb), each in the trace; written out explicitly they replay the run', () => {
    const dir = yard();
    const faults = `  - { name: glare, sensor: /scan, noise_burst: 0.1, rate: 2, duration: 200ms }
  - { name: bumps, model: rover, push: 0.2, rate: 1 }
  - { name: jams, wheel: rover/right_wheel_joint, stuck: true, rate: 0.5, duration: 100ms }
`;
    writeTemp(dir, 'faulty.yaml', job(faults, 0.5));
    const summary = (args: string[]) => {
      const result = runCli(['run', 'faulty.yaml', '--seed', '3', '--json', ...args], dir, 120_000);
      assert.equal(result.status, 0, result.stderr);
      return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as RunSummary;
    };
    const first = summary(['--trace', 'faulty.trace']);
    assert.equal(summary([]).fingerprint, first.fingerprint);
    assert.equal(summary(['--perturb']).fingerprint, first.fingerprint);
    const byName = first.faults!.byName;
    assert.ok(byName.glare! >= 3 && byName.bumps! >= 2 && byName.jams! >= 1, JSON.stringify(byName));
    const trace = readFileSync(join(dir, 'faulty.trace'), 'utf8');
    const fired = trace.split('\n').filter((line) => line.split('\t')[1] === 'fault');
    assert.equal(fired.length, first.faults!.fired);
    assert.ok(
      fired.some((line) => line.includes('\tfault bumps\t') && line.includes('\trover\t')),
      fired.join('\n'),
    );
    // Each push's direction was drawn; written out, it is explicit.
    const bump = first.faults!.occurrences.find((o) => 'push' in o) as { push: number[] };
    assert.equal(bump.push.length, 2);
    assert.ok(Math.abs(Math.hypot(bump.push[0]!, bump.push[1]!) - 0.2) < 1e-12);
    writeTemp(dir, 'explicit.yaml', explicitFaultsJobText(job(faults, 0.5), first.faults!.occurrences, 3));
    const explicit = runCli(['run', 'explicit.yaml', '--json'], dir, 120_000);
    assert.equal(explicit.status, 0, explicit.stderr);
    const replayed = JSON.parse(explicit.stdout.trim().split('\n').at(-1)!) as RunSummary;
    assert.equal(replayed.fingerprint, first.fingerprint);
    assert.deepEqual(replayed.faults!.occurrences, first.faults!.occurrences);
  });

  it('swarm turns world faults on and off by the seed and scales them; the same seed, the same mix', async () => {
    const dir = yard();
    const faults = `  - { name: glare, sensor: /scan, noise_burst: 0.1, rate: 2, duration: 200ms }
  - { name: bumps, model: rover, push: 0.2, rate: 1 }
  - { name: mud, wheel: rover/left_wheel_joint, slip: 0.4, from: 1s }
`;
    const runs: RunSummary[] = [];
    for (const seed of [1, 1, 2, 3, 4])
      runs.push(await runJob(parseJobFile(job(faults), join(dir, 'job.yaml')), { seed, swarm: true, logOutput: new LogOutput(() => {}) }));
    assert.equal(runs[0]!.fingerprint, runs[1]!.fingerprint);
    assert.deepEqual(runs[0]!.faults, runs[1]!.faults);
    const mixes = new Set(runs.map((r) => r.faults!.on.join(',')));
    assert.ok(mixes.size > 1, [...mixes].join(' | '));
    for (const r of runs) {
      for (const o of r.faults!.occurrences) {
        if ('slip' in o) assert.ok(o.slip > 0.1 && o.slip <= 0.8 && o.slip !== 0.4, `slip ${o.slip}`);
        if ('push' in o) {
          const speed = Math.hypot(o.push[0]!, o.push[1]!);
          assert.ok(speed >= 0.05 && speed < 0.4 && Math.abs(speed - 0.2) > 1e-9, `push ${speed}`);
        }
      }
    }
  });

  it('refuses bad faults in one line naming the file, line and field; a name the world has not is a warning', () => {
    const dir = yard();
    // `head`: the job's lines before its faults (none: the rover in the yard).
    const refused = (faults: string, expected: RegExp, head?: string) => {
      const text = head === undefined ? job(faults) : `${head}faults:\n${faults}nodes:\n  - script: faultProbe.cjs\n`;
      writeTemp(dir, 'bad.yaml', text);
      const result = runCli(['run', 'bad.yaml'], dir, 60_000);
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
      assert.match(result.stderr, expected);
    };
    refused(
      '  - { name: x, sensor: /scan, dropout: true }\n',
      /bad\.yaml:3: faults\[0\]\.sensor: is in the robot's world, but the job has no 'world'/,
      'end: { after: 1s }\n',
    );
    // Another engine's world (MuJoCo) has no sensors, wheels or bodies the faults reach.
    copyFileSync(join(repoRoot, 'examples/mujoco-arm/arm.xml'), join(dir, 'arm.xml'));
    refused(
      '  - { name: x, model: arm, push: 0.1, rate: 0.5 }\n',
      /bad\.yaml:4: faults\[0\]\.model: is in the robot's world, but the job's world is another engine's, which faults and checks do not reach/,
      'end: { after: 1s }\nworld: { mujoco: arm.xml }\n',
    );
    refused(
      '  - { name: x, wheel: left_wheel_joint, stuck: true }\n',
      /bad\.yaml:8: faults\[0\]\.wheel: 'left_wheel_joint' must name a model and its wheel's joint: model\/joint/,
    );
    refused(
      '  - { name: x, model: rover, push: [0, 1], at: 1s, duration: 1s }\n',
      /bad\.yaml:8: faults\[0\]\.duration: a push is an instant: it takes at or rate, no duration/,
    );
    refused(
      '  - { name: x, sensor: /scan, dropout: true, at: 1s }\n',
      /bad\.yaml:8: faults\[0\]\.at: a dropout lasts: it takes from and until, or rate and duration/,
    );
    refused('  - { name: x, sensor: /scan, noise_burst: 0.1, rate: 1 }\n', /bad\.yaml:8: faults\[0\]: a noise_burst at a rate needs rate and duration/);
    refused('  - { name: x, sensor: /scan, stuck: true }\n', /bad\.yaml:8: faults\[0\]\.stuck: is no key of a sensor fault/);
    refused('  - { name: x, wheel: rover/left_wheel_joint, slip: 1.5 }\n', /bad\.yaml:8: faults\[0\]\.slip: must be <= 1/);
    refused('  - { name: x, topic: /scan, drop: 0.1, rate: 1 }\n', /bad\.yaml:8: faults\[0\]\.rate: is no key of a topic fault/);
    writeTemp(
      dir,
      'mistyped.yaml',
      job('  - { name: blind, sensor: rover/base_link/lidr, dropout: true }\n  - { name: jam, wheel: rover/left_wheel, stuck: true }\n'),
    );
    const warned = runCli(['run', 'mistyped.yaml'], dir, 60_000);
    assert.equal(warned.status, 0, warned.stderr);
    assert.match(
      warned.stdout,
      /warning: fault 'blind' never matched: the world has no sensor \(model\/link\/sensor, or its topic\) matching 'rover\/base_link\/lidr'/,
    );
    assert.match(warned.stdout, /warning: fault 'jam' never matched: the world has no wheel joint \(model\/joint\) matching 'rover\/left_wheel'/);
  });
});
