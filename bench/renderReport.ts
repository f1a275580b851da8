import { performance } from 'node:perf_hooks';
import { launchChromium } from './chromium.js';

/** Seconds headless Chromium (Debian's) takes from opening a report to the end of its drawing. */
export async function renderSeconds(file: string): Promise<number> {
  const browser = await launchChromium();
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
