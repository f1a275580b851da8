import type { TimeModel } from '../sim/TimeModel.js';
import type { SectionContext } from './sectionContext.js';

/** A distribution of times as job files write it (execution times, fault delays). */
export interface DistributionEntry {
  /** Default uniform: `{ min, max }` as `delays:` writes a range. */
  distribution?: 'uniform' | 'normal' | 'lognormal';
  min?: string | number;
  max?: string | number;
  mean?: string | number;
  sd?: string | number;
  median?: string | number;
  sigma?: number;
}

/** The JSON schema of a duration: a string with its unit, or whole nanoseconds. */
export const durationSchema = { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] } as const;

/** The JSON schema of a time: a duration, or a distribution of them. */
export const timeModelSchema = {
  anyOf: [
    durationSchema,
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        distribution: { enum: ['uniform', 'normal', 'lognormal'] },
        min: durationSchema,
        max: durationSchema,
        mean: durationSchema,
        sd: durationSchema,
        median: durationSchema,
        sigma: { type: 'number', minimum: 0 },
      },
    },
  ],
} as const;

/** A time at `location`: fixed, or a distribution whose draws are held within [min, max]. */
export function timeModelAt(location: (string | number)[], given: string | number | DistributionEntry, context: SectionContext): TimeModel {
  if (typeof given !== 'object') return { kind: 'fixed', ns: Number(context.duration(location, given)) };
  const distribution = given.distribution ?? 'uniform';
  const ns = (key: 'min' | 'max' | 'mean' | 'sd' | 'median', fallback?: number): number => {
    const value = given[key];
    if (value === undefined) return fallback ?? context.fail(location, `a ${distribution} distribution needs '${key}'`);
    return Number(context.duration([...location, key], value));
  };
  const min = ns('min', 0);
  const max = ns('max', Infinity);
  if (max < min) context.fail([...location, 'max'], 'must be at least min');
  if (distribution === 'uniform') return { kind: 'uniform', min: ns('min'), max: ns('max') };
  if (distribution === 'normal') return { kind: 'normal', mean: ns('mean'), sd: ns('sd'), min, max };
  const sigma = given.sigma ?? context.fail(location, "a lognormal distribution needs 'sigma'");
  return { kind: 'lognormal', median: ns('median'), sigma, min, max };
}
