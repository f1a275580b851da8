import type { FaultConfig, FaultInterval, Occurrence, ServiceEffect, TopicEffect } from '../sim/faults/FaultConfig.js';
import type { SectionContext } from './sectionContext.js';
import { type DistributionEntry, durationSchema, timeModelAt, timeModelSchema } from './timeModelEntry.js';
import {
  type WorldFaultKeys,
  type WorldOccurrenceKeys,
  worldFault,
  worldFaultProperties,
  worldOccurrence,
  worldOccurrenceProperties,
} from './worldFaultsSection.js';

type Duration = string | number;
type Location = (string | number)[];

const occurrenceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fault'],
  properties: {
    fault: { type: 'string', minLength: 1 },
    topic: { type: 'string' },
    publisher: { type: 'string' },
    life: { type: 'integer', minimum: 1 },
    receiver: { type: 'string' },
    receiver_life: { type: 'integer', minimum: 1 },
    service: { type: 'string' },
    client: { type: 'string' },
    part: { enum: ['request', 'response'] },
    sequence: { type: 'integer', minimum: 1 },
    program: { type: 'string' },
    at: durationSchema,
    drop: { const: true },
    lose: { const: true },
    delay: durationSchema,
    duplicate: durationSchema,
    ...worldOccurrenceProperties,
  },
} as const;

/** The JSON schema of one entry of `faults:`. */
export const faultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    topic: { type: 'string', minLength: 1 },
    service: { type: 'string', minLength: 1 },
    program: { type: 'string', minLength: 1 },
    drop: { type: 'number', minimum: 0, maximum: 1 },
    delay: timeModelSchema,
    duplicate: timeModelSchema,
    reorder: durationSchema,
    freeze: { const: true },
    lose: { enum: ['requests', 'responses'] },
    probability: { type: 'number', minimum: 0, maximum: 1 },
    partition: {
      type: 'object',
      additionalProperties: false,
      required: ['groups', 'mode'],
      properties: {
        groups: { type: 'array', minItems: 2, items: { type: 'array', minItems: 1, items: { type: 'string' } } },
        mode: { enum: ['stopped', 'slowed'] },
        delay: durationSchema,
      },
    },
    crash: { type: 'object', additionalProperties: false, properties: { at: durationSchema, rate: { type: 'number', exclusiveMinimum: 0 } } },
    occurrences: { type: 'array', items: occurrenceSchema },
    from: durationSchema,
    until: durationSchema,
    ...worldFaultProperties,
  },
} as const;

interface OccurrenceEntry extends WorldOccurrenceKeys {
  fault: string;
  topic?: string;
  publisher?: string;
  life?: number;
  receiver?: string;
  receiver_life?: number;
  service?: string;
  client?: string;
  part?: 'request' | 'response';
  sequence?: number;
  program?: string;
  at?: Duration;
  drop?: true;
  lose?: true;
  delay?: Duration;
  duplicate?: Duration;
}

export interface FaultEntry extends WorldFaultKeys {
  name: string;
  topic?: string;
  service?: string;
  program?: string;
  drop?: number;
  delay?: Duration | DistributionEntry;
  duplicate?: Duration | DistributionEntry;
  reorder?: Duration;
  freeze?: true;
  lose?: 'requests' | 'responses';
  probability?: number;
  partition?: { groups: string[][]; mode: 'stopped' | 'slowed'; delay?: Duration };
  crash?: { at?: Duration; rate?: number };
  occurrences?: OccurrenceEntry[];
  from?: Duration;
  until?: Duration;
}

/** What the rest of the job file tells the faults: its hosts, and which programs can crash. */
export interface FaultTargets {
  /** The network's host names (null: the job has no network). */
  hosts: readonly string[] | null;
  /** A nodes entry's program by the name a crash fault gives: whether it runs in a process of its own (undefined: none such). */
  separate(program: string): boolean | undefined;
  /** Why faults cannot reach the job's world (null: it runs the built-in one, whose sensors, wheels and bodies they name). */
  noWorld: string | null;
}

/**
 * The greatest crash rate (per second): a rate past it only draws crashes that cannot strike (a
 * life crashes once it ran a callback) at a cost, one engine event each, that ends no run.
 */
const MAX_CRASH_RATE = 1000;

const TOPIC_EFFECTS = ['drop', 'delay', 'duplicate', 'reorder', 'freeze'] as const;
const TARGETS = ['topic', 'service', 'partition', 'program', 'sensor', 'wheel', 'model', 'occurrences'] as const;

