import { type CompiledCheck, compileCheckExpression, type WorldFacts } from '../checkExpression.js';
import { ContentFilterError } from '../contentFilter.js';
import { fieldKind, hasFieldPath } from '../messageFields.js';
import type { Publisher } from '../Publisher.js';
import type { Sample } from '../Sample.js';
import type { Simulation } from '../Simulation.js';
import type { WorldHost } from '../WorldHost.js';
import type { CheckConfig, CheckOutcome } from './CheckConfig.js';
import { describeModels, worldFacts } from './worldFacts.js';

/** A check whose expression names no field of its topic's type: the job file is wrong (exit 2). */
export class CheckError extends Error {}

/** How much of a message a failure quotes. */
const QUOTED = 300;

/** One check as it runs: its expressions, what it read, and its first failure. */
class RunningCheck {
  readonly config: CheckConfig;
  readonly #simulation: Simulation;
  readonly #latest: ReadonlyMap<string, unknown>;
  /** The world as a message's check reads it: caught up to now (undefined: no world yet). */
  readonly #world: () => WorldFacts | undefined;
  /** Compiled at the first message, when the topic's type is known (null: it names no field of it). */
  #test: CompiledCheck | null | undefined;
  #after: CompiledCheck | null | undefined;
  #previous: unknown;
  #previousAfter: unknown;
  evaluations = 0;
  failure: CheckOutcome['failure'] | undefined;
  /** eventually: the deadlines not met yet (offsets from the start, ns, in order), and why each began. */
  readonly #deadlines: { at: number; since: string }[] = [];

  constructor(config: CheckConfig, simulation: Simulation, latest: ReadonlyMap<string, unknown>, world: () => WorldFacts | undefined) {
    this.config = config;
    this.#simulation = simulation;
    this.#latest = latest;
    this.#world = world;
    if (config.kind === 'eventually' && config.after === undefined) this.#deadlines.push({ at: config.within!, since: 'the start' });
  }

