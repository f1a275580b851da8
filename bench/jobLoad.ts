/** Child of the job benchmark: reads one job file as a run does (the files it names, then the job) and prints the seconds and the peak resident MiB. */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadJobFile } from '../src/job/jobFile.js';
import { namedFiles } from '../src/job/namedFiles.js';

const path = process.argv[2]!;
const start = performance.now();
namedFiles(readFileSync(path, 'utf8'), path);
loadJobFile(path);
const seconds = (performance.now() - start) / 1000;
process.stdout.write(`${JSON.stringify({ seconds, peakMiB: process.resourceUsage().maxRSS / 1024 })}\n`);
