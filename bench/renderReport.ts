import { performance } from 'node:perf_hooks';
import puppeteer from 'puppeteer-core';

/** Seconds headless Chromium (Debian's) takes from opening a report to the end of its drawing. */
export async function renderSeconds(file: string): Promise<number> {
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1300, height: 900 });
    const start = performance.now();
    await page.goto(`file://${file}`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
    return (performance.now() - start) / 1000;
  } finally {
    await browser.close();
  }
}
