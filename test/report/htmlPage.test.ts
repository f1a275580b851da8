import assert from 'node:assert/strict';
import { cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { launchChromium } from '../../bench/chromium.js';
import type { ReportData } from '../../src/report/ReportData.js';
import { lastJsonLine, needs, repoRoot, runCli, tempDir } from '../support/helpers.js';

/** The data a report embeds, as its page reads it. */
function reportData(file: string): ReportData {
  const html = readFileSync(file, 'utf8');
  const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html);
  assert.ok(json, `${file} embeds its data`);
  return JSON.parse(json[1]!) as ReportData;
}

interface Rendered {
  errors: string[];
  /** Requests the page made besides its own file (an offline report makes none). */
  requests: string[];
  plots: { title: string; points: number; canvas: boolean }[];
  text: string;
}

describe('rclsim report (HTML, checked in headless Chromium)', needs('chromium'), () => {
  let browser: Browser;
  const dir = tempDir();

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  /** Opens a report with every network request refused, waits until its script ran, saves a screenshot. */
  async function render(file: string): Promise<Rendered> {
    const page = await browser.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
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
    // The tests compile without the DOM's types: a plot box is read through the attributes it sets.
    const plots = await page.$$eval('.plot', (boxes) =>
      boxes.map((box) => ({
        title: box.getAttribute('data-title') ?? '',
        points: Number(box.getAttribute('data-points')),
        canvas: box.querySelector('canvas') !== null,
      })),
    );
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered (innerText), as a reader sees it
    const text = await page.$eval('body', (body) => body.innerText);
    const screenshot = file.replace(/\.html$/, '.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    assert.ok(statSync(screenshot).size > 10_000, 'a screenshot with something in it');
    await page.close();
    return { errors, requests, plots, text };
  }

  function assertEveryPlotDrawn(rendered: Rendered, titles: RegExp[]): void {
    assert.deepEqual(rendered.errors, []);
    assert.deepEqual(rendered.requests, [], 'the report opens offline');
    for (const plot of rendered.plots) {
      assert.ok(plot.canvas, `${plot.title}: drawn on a canvas`);
      assert.ok(plot.points > 0, `${plot.title}: has data`);
    }
    for (const title of titles)
      assert.ok(
        rendered.plots.some((plot) => title.test(plot.title)),
        `a plot ${title}`,
      );
  }

  it('run --report: the executors example, every plot drawn offline, executor metrics, and the same fingerprint as without it', async () => {
    const file = join(dir, 'executors.html');
    const plain = runCli(['run', 'examples/executors/job.yaml', '--json', '--quiet']);
    const reported = runCli(['run', 'examples/executors/job.yaml', '--json', '--quiet', '--report', file]);
    assert.equal(reported.status, 0, reported.stderr);
    assert.equal(lastJsonLine(reported.stdout).fingerprint, lastJsonLine(plain.stdout).fingerprint, 'watching changes nothing');
    const html = readFileSync(file, 'utf8');
    assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=/, 'nothing loaded from elsewhere');

    const data = reportData(file);
    assert.equal(data.timeline.durations, true, 'execution times are modeled: bars');
    const controller = data.timeline.rows.find((row) => row.node === '/single/controller' && row.kind === 'timer');
    assert.equal(controller?.callbacks, 3_889, "the single-threaded controller's activations (README)");
    assert.equal(data.executors?.executors.find((e) => e.name === 'container')?.threads, 1);

    const rendered = await render(file);
    assertEveryPlotDrawn(rendered, [/Callback timeline/, /Message rate/, /latency: histogram/, /latency over time/, /Executor utilization/]);
    assert.match(rendered.text, /Chains: end-to-end latency/);
  });

  it('the talker and listener: rates, and the 20 ms latency of every take, as the job file sets them', () => {
    const file = join(dir, 'talker.html');
    const result = runCli(['run', 'examples/talker-listener/job.yaml', '--quiet', '--report', file]);
    assert.equal(result.status, 0, result.stderr);
    const chatter = reportData(file).topics.find((topic) => topic.topic === '/chatter');
    // Every 0.5 s from 0 to 3 s: 7 messages; the last arrives at 3.02 s, after the end.
    assert.equal(chatter?.published, 7);
    assert.equal(chatter?.taken, 6);
    assert.deepEqual(chatter?.latency, { count: 6, min: 0.02, mean: 0.02, p50: 0.02, p99: 0.02, max: 0.02, exact: true });
    assert.equal(chatter?.rate, 7 / 3);
  });

  it('the patrol example: network link plots (SNR, MCS, goodput, latency, losses, rate vs delay)', async () => {
    const file = join(dir, 'patrol.html');
    // A copy, so that its recording is not written into examples/patrol/ while docs/network.md's
    // run of the same job (the guides test, maybe at the same time) writes it there.
    const example = join(dir, 'patrol');
    cpSync(join(repoRoot, 'examples/patrol'), example, { recursive: true, filter: (from) => !from.endsWith('/output') });
    const result = runCli(['run', join(example, 'job.yaml'), '--quiet', '--report', file]);
    assert.equal(result.status, 0, result.stderr);
    const links = reportData(file).network;
    assert.deepEqual(
      links?.map((link) => link.name),
      ['blue → red', 'red → blue'],
    );
    assert.equal(links?.[0]?.times.length, 120, 'a metrics period a second for 120 s');
    const rendered = await render(file);
    assertEveryPlotDrawn(rendered, [/SNR/, /MCS/, /Goodput/, /Latency, mean/, /lost/, /Rate vs delay/]);
  });

  it('verify --report and report A B: where the runs of a non-deterministic job part ways', async () => {
    const file = join(dir, 'verify.html');
    const traces = join(dir, 'traces');
    const result = runCli(['verify', 'test/fixtures/jobs/leaky.yaml', '--runs', '2', '--keep-traces', traces, '--report', file]);
    assert.equal(result.status, 5, result.stdout);
    const divergence = reportData(file).divergence;
    assert.equal(divergence?.record, 15);
    assert.match(divergence!.what, /a publish on \/readings by \/leaky/);
    assert.match(divergence!.a[0]!, /^0\.500000000\tpublish\t\/leaky\t/);
    const rendered = await render(file);
    assertEveryPlotDrawn(rendered, [/Callback timeline/]);
    assert.match(rendered.text, /Where the runs part ways/);

    const again = join(dir, 'traces.html');
    const report = runCli(['report', join(traces, 'run-1.trace'), join(traces, 'run-2.trace'), '-o', again]);
    assert.equal(report.status, 0, report.stderr);
    assert.match(report.stdout, /the traces part ways at record 15: a publish on \/readings by \/leaky/);
    assert.deepEqual(reportData(again).divergence?.a, divergence?.a);
    assert.equal(reportData(again).source, 'trace');
  });

  it("a sweep's summary.html: every measure against the sweep's values, drawn offline, and every run listed", async () => {
    const out = join(dir, 'sweep');
    const result = runCli(['sweep', 'examples/synthetic-benchmark/sweep.yaml', '--jobs', '2', '--output', out, '--json']);
    assert.equal(result.status, 0, result.stderr);
    const file = String(lastJsonLine(result.stdout).summary);
    assert.equal(file, join(out, 'summary.html'));
    const rendered = await render(file);
    assertEveryPlotDrawn(rendered, [/^results\.combined by parameters\.\/Monitor\.ros__parameters\.timeout_s$/, /^wallSeconds by /, /^callbacks by /]);
    assert.ok(
      rendered.plots.every((plot) => plot.points === 2),
      'two values of timeout_s',
    );
    assert.match(rendered.text, /runs\s+20/);
    assert.equal((rendered.text.match(/\bok\b/g) ?? []).length >= 20, true, 'every run listed with its status');
  });

  it('a failing run still writes its report, naming the failure', () => {
    const file = join(dir, 'throws.html');
    const result = runCli(['run', 'test/fixtures/jobs/throws.ts', '--quiet', '--report', file]);
    assert.equal(result.status, 3);
    const data = reportData(file);
    assert.match(data.failure ?? '', /cannot handle go/);
    assert.equal(data.summary.callbacks, 1, 'the timer that published, before the subscription threw');
  });

  it('report JOB runs it; a broken trace names the file and the record', () => {
    const file = join(dir, 'job.html');
    const result = runCli(['report', 'examples/talker-listener/job.yaml', '-o', file]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(reportData(file).title, 'talker-listener');

    const broken = join(dir, 'broken.trace');
    const trace = join(dir, 'good.trace');
    runCli(['run', 'examples/talker-listener/job.yaml', '--quiet', '--trace', trace]);
    const lines = readFileSync(trace, 'utf8').split('\n');
    lines[4] = lines[4]!.split('\t').slice(0, 3).join('\t');
    writeFileSync(broken, lines.join('\n'));
    const bad = runCli(['report', broken, '-o', join(dir, 'broken.html')]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /broken\.trace: record 2 has fewer than 6 columns/);
  });
});
