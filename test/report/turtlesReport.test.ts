import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { launchChromium } from '../../bench/chromium.js';
import type { ReportData } from '../../src/report/ReportData.js';
import { lastJsonLine, needs, runCli, tempDir, writeTemp } from '../support/helpers.js';

function reportData(file: string): ReportData {
  const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(readFileSync(file, 'utf8'));
  assert.ok(json, `${file} embeds its data`);
  return JSON.parse(json[1]!) as ReportData;
}

/** turtle1 turns red and drives 1 m east; turtle2 is spawned. */
const JOB = `end: { after: 2s }
nodes:
  - { package: turtlesim, executable: turtlesim_node }
events:
  - on: start
    do:
      - ros2: [service, call, /turtle1/set_pen, turtlesim/srv/SetPen, "{r: 255, g: 0, b: 0, width: 6, 'off': 0}"]
      - ros2: [service, call, /spawn, turtlesim/srv/Spawn, "{x: 2, y: 9, theta: 1.0, name: turtle2}"]
      - ros2: [topic, pub, --once, /turtle1/cmd_vel, geometry_msgs/msg/Twist, "{linear: {x: 1.0}}"]
`;

describe('rclsim report: the Turtles section (what turtlesim_node drew, checked in headless Chromium)', needs('chromium'), () => {
  let browser: Browser;
  const dir = tempDir();

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  it('draws the background, the red path and the turtles where they ended; the report changes nothing in the run', async () => {
    const job = writeTemp(dir, 'turtles.yaml', JOB);
    const file = join(dir, 'turtles.html');
    const plain = runCli(['run', job, '--json', '--quiet'], dir);
    const reported = runCli(['run', job, '--json', '--quiet', '--report', file], dir);
    assert.equal(reported.status, 0, reported.stderr);
    assert.equal(lastJsonLine(reported.stdout).fingerprint, lastJsonLine(plain.stdout).fingerprint, 'watching changes nothing');

    const [sim] = reportData(file).turtles ?? [];
    assert.ok(sim, 'one turtlesim drawn');
    assert.deepEqual(
      sim.turtles.map((t) => t.name),
      ['turtle1', 'turtle2'],
    );
    assert.deepEqual(
      sim.paths.map((p) => [p.turtle, p.color, p.width]),
      [['turtle1', [255, 0, 0], 0.133333333]],
    );
    const [x0, y0] = sim.paths[0]!.points;
    assert.deepEqual([x0, y0], [5.54444456, 5.54444456], 'the path starts at the centre');

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`file://${file}`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 20_000 });
    // Pixels of the canvas (500 px for 11.09 m): a corner, the path's middle (6.04 m, y 5.54 m up).
    const pixels = (await page.evaluate(`(() => {
      const canvas = document.querySelector('canvas.turtles');
      const ctx = canvas.getContext('2d');
      const at = (x, y) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
      const scale = 499 / 11.0888891;
      return { node: canvas.dataset.node, corner: at(5, 5), path: at(Math.round(6.04 * scale), Math.round((11.0888891 - 5.5444) * scale)) };
    })()`)) as { node: string; corner: number[]; path: number[] };
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered (innerText), as a reader sees it
    const text = (await page.$eval('body', (body) => body.innerText)) as string;
    await page.close();
    assert.deepEqual(errors, []);
    assert.deepEqual(pixels, { node: '/turtlesim', corner: [69, 86, 255], path: [255, 0, 0] });
    assert.match(text, /Turtles/);
    assert.match(text, /turtle2\s+2\.0000\s+9\.0000\s+1\.0000/);
  });

  it('has no Turtles section when no turtlesim ran', () => {
    const file = join(dir, 'talker.html');
    const result = runCli(['run', 'examples/talker-listener/job.yaml', '--quiet', '--report', file]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(reportData(file).turtles, null);
  });
});
