import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from '@foxglove/rosmsg';
import { MessageReader } from '@foxglove/rosmsg2-serialization';
import type { ReportData } from '../../src/report/ReportData.js';
import type { Model } from '../../src/world/description/description.js';
import { IDENTITY, quatFromEuler } from '../../src/world/geometry/pose.js';
import { mapModel, occupiedBoxes } from '../../src/world/maps/mapModel.js';
import { type OccupancyGrid, readOccupancyMap } from '../../src/world/maps/occupancyMap.js';
import { SimulatedWorld, type WorldHit } from '../../src/world/SimulatedWorld.js';
import { lastJsonLine, logLines, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { readMcap } from '../support/mcapFiles.js';

/**
 * office.yaml: 40 × 30 cells of 0.1 m from (-2, -1.5): a room outline one cell thick (its inner
 * faces at x = ±1.9, y = ±1.4), a pillar of 2 × 2 cells at rows 20–21, columns 10–11, and a patch
 * of unknown cells (rows 2–5, columns 30–33) that is no wall.
 */
const OFFICE = join(repoRoot, 'test/fixtures/world/maps/office.yaml');

/** examples/world (the rover, its bridges, the probe driving it east at 0.5 m/s from 1 s) with an empty floor and office.yaml. */
function office(): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
  for (const file of ['office.yaml', 'office.pgm', 'floor.sdf']) cpSync(join(repoRoot, 'test/fixtures/world/maps', file), join(dir, file));
  return dir;
}

const JOB = `end: { after: 7s }
world:
  sdf: floor.sdf
  maps: [office.yaml]
  contacts: true
  ground_truth: 10
  spawn: [{ file: rover.sdf, pose: [0, 0, 0, 0, 0, 0] }]
  bridge: [{ config_file: bridge.yaml }]
checks:
  - { name: no-collision, topic: /rclsim/world/contacts, never: "depth > 0" }
  - { name: stops, topic: /rclsim/world/rover/pose, always: "pose.position.x < 1.71" }
nodes:
  - script: probe.cjs
`;

/** A grid of `rows` strings, the bottom row first: '#' occupied, '?' unknown, '5' 50 (scale mode's grey), else free. */
function grid(rows: string[]): OccupancyGrid {
  const width = rows[0]!.length;
  const data = new Int8Array(width * rows.length);
  rows.forEach((row, r) => {
    for (let c = 0; c < width; c++) data[r * width + c] = row[c] === '#' ? 100 : row[c] === '?' ? -1 : row[c] === '5' ? 50 : 0;
  });
  return { width, height: rows.length, resolution: 1, origin: { x: 0, y: 0, yaw: 0 }, data };
}

/** A world of the given models alone, at its start. */
function worldOf(model: Model): SimulatedWorld {
  const description = { name: 'w', gravity: { x: 0, y: 0, z: -9.8 }, stepSize: 0.001, models: [model], plugins: [], place: { file: 'w', line: 1 } };
  return new SimulatedWorld(description, { originNs: 0n, seed: 0, warn: () => {} });
}