/** The job's `faults:`, checked: each with a unique name, one target, one effect. */
export function faultsConfig(entries: readonly FaultEntry[], context: SectionContext, targets: FaultTargets): FaultConfig[] {
  const names = new Set<string>();
  return entries.map((entry, i) => {
    const location: Location = ['faults', i];
    const fail = (key: string, message: string): never => context.fail([...location, key], message);
    if (names.has(entry.name)) fail('name', `a second fault named '${entry.name}'`);
    names.add(entry.name);
    const given = TARGETS.filter((key) => entry[key] !== undefined);
    if (given.length !== 1) {
      context.fail(location, `a fault names one of ${TARGETS.join(', ')} (${given.length === 0 ? 'none given' : `given: ${given.join(', ')}`})`);
    }
    const interval: FaultInterval = {
      from: entry.from === undefined ? 0 : Number(context.duration([...location, 'from'], entry.from)),
      until: entry.until === undefined ? Number.POSITIVE_INFINITY : Number(context.duration([...location, 'until'], entry.until)),
    };
    if (interval.until <= interval.from) fail('until', 'must be later than from');
    const base = { name: entry.name, ...interval };
    const only = (allowed: readonly string[]): void => {
      for (const key of Object.keys(entry)) {
        if (!['name', 'from', 'until', given[0]!, ...allowed].includes(key)) fail(key, `is no key of a ${given[0]} fault`);
      }
    };
    const probability = entry.probability ?? 1;
    switch (given[0]!) {
      case 'topic': {
        only([...TOPIC_EFFECTS, 'probability']);
        const effects = TOPIC_EFFECTS.filter((key) => entry[key] !== undefined);
        if (effects.length !== 1)
          context.fail(
            location,
            `a topic fault has one of ${TOPIC_EFFECTS.join(', ')} (${effects.length === 0 ? 'none given' : `given: ${effects.join(', ')}`})`,
          );
        const kind = effects[0]!;
        if (entry.probability !== undefined && kind !== 'delay' && kind !== 'duplicate') fail('probability', `a ${kind} fault takes no probability`);
        if (kind === 'freeze' && (entry.from === undefined || entry.until === undefined)) context.fail(location, 'a freeze needs from and until');
        const effect: TopicEffect =
          kind === 'drop'
            ? { kind, probability: entry.drop! }
            : kind === 'reorder'
              ? { kind, window: Number(context.duration([...location, 'reorder'], entry.reorder!)) }
              : kind === 'freeze'
                ? { kind }
                : { kind, time: timeModelAt([...location, kind], entry[kind]!, context), probability };
        return { ...base, kind: 'topic', topic: pattern(entry.topic!, [...location, 'topic'], context), effect };
      }
      case 'service': {
        only(['lose', 'delay', 'probability']);
        if ((entry.lose === undefined) === (entry.delay === undefined)) context.fail(location, 'a service fault has one of lose, delay');
        const effect: ServiceEffect =
          entry.lose !== undefined
            ? { kind: 'lose', part: entry.lose === 'requests' ? 'request' : 'response', probability }
            : { kind: 'delay', time: timeModelAt([...location, 'delay'], entry.delay!, context), probability };
        return { ...base, kind: 'service', service: pattern(entry.service!, [...location, 'service'], context), effect };
      }
      case 'partition': {
        only([]);
        const { groups, mode, delay } = entry.partition!;
        const where = [...location, 'partition'];
        if (targets.hosts === null) context.fail(where, "a partition is between hosts, but the job has no 'network'");
        const seen = new Set<string>();
        groups.forEach((group, g) =>
          group.forEach((host, h) => {
            if (!targets.hosts!.includes(host)) context.fail([...where, 'groups', g, h], `no host named '${host}' (hosts: ${targets.hosts!.join(', ')})`);
            if (seen.has(host)) context.fail([...where, 'groups', g, h], `host '${host}' is in two groups`);
            seen.add(host);
          }),
        );
        if (mode === 'slowed' && delay === undefined) context.fail(where, "a slowed partition needs 'delay'");
        if (mode === 'stopped' && delay !== undefined) context.fail([...where, 'delay'], 'a stopped partition lets nothing through: it takes no delay');
        return { ...base, kind: 'partition', groups, slowed: delay === undefined ? null : Number(context.duration([...where, 'delay'], delay)) };
      }
      case 'program': {
        only(['crash']);
        crashable(entry.program!, [...location, 'program'], context, targets);
        const crash = entry.crash ?? context.fail(location, "a program fault needs 'crash'");
        if ((crash.at === undefined) === (crash.rate === undefined)) context.fail([...location, 'crash'], 'a crash has one of at, rate');
        if (crash.rate !== undefined && crash.rate > MAX_CRASH_RATE)
          context.fail(
            [...location, 'crash', 'rate'],
            `must be at most ${MAX_CRASH_RATE} (crashes per second of sim time): each is an event of the run, and a crash strikes a life only once it ran a callback`,
          );
        const at = crash.at === undefined ? null : Number(context.duration([...location, 'crash', 'at'], crash.at));
        return { ...base, kind: 'crash', program: entry.program!, at, rate: crash.rate ?? null };
      }
      case 'sensor':
      case 'wheel':
      case 'model':
        return worldFault(entry, Object.keys(entry), base, location, context, targets.noWorld);
      default:
        only([]);
        return { ...base, kind: 'explicit', occurrences: entry.occurrences!.map((o, k) => occurrence(o, [...location, 'occurrences', k], context, targets)) };
    }
  });
}