  /** Set when an expression read a previous or latest message, or a model, that is not there yet. */
  #unknown = false;
  /** The world the expression being judged reads (undefined: none). */
  #view: WorldFacts | undefined;
  /** #view as the expression reads it: a model not there is unknown. */
  readonly #seen: WorldFacts = {
    position: (model) => this.#known(this.#view?.position(model)),
    touched: (model) => this.#known(this.#view?.touched(model)),
  };

  #known<T>(found: T | undefined): T | undefined {
    if (found === undefined) this.#unknown = true;
    return found;
  }

  /**
   * Whether `compiled` holds for `message` (and the world as `world` shows it); null when it read
   * a message or a model not there yet (not judged, as SQL's UNKNOWN).
   */
  #judge(compiled: CompiledCheck, message: unknown, previous: unknown, world: WorldFacts | undefined): boolean | null {
    this.#unknown = false;
    this.#view = world;
    const latest = this.#latest;
    const check = this;
    const holds = compiled.test({
      message,
      get previous() {
        if (previous === undefined) check.#unknown = true;
        return previous;
      },
      nowSeconds: this.#simulation.engine.now / 1e9,
      latest: (topic) => {
        const found = latest.get(topic);
        if (found === undefined) check.#unknown = true;
        return found;
      },
      world: this.#seen,
    });
    return this.#unknown ? null : holds;
  }

  /** A message of the check's topic. */
  read(sample: Sample, publisher: Publisher): void {
    const message = sample.message;
    if (message === null) return;
    this.#test ??= this.#compile(this.config.expression, publisher);
    if (this.#test === null) return;
    this.#expire(this.#simulation.engine.now);
    const world = this.#test.models.length === 0 ? undefined : this.#world();
    const holds = this.#judge(this.#test, message, this.#previous, world);
    this.#previous = message;
    if (holds !== null) this.evaluations++;
    const { kind } = this.config;
    if (kind === 'eventually') {
      if (holds === true) this.#deadlines.length = 0;
    } else if (holds === (kind === 'never')) {
      const models = world === undefined ? '' : `; ${describeModels(this.#test.models, world)}`;
      this.#fail(`${kind === 'never' ? 'it held for' : 'it did not hold for'} ${quote(message)}${models}`);
    }
    if (this.config.after !== undefined && this.config.afterTopic === undefined) this.#began(message, publisher);
  }

  /** The world has taken step `step`, at absolute sim time `stampNs` (a check without a topic): judged as it is. */
  readStep(step: number, stampNs: bigint, world: WorldFacts): void {
    this.#test ??= this.#compile(this.config.expression, null);
    if (this.#test === null) return;
    const at = Number(stampNs - this.#simulation.engine.base);
    this.#expire(at);
    const holds = this.#judge(this.#test, undefined, undefined, world);
    if (holds !== null) this.evaluations++;
    const { kind } = this.config;
    if (kind === 'eventually') {
      if (holds === true) this.#deadlines.length = 0;
    } else if (holds === (kind === 'never') && this.failure === undefined) {
      this.#failAt(at, `${kind === 'never' ? 'it held' : 'it did not hold'} at step ${step}: ${describeModels(this.#test.models, world)}`);
    }
  }

  /** A message of the topic `after` reads, when it is another. */
  readAfter(sample: Sample, publisher: Publisher): void {
    if (sample.message !== null) this.#began(sample.message, publisher);
  }

  #began(message: unknown, publisher: Publisher): void {
    this.#after ??= this.#compile(this.config.after!, publisher);
    if (this.#after === null) return;
    const now = this.#simulation.engine.now;
    this.#expire(now);
    const world = this.#after.models.length === 0 ? undefined : this.#world();
    if (this.#judge(this.#after, message, this.#previousAfter, world) === true) {
      this.#deadlines.push({ at: now + this.config.within!, since: `${quote(message)} at ${seconds(now)}` });
    }
    this.#previousAfter = message;
  }

  /** Deadlines before `now` are failures (a message at the deadline itself is in time). */
  #expire(now: number): void {
    const deadlines = this.#deadlines;
    while (deadlines.length > 0 && deadlines[0]!.at < now) {
      const { at, since } = deadlines.shift()!;
      this.#failAt(at, `nothing matched within ${seconds(this.config.within!)} of ${since}`);
    }
  }

  /** The run ended at `now`: what is still awaited fails, the run ended before it held. */
  end(now: number): void {
    this.#expire(now);
    const { since } = this.#deadlines[0] ?? {};
    if (since !== undefined) this.#failAt(now, `the run ended before anything matched (awaited since ${since})`);
    this.#deadlines.length = 0;
  }

  #fail(what: string): void {
    if (this.failure !== undefined) return;
    const executing = this.#simulation.engine.executing;
    this.failure = { time: this.#simulation.engine.nowAbs, what, ...(executing === null ? {} : { callback: executing.label }) };
  }

  #failAt(at: number, what: string): void {
    if (this.failure === undefined) this.failure = { time: this.#simulation.engine.base + BigInt(at), what };
  }

  /**
   * The expression against the topic's type (publisher null: a check of the world, which reads no
   * message); one that names no field of it fails the run (bad input), not the publish under way.
   */
  #compile(expression: string, publisher: Publisher | null): CompiledCheck | null {
    const graph = this.#simulation.graph;
    try {
      const typeOf = (topic: string | null) => (topic === null ? publisher?.type : graph.publishersOf(topic)[0]?.type);
      return compileCheckExpression(
        expression,
        (topic, path) => {
          const type = typeOf(topic);
          // Another topic with no publisher yet: its fields are read as they come (missing if absent).
          return type === undefined || hasFieldPath(type, path);
        },
        (topic, path) => {
          const type = typeOf(topic);
          return type === undefined ? 'unknown' : (fieldKind(type, path) ?? 'unknown');
        },
      );
    } catch (error) {
      if (!(error instanceof ContentFilterError)) throw error;
      const type = publisher === null ? '' : ` (the type of ${publisher.topic} is ${publisher.typeName})`;
      this.#simulation.engine.fail(new CheckError(`${this.config.where}: check '${this.config.name}': ${error.message}${type}`));
      return null;
    }
  }

  outcome(): CheckOutcome {
    const { name, kind } = this.config;
    return { name, kind, held: this.failure === undefined, evaluations: this.evaluations, ...(this.failure === undefined ? {} : { failure: this.failure }) };
  }
}