describe('occupancy maps as world geometry: the occupied cells as few boxes', () => {
  it("merges each row's runs, then equal runs of the rows above, into boxes in the order they start", () => {
    const boxes = occupiedBoxes(grid(['##.##', '##.#.', '###..', '?5...']));
    assert.deepEqual(boxes, [
      // Row 0's runs at columns 0–1 and 3–4; row 1's 0–1 and 3 (a narrower run: a new box); row 2's 0–2 (wider: a new one).
      { row: 0, column: 0, rows: 2, columns: 2 },
      { row: 0, column: 3, rows: 1, columns: 2 },
      { row: 1, column: 3, rows: 1, columns: 1 },
      { row: 2, column: 0, rows: 1, columns: 3 },
    ]);
  });

  it("makes office.yaml five boxes, none of its unknown cells, each a collision named by its bottom-left cell, on the grid's origin", () => {
    const map = readOccupancyMap(OFFICE);
    assert.deepEqual(
      occupiedBoxes(map).map(({ row, column, rows, columns }) => [row, column, rows, columns]),
      [
        [0, 0, 1, 40],
        [1, 0, 28, 1],
        [1, 39, 28, 1],
        [20, 10, 2, 2],
        [29, 0, 1, 40],
      ],
    );
    const model = mapModel(map, { name: 'office', height: 0.5, pose: IDENTITY, file: OFFICE });
    assert.equal(model.static, true);
    const [link] = model.links;
    assert.deepEqual(link!.pose.position, { x: -2, y: -1.5, z: 0 });
    const pillar = link!.collisions[3]!;
    assert.equal(pillar.name, 'cells_20_10');
    assert.deepEqual(pillar.geometry, { kind: 'box', size: { x: 0.2, y: 0.2, z: 0.5 } });
    assert.deepEqual(pillar.pose.position, { x: 1.1, y: 2.1, z: 0.25 });
  });

  it('keeps a big map a handful of boxes: a 4000 × 4000 outline is four', () => {
    const side = 4000;
    const data = new Int8Array(side * side);
    for (let i = 0; i < side; i++) data[i] = data[(side - 1) * side + i] = data[i * side] = data[i * side + side - 1] = 100;
    assert.equal(occupiedBoxes({ width: side, height: side, resolution: 0.05, origin: { x: 0, y: 0, yaw: 0 }, data }).length, 4);
  });

  it("is ray geometry where the map's origin and the model's pose put it", () => {
    const map = readOccupancyMap(OFFICE);
    const model = mapModel(map, { name: 'office', height: 1, pose: { position: { x: 1, y: 0, z: 0 }, rotation: quatFromEuler(0, 0, 0) }, file: OFFICE });
    const world = worldOf(model);
    const hit: WorldHit = { distance: 0, collision: '', retro: 0 };
    // The east wall's inner face at 1.9 + 1; the west one's at -1.9 + 1.
    world.castRay({ x: 0, y: 0, z: 0.5 }, { x: 1, y: 0, z: 0 }, 0, 100, hit);
    assert.equal(hit.collision, 'office::map::cells_1_39');
    assert.ok(Math.abs(hit.distance - 2.9) < 1e-9, `${hit.distance}`);
    world.castRay({ x: 0, y: 0, z: 0.5 }, { x: -1, y: 0, z: 0 }, 0, 100, hit);
    assert.equal(hit.collision, 'office::map::cells_1_0');
    assert.ok(Math.abs(hit.distance - 0.9) < 1e-9, `${hit.distance}`);
    // Above the walls' metre: nothing.
    world.castRay({ x: 0, y: 0, z: 1.5 }, { x: 1, y: 0, z: 0 }, 0, 100, hit);
    assert.equal(hit.collision, '');
    // A grid turned a quarter by its origin's yaw: its cell (0, 5), x 5 to 6 in the grid, is y 5 to 6 in the world.
    const turned = { ...grid(['.....#']), origin: { x: 0, y: 0, yaw: Math.PI / 2 } };
    const quarter = worldOf(mapModel(turned, { name: 'q', height: 1, pose: IDENTITY, file: 'q.yaml' }));
    quarter.castRay({ x: -0.5, y: 0, z: 0.5 }, { x: 0, y: 1, z: 0 }, 0, 100, hit);
    assert.equal(hit.collision, 'q::map::cells_0_5');
    assert.ok(Math.abs(hit.distance - 5) < 1e-9, `${hit.distance}`);
  });
});

