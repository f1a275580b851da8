import { holding } from '../base/byId.js';
import { Hash64 } from '../base/Hash64.js';
import { SeededRandom } from '../base/SeededRandom.js';
import type { Executable } from '../engine/Executable.js';
import { type EntityMatch, EntitySelector, entityOf } from './EntitySelector.js';
import { drawTime, type TimeModel } from './TimeModel.js';

/** A rule of a job's `execution_times:`: the callbacks it matches, and how long they take (ns). */
export interface ExecutionTimeRule extends EntityMatch {
  time: TimeModel;
}

/** The draws of one entity whose duration is drawn: its rule's model and its own stream. */
interface EntityDraws {
  model: Exclude<TimeModel, { kind: 'fixed' }>;
  random: SeededRandom;
}

/** In `#durations`: the entity's duration is drawn (see `#draws`), or not looked up yet. */
const DRAWN = -1;
const UNKNOWN = -2;

/**
 * Execution times of callbacks (docs/design.md#executors-and-execution-time): the first rule that matches an
 * entity's node, kind and topic or service gives its model; draws come from a stream of the
 * entity's own, derived from the seed and a name stable under adding other nodes (its node's
 * fully qualified name and its place among the node's entities), so that one node's draws never
 * depend on another's. Callbacks of no rule (JS timers of programs too) take no time.
 */
export class ExecutionTimes {
  readonly #rules: { selector: EntitySelector; time: TimeModel }[];
  readonly #seed: number;
  /**
   * By entity id (dense in a run): a fixed duration, DRAWN or UNKNOWN. A typed array is one
   * compact read before every callback, where an object per entity would be a cache miss.
   */
  #durations = new Float64Array(256).fill(UNKNOWN);
  /** By entity id: the draws of entities whose duration is drawn. */
  readonly #draws = new Map<number, EntityDraws>();

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
    const durations = this.#durations;
    const duration = id < durations.length ? durations[id]! : UNKNOWN;
    if (duration >= 0) return duration;
    if (duration === DRAWN) {
      const draws = this.#draws.get(id)!;
      return drawTime(draws.model, draws.random);
    }
    this.#lookUp(executable);
    return this.durationOf(executable);
  };

  /** Finds the rule of an entity's first callback: its fixed duration, or its draws. */
  #lookUp(executable: Executable): void {
    const id = executable.entityId;
    this.#durations = holding(this.#durations, id, UNKNOWN);
    const entity = entityOf(executable);
    const rule = entity === null ? undefined : this.#rules.find((r) => r.selector.matches(executable));
    if (entity === null || rule === undefined) {
      this.#durations[id] = 0;
      return;
    }
    this.#used.add(rule);
    const time = rule.time;
    if (time.kind === 'fixed') {
      this.#durations[id] = time.ns;
      return;
    }
    const node = entity.node;
    const hash = new Hash64();
    hash.string(`${node.getFullyQualifiedName()}#${node._entityIndex(entity)}`);
    hash.finish();
    this.#draws.set(id, { model: time, random: new SeededRandom(this.#seed, hash.digestLo) });
    this.#durations[id] = DRAWN;
  }
}
