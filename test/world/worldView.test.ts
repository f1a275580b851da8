import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from '@foxglove/rosmsg';
import { MessageReader } from '@foxglove/rosmsg2-serialization';
import type { Browser } from 'puppeteer-core';
import { launchChromium } from '../../bench/chromium.js';
import type { ReportData } from '../../src/report/ReportData.js';
import type { WorldData } from '../../src/report/worldSection.js';
import { readWithOracle } from '../support/bagOracle.js';
import { lastJsonLine, needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { readMcap } from '../support/mcapFiles.js';

/** A copy of examples/world: the rover drives east from 1 s at 0.5 m/s and stops against the east wall (its face at x = 4). */
function yard(): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
  return dir;
}

function reportHtml(file: string): { html: string; data: ReportData } {
  const html = readFileSync(file, 'utf8');
  const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html);
  assert.ok(json, `${file} embeds its data`);
  return { html, data: JSON.parse(json[1]!) as ReportData };
}

/** The page but for the one figure that is not the run's: its wall time. */
const withoutWallTime = (html: string): string => html.replace(/"wall time":"[^"]*"/, '');

const fingerprint = (stdout: string): unknown => lastJsonLine(stdout).fingerprint;

describe("rclsim report: the World section (the robot's world from above)", () => {
  const dir = yard();
  let world: WorldData;

  before(() => {
    const file = join(dir, 'r.html');
    const reported = runCli(['run', 'job.yaml', '--json', '--quiet', '--report', file], dir, 120_000);
    assert.equal(reported.status, 0, reported.stderr);
    const plain = runCli(['run', 'job.yaml', '--json', '--quiet'], dir, 120_000);
    assert.equal(fingerprint(reported.stdout), fingerprint(plain.stdout), 'drawing the world changes nothing in the run');
    world = reportHtml(file).data.world!;
  });

  it("draws the room's walls and pillar as the physics sees them, at the heights the rover spans", () => {
    assert.equal(world.name, 'yard');
    assert.deepEqual(world.band, [0, 0.18]);
    assert.deepEqual(
      world.obstacles.map((o) => [o.circle, o.met, o.points.length]),
      [
        [false, true, 8],
        [false, true, 8],
        [false, true, 8],
        [false, true, 8],
        [true, true, 3],
      ],
    );
    // The east wall: 0.2 m thick outside x = 4; the pillar a 0.25 m circle at (0, 2).
    assert.deepEqual(world.obstacles[0]!.points, [4, -3.2, 4.2, -3.2, 4.2, 3.2, 4, 3.2]);
    assert.deepEqual(world.obstacles[4]!.points, [0, 2, 0.25]);
  });

  it("draws the rover's true path every 0.1 s of sim time, where it stopped and its contact with the wall", () => {
    assert.equal(world.pathPeriod, 0.1);
    const [rover] = world.models;
    assert.equal(rover?.name, 'rover');
    // Steps 0, 100, … 10,000: 101 points; still until 1 s, then 0.05 m a sample until the wall.
    assert.equal(rover.path.length, 202);
    assert.deepEqual(rover.path.slice(0, 2), [0, 0]);
    assert.ok(Math.abs(rover.path[2 * 30]! - 1) < 0.02, `at 3 s: x ${rover.path[2 * 30]}`);
    // Its body's front (0.2 m ahead of its centre) against the wall's face.
    assert.equal(rover.path.at(-2), rover.x);
    assert.ok(Math.abs(rover.x - 3.8) < 0.001, `stopped at x ${rover.x}`);
    assert.equal(rover.yaw, 0);
    assert.equal(rover.outline.length, 4, 'its body, two wheels and the caster');
    // The contact the world's own ContactReport reports (test/world/worldRun.test.ts): 8.628 s.
    assert.deepEqual(
      world.contacts.map((c) => [c.time, c.collision, c.other]),
      [[8.628, 'rover::base_link::body', 'walls::walls::east']],
    );
  });

  it('draws the lidar scan last published at a quarter, half, three quarters and the end of the run, where the lidar was', () => {
    assert.deepEqual(
      world.scans.map((s) => [s.at, s.time, s.topic, s.frame, s.ranges.length]),
      [
        [2.5, 2.5, '/scan', 'rover/base_link/lidar', 360],
        [5, 5, '/scan', 'rover/base_link/lidar', 360],
        [7.5, 7.5, '/scan', 'rover/base_link/lidar', 360],
        [10, 10, '/scan', 'rover/base_link/lidar', 360],
      ],
    );
    assert.deepEqual(world.scansMissing, []);
    for (const scan of world.scans.slice(0, 3)) {
      // The ray straight ahead meets the wall's face at x = 4 (the lidar is 0.1 m ahead of the rover's centre).
      const ahead = Math.round(-scan.angleMin / scan.angleIncrement);
      assert.ok(Math.abs(scan.ranges[ahead]! - (4 - scan.x)) < 0.002, `at ${scan.at} s: ${scan.ranges[ahead]} from x ${scan.x}`);
    }
    // At the end the wall is nearer than the lidar's minimum range: no return.
    const last = world.scans[3]!;
    assert.equal(last.ranges[Math.round(-last.angleMin / last.angleIncrement)], null);
  });

  it('is the same page on every run (but for its wall time), and under --perturb; a run without a world has no World section', () => {
    const [a, b] = [join(dir, 'a.html'), join(dir, 'b.html')];
    const first = runCli(['run', 'job.yaml', '--json', '--quiet', '--report', a], dir, 120_000);
    const perturbed = runCli(['run', 'job.yaml', '--json', '--quiet', '--perturb', '--report', b], dir, 120_000);
    assert.equal(perturbed.status, 0, perturbed.stderr);
    assert.equal(fingerprint(perturbed.stdout), fingerprint(first.stdout));
    assert.equal(withoutWallTime(reportHtml(b).html), withoutWallTime(reportHtml(a).html));

    const talker = join(dir, 'talker.html');
    const result = runCli(['run', 'examples/talker-listener/job.yaml', '--quiet', '--report', talker]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(reportHtml(talker).data.world, null);
  });

  it("draws the scans at the instants the job's report: section asks for, and says which it did not reach", () => {
    const job = writeTemp(
      dir,
      'instants.yaml',
      `${readFileSync(join(dir, 'job.yaml'), 'utf8').replace('after: 10s', 'after: 4s')}report:\n  world:\n    scans_at: [20s, 1550ms, 3s]\n`,
    );
    const file = join(dir, 'instants.html');
    const result = runCli(['run', job, '--quiet', '--report', file], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const { scans, scansMissing } = reportHtml(file).data.world!;
    // The lidar's 10 Hz grid: the last scan at or before 1.55 s is the one of 1.5 s.
    assert.deepEqual(
      scans.map((s) => [s.at, s.time]),
      [
        [1.55, 1.5],
        [3, 3],
      ],
    );
    assert.deepEqual(scansMissing, [20]);

    const bad = writeTemp(dir, 'bad.yaml', 'end: { after: 1s }\nworld:\n  sdf: yard.sdf\nreport:\n  world:\n    scans_at: [1s, soon]\n');
    const refused = runCli(['run', bad], dir);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /bad\.yaml:6: report\.world\.scans_at\[1\]: invalid duration 'soon'/);
  });
});

describe('the World section in headless Chromium', needs('chromium'), () => {
  let browser: Browser;
  const dir = yard();

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  it('draws the walls and the pillar filled, the path in its colour, the rest of the room white; offline, without errors', async () => {
    const file = join(dir, 'r.html');
    const result = runCli(['run', 'job.yaml', '--quiet', '--report', file], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const page = await browser.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url() === `file://${file}`) void request.continue();
      else {
        requests.push(request.url());
        void request.abort();
      }
    });
    await page.setViewport({ width: 1300, height: 900 });
    await page.goto(`file://${file}`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 20_000 });
    // Pixels at points of the world (metres), through the drawing's scale and corner.
    const drawn = (await page.evaluate(`(() => {
      const canvas = document.querySelector('canvas.world');
      const ctx = canvas.getContext('2d');
      const d = canvas.dataset;
      const at = (x, y) => Array.from(ctx.getImageData(Math.round((x - Number(d.minX)) * Number(d.scale)), Math.round((Number(d.maxY) - y) * Number(d.scale)), 1, 1).data.slice(0, 3));
      return {
        counts: [d.world, d.obstacles, d.models, d.scans, d.contacts],
        eastWall: at(4.1, -2), pillar: at(0, 2), path: at(1.5, 0), room: at(-2.5, -1.5),
      };
    })()`)) as Record<string, unknown>;
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered (innerText), as a reader sees it
    const text = (await page.$eval('body', (body) => body.innerText)) as string;
    await page.close();
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, [], 'the report opens offline');
    assert.deepEqual(drawn, {
      counts: ['yard', '5', '1', '4', '1'],
      eastWall: [85, 85, 85],
      pillar: [85, 85, 85],
      path: [31, 119, 180],
      room: [255, 255, 255],
    });
    assert.match(text, /World/);
    assert.match(text, /rover\s+3\.8005\s+0\.0000\s+0\.0000/);
    assert.match(text, /8\.628 s\s+rover::base_link::body\s+walls::walls::east/);
  });
});