describe("a job's world.maps: a SLAM map's walls in the world a robot drives in", () => {
  it('stops the rover at the wall (a contact on the map), the lidar seeing it at the right range; the same run twice', () => {
    const dir = office();
    writeTemp(dir, 'job.yaml', JOB);
    const result = runCli(['run', 'job.yaml'], dir, 120_000);
    assert.equal(result.status, 8, result.stderr);
    const probe = logLines(result.stderr).filter((line) => line.includes('[probe]'));
    // The lidar 0.1 m ahead of the rover's centre, the east wall's face at x = 1.9.
    assert.equal(probe[0], '[INFO] [1.000000000] [probe]: front 1.800 odom 0.000 imu 9.80');
    // The body's front 0.2 m ahead of its centre meets the face at x = 1.9 after 1.7 m at 0.5 m/s.
    assert.match(result.stdout, /no-collision: FAILED at 4\.428000000s: .*"model":"rover","collision":"base_link::body","other":"office::map::cells_1_39"/);
    assert.match(result.stdout, /stops: held/);
    const again = runCli(['run', 'job.yaml'], dir, 120_000);
    const fingerprint = (stdout: string) => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1];
    assert.ok(fingerprint(result.stdout));
    assert.equal(fingerprint(again.stdout), fingerprint(result.stdout));
  });

  it("is in the report's World section and the recorded scene the live view draws, as its five boxes", async () => {
    const dir = office();
    writeTemp(dir, 'job.yaml', `${JOB.replace('7s', '2s')}record:\n  path: run.mcap\n`);
    const result = runCli(['run', 'job.yaml', '--json', '--quiet', '--report', 'r.html'], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(lastJsonLine(result.stdout).fingerprint);
    const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(readFileSync(join(dir, 'r.html'), 'utf8'));
    const world = (JSON.parse(json![1]!) as ReportData).world!;
    assert.deepEqual(
      world.obstacles.map((shape) => (shape as { points: number[] }).points),
      [
        [-2, -1.5, 2, -1.5, 2, -1.4, -2, -1.4],
        [-2, -1.4, -1.9, -1.4, -1.9, 1.4, -2, 1.4],
        [1.9, -1.4, 2, -1.4, 2, 1.4, 1.9, 1.4],
        [-1, 0.5, -0.8, 0.5, -0.8, 0.7, -1, 0.7],
        [-2, 1.4, 2, 1.4, 2, 1.5, -2, 1.5],
      ],
    );
    const { reader, messages } = await readMcap(join(dir, 'run.mcap'));
    const channel = [...reader.channelsById.values()].find((c) => c.topic === '/rclsim/world/scene')!;
    const scene = new MessageReader(parse(new TextDecoder().decode(reader.schemasById.get(channel.schemaId)!.data), { ros2: true }));
    const update = scene.readMessage(messages.find((m) => m.topic === '/rclsim/world/scene')!.data) as { entities: { id: string; cubes: unknown[] }[] };
    // The ground plane has no primitive to draw.
    assert.deepEqual(
      update.entities.map((e) => [e.id, e.cubes.length]),
      [['office', 5]],
    );
  });

  it('says in one line what is wrong with a map, naming the job file, its line and field (exit 2)', () => {
    const dir = office();
    writeTemp(dir, 'bad.yaml', 'image: office.pgm\nresolution: -1\norigin: [0, 0, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.25\n');
    const cases: [string, RegExp][] = [
      ['  maps:\n    - nowhere.yaml\n', /^rclsim: job\.yaml:5: world\.maps\[0\]: no such file 'nowhere\.yaml'/],
      ['  maps:\n    - { file: nowhere.yaml }\n', /^rclsim: job\.yaml:5: world\.maps\[0\]\.file: no such file 'nowhere\.yaml'/],
      [
        '  maps:\n    - file: bad.yaml\n',
        /^rclsim: job\.yaml:5: world\.maps\[0\]\.file: .*bad\.yaml: line 2: 'resolution': -1 is not a positive number of metres per cell$/m,
      ],
      ['  maps:\n    - file: office.yaml\n      height: -1\n', /^rclsim: job\.yaml:6: world\.maps\[0\]\.height: must be > 0$/m],
      ['  maps: [office.yaml, office.yaml]\n', /^rclsim: .*office\.yaml: the world already has a model named 'office': give the map another 'name'$/m],
    ];
    for (const [maps, expected] of cases) {
      writeTemp(dir, 'job.yaml', `end: { after: 1ms }\nworld:\n  sdf: floor.sdf\n${maps}`);
      const result = runCli(['run', 'job.yaml'], dir, 60_000);
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, expected);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    }
  });
});
