/** Child of the params benchmark: loads one parameter file and prints the load's seconds and the peak resident MiB. */
import { performance } from 'node:perf_hooks';
import { loadParamsFile } from '../src/sim/ParamsFile.js';

const start = performance.now();
loadParamsFile(process.argv[2]!);
const seconds = (performance.now() - start) / 1000;
process.stdout.write(`${JSON.stringify({ seconds, peakMiB: process.resourceUsage().maxRSS / 1024 })}\n`);
