import { binWidth, MAX_BINS } from './BinColumns.js';
import { BUSY, CALLS, type Gathered, KEPT, RECORD, ROW } from './Gathered.js';
import type { ReportData, TimelineRow } from './ReportData.js';

/** Callbacks drawn one by one, over all rows; a busier row is drawn as bins. */
export const BAR_BUDGET = 100_000;
/** Entity ids are below it (a run of 67 M entities is out of reach), so that a node's rank times it plus an id orders rows. */
const ENTITY_IDS = 2 ** 26;

/**
 * The report's timeline: per entity whose callbacks ran (by node, then entity id), each
 * callback while the rows fit the bar budget, else its bins shaded by their share of its
 * busiest; `calls` and `peaks` by row: its callbacks, its largest column of them. `limited`:
 * some rows are drawn binned.
 */
export function timelineSection(gathered: Gathered, span: number, calls: Float64Array, peaks: Float64Array): ReportData['timeline'] & { limited: boolean } {
  const { rows, records, rowBins } = gathered;
  const order = rowOrder(gathered, calls);
  const kept = Int32Array.from(rows, (row) => records[RECORD * row.entity + KEPT]!);
  // A row that kept fewer callbacks than it had was cut off: it is drawn binned.
  const share = fairShare(
    Float64Array.from(order, (r) => (kept[r]! < calls[r]! ? Infinity : calls[r]!)),
    BAR_BUDGET,
  );
  const barred = order.filter((r) => kept[r] === calls[r] && calls[r]! <= share);
  // In the order they lie in the bins' columns.
  const binned = order.filter((r) => kept[r]! < calls[r]! || calls[r]! > share).sort((a, b) => a - b);
  const width = Math.max(binWidth(span, MAX_BINS), rowBins.width);
  const bins = binned.length === 0 ? 0 : rowBins.binsOf(width);
  const levels = gathered.durations ? rowBins.shares(binned, BUSY, width, bins) : rowBins.shares(binned, CALLS, width, bins, peaks);
  const level = new Int32Array(rows.length);
  binned.forEach((r, j) => (level[r] = j));
  const bars = barsOf(gathered, barred, calls);
  const out = new Array<TimelineRow>(order.length);
  for (let i = 0; i < order.length; i++) {
    const r = order[i]!;
    const row = rows[r]!;
    const barsOfRow = bars.get(r);
    out[i] = {
      node: row.owner,
      kind: row.kind,
      channel: row.channel,
      entity: row.entity,
      callbacks: calls[r]!,
      busy: gathered.busy[r]! / 1e9,
      ...(barsOfRow !== undefined ? { starts: f64(barsOfRow.starts), durations: f64(barsOfRow.durations) } : { level: level[r]! }),
    };
  }
  const levelsBase64 = Buffer.from(levels.buffer, levels.byteOffset, levels.length).toString('base64');
  return { durations: gathered.durations, binWidth: width / 1e9, bins, levels: levelsBase64, rows: out, limited: binned.length > 0 };
}

/** Rows that ran, by node (fully qualified name), then entity id. */
function rowOrder(gathered: Gathered, calls: Float64Array): number[] {
  const { rows, records } = gathered;
  const owners = [...new Set(rows.map((row) => row.owner))].sort();
  const rank = new Map(owners.map((owner, i) => [owner, i]));
  // One number per row orders them (node rank, entity id below 2^26), sorted natively.
  const keys = new Float64Array(rows.length);
  let n = 0;
  rows.forEach((row, r) => {
    if (calls[r]! > 0) keys[n++] = rank.get(row.owner)! * ENTITY_IDS + row.entity;
  });
  return Array.from(keys.subarray(0, n).sort(), (key) => records[RECORD * (key % ENTITY_IDS) + ROW]! - 1);
}

/** The callbacks of `rows` (every one of each was kept), from the bar log. */
function barsOf(gathered: Gathered, rows: number[], calls: Float64Array): Map<number, { starts: Float64Array; durations: Float64Array }> {
  const bars = new Map<number, { starts: Float64Array; durations: Float64Array }>();
  if (rows.length === 0) return bars;
  // Per row, where its next callback goes in one array for all the rows drawn with bars (-1: not drawn so).
  const next = new Int32Array(gathered.rows.length).fill(-1);
  let size = 0;
  for (const r of rows) {
    next[r] = size;
    size += calls[r]!;
  }
  const starts = new Float64Array(size);
  const durations = new Float64Array(size);
  for (const block of gathered.bars.blocks()) {
    for (let i = 0; i < block.length; i += 3) {
      const r = block[i]!;
      const k = next[r]!;
      if (k < 0) continue;
      starts[k] = block[i + 1]!;
      durations[k] = block[i + 2]!;
      next[r] = k + 1;
    }
  }
  for (const r of rows) {
    const from = next[r]! - calls[r]!;
    bars.set(r, { starts: starts.subarray(from, next[r]!), durations: durations.subarray(from, next[r]!) });
  }
  return bars;
}

/** Base64 of times in ns as seconds, little-endian Float64 (whatever the machine: the bytes go into the report). */
function f64(values: Float64Array): string {
  const bytes = Buffer.allocUnsafe(8 * values.length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < values.length; i++) view.setFloat64(8 * i, values[i]! / 1e9, true);
  return bytes.toString('base64');
}

/**
 * The largest per-row allowance with which the rows' demands (capped by it) fit the budget:
 * rows that need little keep all of theirs, the rest share what is left evenly.
 */
function fairShare(demands: Float64Array, budget: number): number {
  const sorted = demands.sort();
  let left = budget;
  for (let i = 0; i < sorted.length; i++) {
    const even = Math.floor(left / (sorted.length - i));
    if (sorted[i]! > even) return even;
    left -= sorted[i]!;
  }
  return Infinity;
}
