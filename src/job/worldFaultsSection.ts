import type { FaultConfig, FaultInterval, WorldEffect, WorldOccurrence, WorldTarget } from '../sim/faults/FaultConfig.js';
import type { SectionContext } from './sectionContext.js';
import { durationSchema } from './timeModelEntry.js';

type Duration = string | number;
type Location = (string | number)[];

/** A push: a speed in a direction drawn, or a velocity change [x, y] (m/s) or [x, y, turn] (and rad/s), in the world's frame. */
const pushSchema = {
  anyOf: [
    { type: 'number', exclusiveMinimum: 0 },
    { type: 'array', minItems: 2, maxItems: 3, items: { type: 'number' } },
  ],
} as const;

/** The keys of `faults:` entries on the world (their targets, effects and timing), for faultsSection's schema. */
export const worldFaultProperties = {
  sensor: { type: 'string', minLength: 1 },
  wheel: { type: 'string', minLength: 1 },
  model: { type: 'string', minLength: 1 },
  dropout: { const: true },
  noise_burst: { type: 'number', exclusiveMinimum: 0 },
  stuck: { const: true },
  slip: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
  push: pushSchema,
  at: durationSchema,
  rate: { type: 'number', exclusiveMinimum: 0 },
  duration: durationSchema,
} as const;

/** The keys of an explicit occurrence in the world, for faultsSection's occurrence schema (`at` is shared with crashes). */
export const worldOccurrenceProperties = {
  sensor: { type: 'string', minLength: 1 },
  wheel: { type: 'string', minLength: 1 },
  model: { type: 'string', minLength: 1 },
  until: durationSchema,
  dropout: { const: true },
  noise_burst: { type: 'number', exclusiveMinimum: 0 },
  stuck: { const: true },
  slip: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
  push: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'number' } },
} as const;

export interface WorldFaultKeys {
  sensor?: string;
  wheel?: string;
  model?: string;
  dropout?: true;
  noise_burst?: number;
  stuck?: true;
  slip?: number;
  push?: number | number[];
  at?: Duration;
  rate?: number;
  duration?: Duration;
}

export interface WorldOccurrenceKeys {
  fault: string;
  sensor?: string;
  wheel?: string;
  model?: string;
  at?: Duration;
  until?: Duration;
  dropout?: true;
  noise_burst?: number;
  stuck?: true;
  slip?: number;
  push?: number[];
}

/** The effects each target takes. */
const EFFECTS = { sensor: ['dropout', 'noise_burst'], wheel: ['stuck', 'slip'], model: ['push'] } as const;

/**
 * The most occurrences a second a fault at a rate may draw: each is an output of the run and a
 * disturbance the world keeps, and past it they overlap into one long fault anyway.
 */
const MAX_RATE = 1000;

/**
 * A fault in the world (docs/faults-and-checks.md): a sensor's dropout or noise burst, a wheel
 * stuck or slipping, a model's body pushed; over its interval, at an instant (a push), or at a
 * rate with a duration. `keys` are the entry's keys, to refuse those it does not take.
 */
