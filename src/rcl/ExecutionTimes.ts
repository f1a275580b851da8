import type { Executable } from '../engine/Executable.js';
import { Hash64 } from '../engine/Hash64.js';
import { SeededRandom } from '../engine/SeededRandom.js';
import { entityOf, EntitySelector, type EntityMatch } from './EntitySelector.js';

/** How long a callback takes, ns; distributions drawn, then held within [min, max]. */
export type TimeModel =
  | { kind: 'fixed'; ns: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'normal'; mean: number; sd: number; min: number; max: number }
  /** exp(N(ln median, sigma²)): `sigma` is the standard deviation of the logarithm. */
  | { kind: 'lognormal'; median: number; sigma: number; min: number; max: number };

/** A rule of a job's `execution_times:`: the callbacks it matches, and how long they take. */
export interface ExecutionTimeRule extends EntityMatch {
  time: TimeModel;
}

/** The draws of one entity: its duration when fixed (-1: drawn), else its rule's model and its own stream. */
interface EntityTimes {
  fixed: number;
  model: TimeModel | null;
  random: SeededRandom | null;
}

const NONE: EntityTimes = { fixed: 0, model: null, random: null };

/**
 * Execution times of callbacks (DESIGN "Execution time"): the first rule that matches an
 * entity's node, kind and topic or service gives its model; draws come from a stream of the
 * entity's own, derived from the seed and a name stable under adding other nodes (its node's
 * fully qualified name and its place among the node's entities), so that one node's draws never
 * depend on another's. Callbacks of no rule (JS timers of programs too) take no time.
 */
export class ExecutionTimes {
  readonly #rules: { selector: EntitySelector; time: TimeModel }[];
  readonly #seed: number;
  /** By entity id (dense in a run; an array is the fastest lookup before every callback). */
  readonly #entities: (EntityTimes | undefined)[] = [];

  /** Rules that gave some callback its duration. */
  readonly #used = new Set<{ selector: EntitySelector; time: TimeModel }>();

  /** The indices of the rules no callback that ran matched (a topic in the wrong namespace, a misspelt node). */
  unused(): number[] {
    return this.#rules.flatMap((rule, i) => (this.#used.has(rule) ? [] : [i]));
  }

  constructor(rules: readonly ExecutionTimeRule[], seed: number) {
    this.#rules = rules.map((rule) => ({ selector: new EntitySelector(rule), time: rule.time }));
    this.#seed = seed;
  }

  /** The duration (ns) of the callback `executable` is about to run. */
  readonly durationOf = (executable: Executable): number => {
    const id = executable.entityId;
    let times = this.#entities[id];
    if (times === undefined) {
      // Filled up to the id one by one: an array written far past its end turns into a slow dictionary.
      while (this.#entities.length < id) this.#entities.push(undefined);
      this.#entities[id] = times = this.#timesOf(executable);
    }
    return times.fixed >= 0 ? times.fixed : draw(times.model as Exclude<TimeModel, { kind: 'fixed' }>, times.random!);
  };

  #timesOf(executable: Executable): EntityTimes {
    const entity = entityOf(executable);
    const rule = entity === null ? undefined : this.#rules.find((r) => r.selector.matches(executable));
    if (entity === null || rule === undefined) return NONE;
    this.#used.add(rule);
    const node = entity.node;
    const fqn = node.getFullyQualifiedName();
    const hash = new Hash64();
    hash.string(`${fqn}#${node._entityIndex(entity)}`);
    hash.finish();
    return { fixed: rule.time.kind === 'fixed' ? rule.time.ns : -1, model: rule.time, random: new SeededRandom(this.#seed, hash.digestLo) };
  }
}

function draw(model: Exclude<TimeModel, { kind: 'fixed' }>, random: SeededRandom): number {
  switch (model.kind) {
    case 'uniform':
      return Math.round(model.min + random.nextDouble() * (model.max - model.min));
    case 'normal':
      return bounded(model.mean + model.sd * random.nextNormal(), model);
    case 'lognormal':
      return bounded(model.median * Math.exp(model.sigma * random.nextNormal()), model);
  }
}

function bounded(ns: number, model: { min: number; max: number }): number {
  return Math.round(Math.min(model.max, Math.max(model.min, ns)));
}
