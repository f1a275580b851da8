import { isMap, isSeq, parseDocument, stringify } from 'yaml';
import type { Occurrence } from '../sim/faults/FaultConfig.js';

/** Units a time of an occurrence is written in, the largest that fits first. */
const UNITS = [
  ['s', 1_000_000_000n],
  ['ms', 1_000_000n],
  ['us', 1_000n],
] as const;

/**
 * A job file's text with its `faults:` replaced by one entry, `shrunk`, that lists `occurrences`
 * explicitly (none: no `faults:` at all), without `swarm` (explicit occurrences leave the seed
 * nothing to decide), and with `seed` set, so that the file alone replays the run. Everything
 * else stays as written, comments included; `comment`, when given, goes above `faults:`.
 */
export function explicitFaultsJobText(text: string, occurrences: readonly Occurrence[], seed: number, comment?: string): string {
  const doc = parseDocument(text, { intAsBigInt: true, uniqueKeys: false });
  doc.delete('swarm');
  doc.set('seed', seed);
  if (occurrences.length === 0) doc.delete('faults');
  else {
    const faults = doc.createNode([{ name: 'shrunk', occurrences: occurrences.map(readable) }]);
    // One line per occurrence, as the job-file guide writes them.
    const list = isSeq(faults) && isMap(faults.items[0]) ? faults.items[0].get('occurrences', true) : undefined;
    if (isSeq(list)) for (const item of list.items) if (isMap(item)) item.flow = true;
    if (comment !== undefined) faults.commentBefore = comment;
    doc.set('faults', faults);
  }
  // No folding: a long expression of a check stays on its line.
  return doc.toString({ lineWidth: 0 });
}

/** An occurrence on one line, as the job file has it. */
export function occurrenceText(occurrence: Occurrence): string {
  return stringify(readable(occurrence), { collectionStyle: 'flow', lineWidth: 0 }).trimEnd();
}

/** An occurrence with its times (ns, as a summary has them) written as durations a reader takes in: 31.25ms, not 31250000. */
function readable(occurrence: Occurrence): Record<string, unknown> {
  const entry: Record<string, unknown> = { ...occurrence };
  for (const key of ['delay', 'duplicate', 'at', 'until']) if (typeof entry[key] === 'number') entry[key] = duration(BigInt(entry[key]));
  return entry;
}

/** ns as an exact duration of the largest unit it reaches (`4.2s`, `12.5ms`, `0ns`). */
function duration(ns: bigint): string {
  for (const [unit, scale] of UNITS) {
    if (ns < scale) continue;
    const fraction = (ns % scale)
      .toString()
      .padStart(scale.toString().length - 1, '0')
      .replace(/0+$/, '');
    return `${ns / scale}${fraction === '' ? '' : `.${fraction}`}${unit}`;
  }
  return `${ns}ns`;
}
