import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourcePathsOf } from '../src/world/description/resources.js';
import { readModelText, readWorldFile } from '../src/world/description/sdfFile.js';
import type { WorldHit } from '../src/world/SimulatedWorld.js';
import { SimulatedWorld } from '../src/world/SimulatedWorld.js';
import { benchDir } from './bagBench.js';
import { median } from './measure.js';
import { worldFiles } from './worldBench.js';

/** The bench's room with `robots` robots spawned where its job spawns them, each driving on a curve. */
function benchWorld(robots: number): SimulatedWorld {
  const dir = benchDir();
  try {
    worldFiles(join(dir.path, 'costs'), robots, 1, 360);
    const options = { paths: resourcePathsOf({}, null), warn: () => {} };
    const world = new SimulatedWorld(readWorldFile(join(dir.path, 'costs/room.sdf'), options), { originNs: 0n, seed: 0, warn: () => {} });
    const robot = readFileSync(join(dir.path, 'costs/robot.sdf'), 'utf8');
    for (let r = 0; r < robots; r++) {
      const model = readModelText(robot.replace('name="robot"', `name="r${r}"`), 'robot.sdf', options);
      world.spawn(model, { position: { x: -7 + (r % 5) * 3.5, y: -8 + Math.floor(r / 5) * 0.8, z: 0 }, rotation: { x: 0, y: 0, z: 0, w: 1 } });
      world.bus.publish(`/model/r${r}/cmd_vel`, 'gz.msgs.Twist', { linear: { x: 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0.1 } });
    }
    return world;
  } finally {
    dir.done();
  }
}

/** Microseconds per physics step (drives, bodies, contacts; no sensor outputs), median of `repeats` runs of 10,000 steps. */
export function stepMicros(robots: number, repeats: number): number {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const world = benchWorld(robots);
    world.advanceTo(1000);
    const start = performance.now();
    world.advanceTo(11_000);
    times.push(((performance.now() - start) * 1e3) / 10_000);
  }
  return median(times);
}

/** Nanoseconds per lidar ray cast in the room (360 rays a turn from the robot's lidar, 1,000 turns), median of `repeats`. */
export function rayNanos(repeats: number): number {
  const world = benchWorld(1);
  const hit: WorldHit = { distance: 0, collision: '', retro: 0 };
  const origin = { x: -6.9, y: -8, z: 0.3 };
  const directions = Array.from({ length: 360 }, (_, i) => {
    const angle = -Math.PI + (i * 2 * Math.PI) / 360;
    return { x: Math.cos(angle), y: Math.sin(angle), z: 0 };
  });
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    for (let turn = 0; turn < 1000; turn++) for (const d of directions) world.castRay(origin, d, 0.1, 12, hit);
    times.push(((performance.now() - start) * 1e6) / 360_000);
  }
  return median(times);
}