/** A message of a recording decoded with the schema it carries, as Foxglove decodes it. */
function decoder(schemaText: string): MessageReader {
  return new MessageReader(parse(schemaText, { ros2: true }));
}

describe("a recording of a run with a world: the scene Foxglove's 3D panel draws", () => {
  const dir = yard();

  it('holds the static scene, the rover every 40 ms in its own frame and world → rover tf; read by readers we did not write; no change to the run', async () => {
    const job = writeTemp(dir, 'recorded.yaml', `${readFileSync(join(dir, 'job.yaml'), 'utf8')}record:\n  path: run.mcap\n`);
    const recorded = runCli(['run', job, '--json', '--quiet'], dir, 120_000);
    assert.equal(recorded.status, 0, recorded.stderr);
    const plain = runCli(['run', 'job.yaml', '--json', '--quiet'], dir, 120_000);
    assert.equal(fingerprint(recorded.stdout), fingerprint(plain.stdout), 'recording the scene changes nothing in the run');

    const { reader, messages } = await readMcap(join(dir, 'run.mcap'));
    const channel = (topic: string) => [...reader.channelsById.values()].find((c) => c.topic === topic)!;
    const schemaOf = (topic: string) => reader.schemasById.get(channel(topic).schemaId)!;
    const scene = schemaOf('/rclsim/world/scene');
    assert.deepEqual([scene.name, scene.encoding, channel('/rclsim/world/scene').messageEncoding], ['foxglove_msgs/msg/SceneUpdate', 'ros2msg', 'cdr']);
    assert.equal(schemaOf('/rclsim/world/models').name, 'foxglove_msgs/msg/SceneUpdate');
    assert.equal(schemaOf('/rclsim/world/tf').name, 'tf2_msgs/msg/TFMessage');
    const read = (topic: string) => {
      const reading = decoder(new TextDecoder().decode(schemaOf(topic).data));
      return messages.filter((m) => m.topic === topic).map((m) => ({ time: m.logTime, message: reading.readMessage(m.data) as unknown }));
    };

    type Entity = { id: string; frame_id: string; frame_locked: boolean; cubes: unknown[]; cylinders: unknown[]; spheres: unknown[] };
    const statics = read('/rclsim/world/scene');
    assert.equal(statics.length, 1, 'the static geometry once');
    assert.equal(statics[0]!.time, 0n);
    assert.deepEqual(
      (statics[0]!.message as { entities: Entity[] }).entities.map((e) => [e.id, e.frame_id, e.cubes.length, e.cylinders.length]),
      [
        ['walls', 'world', 4, 0],
        ['pillar', 'world', 0, 1],
      ],
    );

    const models = read('/rclsim/world/models');
    // 0 to 10 s every 40 ms.
    assert.equal(models.length, 251);
    assert.deepEqual(
      models.slice(0, 3).map((m) => m.time),
      [0n, 40_000_000n, 80_000_000n],
    );
    const [rover] = (models[0]!.message as { entities: Entity[] }).entities;
    assert.deepEqual(
      [rover?.id, rover?.frame_id, rover?.frame_locked, rover?.cubes.length, rover?.cylinders.length, rover?.spheres.length],
      ['rover', 'rover', true, 1, 2, 1],
    );

    type Transform = { header: { frame_id: string }; child_frame_id: string; transform: { translation: { x: number } } };
    const tf = read('/rclsim/world/tf').map((m) => (m.message as { transforms: Transform[] }).transforms);
    assert.equal(tf.length, 251);
    assert.deepEqual(
      tf[0]!.map((t) => [t.header.frame_id, t.child_frame_id]),
      [
        ['world', 'rover'],
        ['rover', 'rover/base_link/lidar'],
        ['rover', 'rover/base_link/imu'],
      ],
    );
    // Where the rover stopped, 0.2 m short of the wall's face; its lidar 0.1 m ahead of its centre.
    assert.ok(Math.abs(tf.at(-1)![0]!.transform.translation.x - 3.8) < 0.001);
    assert.equal(tf[0]![1]!.transform.translation.x, 0.1);

    const oracle = await readWithOracle(join(dir, 'run.mcap'));
    assert.deepEqual(
      oracle.topics.filter((t) => t.name.startsWith('/rclsim/world/')).map((t) => [t.name, t.type, t.count, t.embedded_definition]),
      [
        ['/rclsim/world/scene', 'foxglove_msgs/msg/SceneUpdate', 1, 'ok'],
        ['/rclsim/world/models', 'foxglove_msgs/msg/SceneUpdate', 251, 'ok'],
        ['/rclsim/world/tf', 'tf2_msgs/msg/TFMessage', 251, 'ok'],
      ],
    );

    const first = readFileSync(join(dir, 'run.mcap'));
    const again = runCli(['run', job, '--quiet'], dir, 120_000);
    assert.equal(again.status, 0, again.stderr);
    assert.ok(first.equals(readFileSync(join(dir, 'run.mcap'))), 'the same bytes on every run');
  });

  it('holds the samples of a world nothing stepped while the run went (no bridge), written when the run ends, each at its own time', async () => {
    // Only a timer keeps the run going to its end: nothing asks the world for an output, so it steps only once the run has ended.
    writeTemp(
      dir,
      'ticker.cjs',
      "const rclnodejs = require('rclnodejs');\nrclnodejs.init().then(() => {\n  const node = new rclnodejs.Node('ticker');\n  node.createTimer(500_000_000n, () => {});\n  rclnodejs.spin(node);\n});\n",
    );
    const job = writeTemp(
      dir,
      'unbridged.yaml',
      'end: { after: 2s }\nworld:\n  sdf: yard.sdf\n  spawn:\n    - { file: rover.sdf, pose: [1, 0, 0, 0, 0, 0] }\nnodes:\n  - script: ticker.cjs\nrecord:\n  path: unbridged.mcap\n',
    );
    const result = runCli(['run', job, '--quiet'], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const { messages } = await readMcap(join(dir, 'unbridged.mcap'));
    const times = (topic: string) => messages.filter((m) => m.topic === topic).map((m) => m.logTime);
    // 0 to 2 s every 40 ms.
    const grid = Array.from({ length: 51 }, (_, i) => BigInt(i) * 40_000_000n);
    assert.deepEqual(times('/rclsim/world/models'), grid);
    assert.deepEqual(times('/rclsim/world/tf'), grid);
    assert.deepEqual(times('/rclsim/world/scene'), [0n]);
  });

  it("records the scene's topics that record: topics names, and none when it names only others", async () => {
    const base = readFileSync(join(dir, 'job.yaml'), 'utf8').replace('after: 10s', 'after: 1s');
    const recorded = async (topics: string) => {
      const job = writeTemp(dir, 'some.yaml', `${base}record:\n  path: some.mcap\n  topics: ${topics}\n`);
      const result = runCli(['run', job, '--quiet'], dir, 120_000);
      assert.equal(result.status, 0, result.stderr);
      return [...new Set((await readMcap(join(dir, 'some.mcap'))).messages.map((m) => m.topic))].sort();
    };
    assert.deepEqual(await recorded('[/scan, /rclsim/world/tf]'), ['/rclsim/world/tf', '/scan']);
    assert.deepEqual(await recorded('[/scan]'), ['/scan']);
  });
});