function pattern(name: string, location: Location, context: SectionContext): string {
  if (!name.startsWith('/') && !name.startsWith('*')) context.fail(location, `'${name}' must be a fully qualified name or pattern (start with '/' or '*')`);
  return name;
}

function crashable(program: string, location: Location, context: SectionContext, targets: FaultTargets): void {
  const separate = targets.separate(program);
  if (separate === undefined)
    context.fail(location, `no nodes entry runs a program named '${program}' (its name:, its script's file name, or its component's export)`);
  if (!separate) context.fail(location, `program '${program}' runs in-process: a crash needs a process of its own (process: separate)`);
}

/** One occurrence of the explicit form: a message, a service call or a crash, named as the run that fired it did. */
function occurrence(entry: OccurrenceEntry, location: Location, context: SectionContext, targets: FaultTargets): Occurrence {
  const fail = (message: string): never => context.fail(location, message);
  const ns = (key: 'at' | 'delay' | 'duplicate', value: Duration): number => Number(context.duration([...location, key], value));
  const { fault } = entry;
  if (entry.topic !== undefined) {
    const { topic, publisher, receiver, sequence } = entry;
    if (publisher === undefined || receiver === undefined || sequence === undefined)
      return fail('a message occurrence names topic, publisher, sequence and receiver');
    // Keys in the order a run writes them: the occurrence is hashed into the fingerprint as it fires.
    const named = { fault, topic, publisher, ...lifeOf('life', entry.life), sequence, receiver, ...lifeOf('receiver_life', entry.receiver_life) };
    if (entry.drop !== undefined) return { ...named, drop: true };
    if (entry.delay !== undefined) return { ...named, delay: ns('delay', entry.delay) };
    if (entry.duplicate !== undefined) return { ...named, duplicate: ns('duplicate', entry.duplicate) };
    return fail('a message occurrence has one of drop, delay, duplicate');
  }
  if (entry.service !== undefined) {
    const { service, client, sequence, part } = entry;
    if (client === undefined || sequence === undefined || part === undefined) return fail('a service occurrence names service, client, sequence and part');
    const named = { fault, service, client, ...lifeOf('life', entry.life), sequence, part };
    if (entry.lose !== undefined) return { ...named, lose: true };
    if (entry.delay !== undefined) return { ...named, delay: ns('delay', entry.delay) };
    return fail('a service occurrence has one of lose, delay');
  }
  if (entry.sensor !== undefined || entry.wheel !== undefined || entry.model !== undefined) return worldOccurrence(entry, location, context, targets.noWorld);
  if (entry.program !== undefined && entry.at !== undefined) {
    crashable(entry.program, [...location, 'program'], context, targets);
    return { fault, program: entry.program, at: ns('at', entry.at) };
  }
  return fail('an occurrence names a message (topic …), a service call (service …), a crash (program, at) or a fault in the world (sensor, wheel or model …)');
}

/** A life of an endpoint's name as an occurrence has it: left out when it is the first. */
function lifeOf<K extends string>(key: K, life: number | undefined): Partial<Record<K, number>> {
  return life === undefined || life === 1 ? {} : ({ [key]: life } as Record<K, number>);
}