/**
 * A job's checks (docs/design.md#faults-checks-and-hunting): each reads the messages of
 * its topic as they are published (before faults), or as they reach a node or host it names,
 * through watchers of Delivery, which change nothing a run does; `latest('/t', …)` reads the
 * latest message published on another topic. A check without a topic judges the robot's world
 * after each of its steps, as the world is there (the world tells its watchers; they only read),
 * and the world's functions in a message's check read it as it is at the message (caught up to
 * now: the world steps lazily, and a step taken earlier is the same step). A check only reads:
 * the fingerprint is the same with and without it.
 */
export class Checks {
  readonly #simulation: Simulation;
  readonly #checks: RunningCheck[];
  /** The world once it started (sim/WorldHost.ts). */
  #world: WorldHost | null = null;
  /** The checks without a topic: of the world, at every step. */
  readonly #onWorld: RunningCheck[] = [];

  constructor(simulation: Simulation, configs: readonly CheckConfig[]) {
    this.#simulation = simulation;
    const latest = new Map<string, unknown>();
    const delivery = simulation.delivery;
    // What latest() reads is watched first, so that a message on the check's topic published in
    // the same callback after one on the other topic sees it.
    const others = new Set(configs.flatMap((config) => [config.expression, config.after ?? ''].flatMap((e) => (e === '' ? [] : otherTopics(e)))));
    for (const topic of others) delivery.watch(topic, (sample) => latest.set(topic, sample.message ?? undefined));
    const now = () => (this.#world === null ? undefined : worldFacts(this.#world.caughtUp()));
    const onWorld = this.#onWorld;
    this.#checks = configs.map((config) => {
      const check = new RunningCheck(config, simulation, latest, now);
      const read = (sample: Sample, publisher: Publisher): void => check.read(sample, publisher);
      if (config.topic === undefined) onWorld.push(check);
      else if (config.node !== undefined) delivery.watchArrivals({ node: config.node }, config.topic, read);
      else if (config.host !== undefined) delivery.watchArrivals({ host: config.host }, config.topic, read);
      else delivery.watch(config.topic, read);
      if (config.afterTopic !== undefined) delivery.watch(config.afterTopic, (sample, publisher) => check.readAfter(sample, publisher));
      return check;
    });
    simulation.worldStarts.push((host) => {
      this.#world = host;
      const world = host.world!;
      if (onWorld.length === 0) return;
      const facts = worldFacts(world);
      world.stepWatchers.push((step) => {
        const stampNs = world.context.stampNs(step);
        for (const check of onWorld) check.readStep(step, stampNs, facts);
      });
    });
  }

  /** Each check's outcome, the run having ended now. */
  outcomes(): CheckOutcome[] {
    // The world's steps up to the end are judged: it stepped only as far as something looked.
    if (this.#onWorld.length > 0) this.#world?.caughtUp();
    const now = this.#simulation.engine.now;
    return this.#checks.map((check) => {
      check.end(now);
      return check.outcome();
    });
  }
}

/** The other topics an expression reads (a syntax error is the job file's: checked when it loads). */
function otherTopics(expression: string): readonly string[] {
  return compileCheckExpression(expression, () => true).topics;
}

function quote(message: unknown): string {
  const text = JSON.stringify(message, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value,
  );
  return `message ${text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text}`;
}

function seconds(ns: number): string {
  return `${(ns / 1e9).toFixed(9).replace(/\.?0+$/, '')} s`;
}
