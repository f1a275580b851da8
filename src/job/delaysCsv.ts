import { createRequire } from 'node:module';
import { readRegularFile } from '../base/regularFile.js';
import { parseDuration } from './duration.js';

// Loaded with the first delays CSV: most jobs have none, and a cold run starts faster without it.
const require = createRequire(import.meta.url);

export class DelaysCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DelaysCsvError';
  }
}

const COLUMNS = ['Topic Name', 'Delay Type', 'Fixed Delay_ms', 'Measured Delay Skew'];

/**
 * rslcpp's per-topic delay CSV (`Topic Name, Delay Type, Fixed Delay_ms, Measured Delay Skew`).
 * FIXED rows give a fixed delay in (possibly fractional) milliseconds; MEASURED rows need a
 * measured delay distribution, which rclsim does not model, and are refused.
 */
export function loadDelaysCsv(path: string): [string, bigint][] {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    const { parse } = require('csv-parse/sync') as typeof import('csv-parse/sync');
    rows = parse(readRegularFile(path), { bom: true, columns: true, trim: true, info: true, skip_empty_lines: true }) as never;
  } catch (error) {
    throw new DelaysCsvError(`${path}: ${(error as Error).message}`);
  }
  const delays: [string, bigint][] = [];
  for (const { record, info } of rows) {
    const where = `${path}:${info.lines}`;
    const missing = COLUMNS.filter((column) => !(column in record));
    if (missing.length > 0) throw new DelaysCsvError(`${where}: missing column(s) ${missing.join(', ')}`);
    const topic = record['Topic Name']!;
    const type = record['Delay Type']!.toUpperCase();
    if (type === 'MEASURED') {
      throw new DelaysCsvError(
        `${where}: topic ${topic}: MEASURED delays are not supported (they replay a measured delay distribution, ` +
          `which rclsim does not model); use FIXED with a delay in ms`,
      );
    }
    if (type !== 'FIXED') throw new DelaysCsvError(`${where}: topic ${topic}: unknown delay type '${record['Delay Type']}'`);
    if (!topic.startsWith('/')) throw new DelaysCsvError(`${where}: topic '${topic}' must be a fully qualified name`);
    try {
      delays.push([topic, parseDuration(`${record['Fixed Delay_ms']}ms`)]);
    } catch (error) {
      throw new DelaysCsvError(`${where}: topic ${topic}: ${(error as Error).message}`);
    }
  }
  return delays;
}
