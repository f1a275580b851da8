import { Hash64 } from '../base/Hash64.js';
import type { SweepDefinition } from './sweepFile.js';

/** One point of the matrix: a value for every axis, and a seed. */
export interface SweepCase {
  /** Its place in the sweep (axes in file order, the first outermost; seeds innermost). */
  index: number;
  /** Stable across calls and machines: a hash of the values and seed, so results find their case again. */
  id: string;
  /** Axis key → value. */
  values: Record<string, unknown>;
  seed: number | null;
}

/** One run of a case (a case runs `verify` times). */
export interface SweepRun {
  sweepCase: SweepCase;
  repeat: number;
  /** `<case id>-<repeat>`: what results are keyed by. */
  key: string;
}

/** Every case of the matrix, in order. */
export function expandCases(sweep: SweepDefinition): SweepCase[] {
  let combinations: Record<string, unknown>[] = [{}];
  for (const axis of sweep.axes) combinations = combinations.flatMap((values) => axis.values.map((value) => ({ ...values, [axis.key]: value })));
  const cases: SweepCase[] = [];
  for (const values of combinations) {
    for (const seed of sweep.seeds) {
      const hash = new Hash64();
      hash.string(JSON.stringify([values, seed]));
      cases.push({ index: cases.length, id: hash.hex(), values, seed });
    }
  }
  return cases;
}

/** Every run of the sweep, case by case. */
export function expandRuns(cases: readonly SweepCase[], repeats: number): SweepRun[] {
  return cases.flatMap((sweepCase) => Array.from({ length: repeats }, (_, repeat) => ({ sweepCase, repeat, key: `${sweepCase.id}-${repeat}` })));
}
