import puppeteer, { type Browser } from 'puppeteer-core';

/** Debian's Chromium (.ci/run installs it); no browser is downloaded. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless Chromium as the report tests and the report bench open it: no sandbox (CI runs as root), nothing fetched in the background. */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
