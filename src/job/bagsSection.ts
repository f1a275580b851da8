import { resolve } from 'node:path';
import { overwritesInput } from '../bag/bagPaths.js';
import type { PlayOptions } from '../bag/Player.js';
import type { RecordOptions } from '../bag/Recorder.js';
import { EXACT_RANGE } from '../base/simTimeRange.js';
import { validatePlay, validateRecord } from './jobValidators.js';
import { failSchema } from './schemaErrors.js';
import { given, hostNamed, type JobFileContext, type Location } from './sectionContext.js';

export interface PlayEntry {
  bag: string;
  topics?: string[];
  remap?: Record<string, string>;
  start_offset?: string | number;
  window?: { from?: string | number; to?: string | number };
  timestamp?: 'received' | 'sent';
  clock?: boolean | number;
  host?: string;
}

export interface RecordEntry {
  path: string;
  topics?: string[];
  compression?: 'none' | 'zstd' | 'lz4';
  host?: string;
}

/** rosbag2 play's default /clock rate (Hz) for `clock: true`. */
const DEFAULT_CLOCK_HZ = 40;

// Generated from jobSchema.ts when rclsim is built: compiling the schemas at every run's start cost ~120 ms.
const validateEntry = { play: validatePlay, record: validateRecord };

/** The job's `play:` (one bag or a list of them): bags that are there, durations, /clock rates, hosts of the network (`hosts`). */
export function playsConfig(value: PlayEntry | PlayEntry[] | undefined, context: JobFileContext, hosts: readonly string[] | null): PlayOptions[] {
  const { duration } = context;
  return listed('play', value, context).map(([entry, location]) => ({
    bag: context.file([...location, 'bag'], entry.bag, 'either'),
    ...given('topics', entry.topics),
    ...given('remap', entry.remap),
    ...given('startOffset', entry.start_offset, (offset) => duration([...location, 'start_offset'], offset)),
    ...given('window', entry.window, (window) => ({
      ...given('from', window.from, (from) => duration([...location, 'window', 'from'], from)),
      ...given('to', window.to, (to) => duration([...location, 'window', 'to'], to)),
    })),
    ...given('timestamp', entry.timestamp),
    ...(entry.clock === undefined || entry.clock === false ? {} : { clockHz: clockRate([...location, 'clock'], entry.clock, context) }),
    ...given('host', entry.host, (host) => hostNamed(context, [...location, 'host'], host, hosts)),
  }));
}

/** The job's `record:` (one bag or a list of them): none onto a bag that `plays` reads, hosts of the network (`hosts`). */
export function recordsConfig(
  value: RecordEntry | RecordEntry[] | undefined,
  context: JobFileContext,
  hosts: readonly string[] | null,
  plays: readonly PlayOptions[],
): RecordOptions[] {
  return listed('record', value, context).map(([entry, location]) => {
    const target = resolve(context.dir, entry.path);
    // Recording opens its files before a bag plays: onto a played bag, it would destroy the input.
    for (const play of plays) {
      const overwritten = overwritesInput(target, play.bag);
      if (overwritten !== undefined) context.fail([...location, 'path'], `would overwrite ${overwritten}, a file of the bag this job plays`);
    }
    return {
      path: target,
      ...given('topics', entry.topics),
      ...given('compression', entry.compression),
      ...given('host', entry.host, (host) => hostNamed(context, [...location, 'host'], host, hosts)),
    };
  });
}

/** The entries of `key` (one mapping or a list of them), each where it is, each valid by its schema. */
function listed<T>(key: 'play' | 'record', value: T | T[] | undefined, context: JobFileContext): [T, Location][] {
  const entries: [T, Location][] = value === undefined ? [] : Array.isArray(value) ? value.map((entry, i) => [entry, [key, i]]) : [[value, [key]]];
  for (const [entry, location] of entries) if (!validateEntry[key](entry)) failSchema(validateEntry[key].errors!, context, location);
  return entries;
}

/** A /clock rate whose period (rounded to ns) is at least 1 ns and within the exact range. */
function clockRate(location: Location, clock: true | number, context: JobFileContext): number {
  const hz = clock === true ? DEFAULT_CLOCK_HZ : clock;
  const period = Math.round(1e9 / hz);
  if (period < 1 || period > Number(EXACT_RANGE)) context.fail(location, `must be a /clock rate between ${1e9 / Number(EXACT_RANGE)} and 1e9 Hz, got ${hz}`);
  return hz;
}