export function worldFault(
  entry: WorldFaultKeys & { name: string },
  keys: readonly string[],
  base: { name: string } & FaultInterval,
  location: Location,
  context: SectionContext,
  noWorld: string | null,
): FaultConfig {
  const kind = (['sensor', 'wheel', 'model'] as const).find((key) => entry[key] !== undefined)!;
  const fail = (key: string, message: string): never => context.fail([...location, key], message);
  if (noWorld !== null) fail(kind, `is in the robot's world, but ${noWorld}`);
  const effects: readonly string[] = EFFECTS[kind];
  for (const key of keys) {
    if (!['name', 'from', 'until', kind, 'at', 'rate', 'duration', ...effects].includes(key)) fail(key, `is no key of a ${kind} fault`);
  }
  const given = effects.filter((key) => entry[key as keyof WorldFaultKeys] !== undefined);
  if (given.length !== 1)
    context.fail(location, `a ${kind} fault has one of ${effects.join(', ')} (${given.length === 0 ? 'none given' : `given: ${given.join(', ')}`})`);
  const name = entry[kind]!;
  if (kind === 'wheel' && !name.includes('/')) fail('wheel', `'${name}' must name a model and its wheel's joint: model/joint`);
  const target = { [kind]: name } as WorldTarget;
  const ns = (key: 'at' | 'duration'): number => Number(context.duration([...location, key], entry[key]!));
  if (entry.rate !== undefined && entry.rate > MAX_RATE) fail('rate', `must be at most ${MAX_RATE} (occurrences per second of sim time)`);
  let timing: Extract<FaultConfig, { kind: 'world' }>['timing'];
  if (kind === 'model') {
    if (entry.duration !== undefined) fail('duration', 'a push is an instant: it takes at or rate, no duration');
    if ((entry.at === undefined) === (entry.rate === undefined)) context.fail(location, 'a push has one of at, rate');
    timing = entry.at !== undefined ? { kind: 'at', at: ns('at') } : { kind: 'rate', rate: entry.rate!, duration: 0 };
  } else {
    if (entry.at !== undefined) fail('at', `a ${given[0]} lasts: it takes from and until, or rate and duration`);
    if ((entry.rate === undefined) !== (entry.duration === undefined)) context.fail(location, `a ${given[0]} at a rate needs rate and duration`);
    timing = entry.rate === undefined ? { kind: 'interval' } : { kind: 'rate', rate: entry.rate, duration: ns('duration') };
    if (timing.kind === 'rate' && timing.duration <= 0) fail('duration', 'must be longer than 0');
  }
  let effect: WorldEffect;
  switch (given[0]!) {
    case 'dropout':
      effect = { kind: 'dropout' };
      break;
    case 'noise_burst':
      effect = { kind: 'noise_burst', stddev: entry.noise_burst! };
      break;
    case 'stuck':
      effect = { kind: 'stuck' };
      break;
    case 'slip':
      effect = { kind: 'slip', ratio: entry.slip! };
      break;
    default: {
      const push = entry.push!;
      effect =
        typeof push === 'number' ? { kind: 'push', velocity: null, speed: push } : { kind: 'push', velocity: [push[0]!, push[1]!, push[2] ?? 0], speed: null };
    }
  }
  return { ...base, kind: 'world', target, effect, timing };
}

/** An explicit occurrence in the world, its keys in the order a run writes them (they are hashed into the fingerprint as it fires). */
export function worldOccurrence(entry: WorldOccurrenceKeys, location: Location, context: SectionContext, noWorld: string | null): WorldOccurrence {
  const fail = (message: string): never => context.fail(location, message);
  if (noWorld !== null) fail(`an occurrence in the robot's world, but ${noWorld}`);
  const ns = (key: 'at' | 'until'): number => Number(context.duration([...location, key], entry[key]!));
  if (entry.at === undefined) return fail('an occurrence in the world names its time: at');
  const at = ns('at');
  const span = entry.until === undefined ? { at } : { at, until: ns('until') };
  if (span.until !== undefined && span.until <= at) context.fail([...location, 'until'], 'must be later than at');
  const { fault } = entry;
  if (entry.sensor !== undefined) {
    if (entry.dropout !== undefined) return { fault, sensor: entry.sensor, ...span, dropout: true };
    if (entry.noise_burst !== undefined) return { fault, sensor: entry.sensor, ...span, noise_burst: entry.noise_burst };
    return fail('a sensor occurrence has one of dropout, noise_burst');
  }
  if (entry.wheel !== undefined) {
    if (entry.stuck !== undefined) return { fault, wheel: entry.wheel, ...span, stuck: true };
    if (entry.slip !== undefined) return { fault, wheel: entry.wheel, ...span, slip: entry.slip };
    return fail('a wheel occurrence has one of stuck, slip');
  }
  if (entry.push === undefined) return fail('a model occurrence has push');
  if (entry.until !== undefined) context.fail([...location, 'until'], 'a push is an instant: it has no until');
  return { fault, model: entry.model!, at, push: entry.push };
}
