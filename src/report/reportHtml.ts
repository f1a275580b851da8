import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { OutputError } from '../base/runErrors.js';
import type { ReportData } from './ReportData.js';

const require = createRequire(import.meta.url);
/** The page's own script and style, beside the package's dist/ (see package.json "files"). */
const ASSETS = new URL('../../../assets/report/', import.meta.url);

/**
 * Writes one HTML file that opens offline: uPlot (script and style), the pages' shared helpers
 * and the page's own script (`page`, in assets/report/) inlined, the data as JSON in a script
 * element the page reads. Written in three pieces, never joined: the scripts hold a few
 * characters beyond Latin-1, and one string of the whole page would copy the data (megabytes,
 * one byte a character) into two bytes a character before encoding it.
 */
export function writePage(path: string, title: string, page: 'report.js' | 'sweep.js', data: unknown): void {
  const uplotScript = readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8');
  const uplotStyle = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  const helpers = readFileSync(new URL('page.js', ASSETS), 'utf8');
  const pageScript = readFileSync(new URL(page, ASSETS), 'utf8');
  const pageStyle = readFileSync(new URL('report.css', ASSETS), 'utf8');
  // "<" escaped: no string in the data can end the script element (looked for first: most data has none, and a report's is megabytes).
  const text = JSON.stringify(data);
  const json = text.includes('<') ? text.replace(/</g, '\\u003c') : text;
  const fd = openSync(path, 'w');
  try {
    writeFileSync(
      fd,
      `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${uplotStyle}</style>
<style>${pageStyle}</style>
</head>
<body>
<main id="report"></main>
<script type="application/json" id="report-data">`,
    );
    writeFileSync(fd, json);
    writeFileSync(
      fd,
      `</script>
<script>${uplotScript}</script>
<script>${helpers}</script>
<script>${pageScript}</script>
</body>
</html>
`,
    );
  } finally {
    closeSync(fd);
  }
}

/** Writes a run's report page; a file that cannot be written names itself. */
export function writeReport(path: string, data: ReportData): void {
  try {
    writePage(path, `rclsim report: ${data.title}`, 'report.js', data);
  } catch (error) {
    throw new OutputError(path, OutputError.describe(error), { cause: error });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
