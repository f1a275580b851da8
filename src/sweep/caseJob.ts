import { basename, join } from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import type { SweepAxis } from './sweepFile.js';

/**
 * The job file text of a case: the base job with each axis' key set to the case's value (maps on
 * the way made as needed), and its recordings moved into `recordDir`, or left out without one.
 */
export function caseJobText(baseText: string, axes: readonly SweepAxis[], values: Record<string, unknown>, recordDir: string | null): string {
  const doc = parseDocument(baseText, { intAsBigInt: true, uniqueKeys: false });
  for (const axis of axes) doc.setIn(axis.path, doc.createNode(values[axis.key]));
  const record = doc.get('record', true);
  if (record !== undefined) {
    if (recordDir === null) doc.delete('record');
    else {
      const entries = isSeq(record) ? record.items : [record];
      for (const entry of entries) if (isMap(entry)) entry.set('path', join(recordDir, basename(String(entry.get('path')))));
    }
  }
  return doc.toString();
}
