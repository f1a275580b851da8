import { cos, log, sin } from '../../base/portableMath.js';
import { namedStream, type SeededRandom } from '../../base/SeededRandom.js';
import { globPattern } from '../../ros/NodePatterns.js';
import type { DisturbanceEffect } from '../../world/Disturbances.js';
import { gzTopic } from '../../world/gz/GzBus.js';
import type { SimulatedWorld } from '../../world/SimulatedWorld.js';
import type { FaultConfig, WorldOccurrence, WorldTarget } from './FaultConfig.js';
import type { Faults } from './Faults.js';

type WorldFault = Extract<FaultConfig, { kind: 'world' }>;

/** An occurrence to fire at the world's step boundary `step` (its output; its effect is the world's already). */
interface Pending {
  step: number;
  occurrence: WorldOccurrence;
  /** A fault at a rate: its stream, to draw the next occurrence when this one fires. */
  rate: { fault: WorldFault; random: SeededRandom } | null;
}

/**
 * A job's faults in the world (a sensor, a wheel, a body), as the run's world feels them: each
 * occurrence is told to the world (world/Disturbances.ts) before the world can step into it, and
 * fires — the output every fault is, and its explicit form — at its step boundary, in the world's
 * own engine action (sim/WorldHost.ts asks `nextFiring` and calls `fire` there, before the
 * world's outputs of that step), so that when it fires does not depend on when the world was
 * last looked at. A fault over an interval fires once at its start; at a rate (a Poisson process
 * of the fault's own stream), each occurrence starts at a drawn time and lasts `duration`, the
 * next drawn when one fires.
 */
export class WorldFaults {
  readonly #world: SimulatedWorld;
  readonly #faults: Faults;
  readonly #seed: number;
  /** Occurrences to fire, by step, then in the order they were told. */
  readonly #pending: Pending[] = [];
  /** The world faults of the job, for the names none matched. */
  readonly #armed: WorldFault[] = [];

  constructor(world: SimulatedWorld, faults: Faults, seed: number) {
    this.#world = world;
    this.#faults = faults;
    this.#seed = seed;
    for (const fault of faults.enabled) {
      if (fault.kind === 'world') this.#arm(fault);
      else if (fault.kind === 'explicit') for (const occurrence of fault.occurrences) if (isWorld(occurrence)) this.#tell(occurrence, null);
    }
    // What starts with the world fires with it.
    this.fire(0);
  }

  /** The next step boundary at which an occurrence fires, or null. */
  nextFiring(): number | null {
    return this.#pending[0]?.step ?? null;
  }

  /** Fires what is due at `step` (the world has stepped there), drawing the next of faults at a rate. */
  fire(step: number): void {
    while (this.#pending.length > 0 && this.#pending[0]!.step <= step) {
      const { occurrence, rate } = this.#pending.shift()!;
      this.#faults.worldFired(occurrence, targetOf(occurrence));
      if (rate !== null) this.#draw(rate.fault, rate.random, occurrence.at);
    }
  }

  /** A line for each world fault whose name matches nothing the world has (a mistyped sensor, wheel or model). */
  unmatched(): string[] {
    const names = this.#world.disturbances.names();
    return this.#armed.flatMap((fault) => {
      const [kind, spec] = Object.entries(fault.target)[0]! as [keyof WorldTarget & string, string];
      const among = kind === 'sensor' ? names.sensors : kind === 'wheel' ? names.wheels : names.models;
      if (among.some(matcher(spec))) return [];
      const what = kind === 'sensor' ? 'sensor (model/link/sensor, or its topic)' : kind === 'wheel' ? 'wheel joint (model/joint)' : 'moving model';
      return [`fault '${fault.name}' never matched: the world has no ${what} matching '${spec}'`];
    });
  }

  #arm(fault: WorldFault): void {
    this.#armed.push(fault);
    const { timing } = fault;
    if (timing.kind === 'rate') {
      this.#draw(fault, namedStream(this.#seed, `fault ${fault.name}`, 0), fault.from);
      return;
    }
    const at = timing.kind === 'at' ? timing.at : fault.from;
    if (at < fault.from || at >= fault.until) return;
    this.#tell(this.#occurrence(fault, at, fault.until, null), null);
  }

  /** The next occurrence of a fault at a rate, an exponential gap after `after` (ns), within its interval. */
  #draw(fault: WorldFault, random: SeededRandom, after: number): void {
    const timing = fault.timing as Extract<WorldFault['timing'], { kind: 'rate' }>;
    const at = after + Math.max(1, Math.round((-log(1 - random.nextDouble()) / timing.rate) * 1e9));
    if (at >= fault.until || !Number.isSafeInteger(at)) return;
    const until = Math.min(at + timing.duration, fault.until);
    this.#tell(this.#occurrence(fault, at, until, random), { fault, random });
  }

  /** A fault's occurrence over [at, until) ns, on the world's step boundaries; a push's direction drawn if it has only a speed. */
  #occurrence(fault: WorldFault, at: number, until: number, random: SeededRandom | null): WorldOccurrence {
    const stepNs = this.#world.stepNs;
    const from = Math.ceil(at / stepNs) * stepNs;
    const to = Number.isFinite(until) ? Math.max(Math.ceil(until / stepNs) * stepNs, from + stepNs) : null;
    const span = to === null ? { at: from } : { at: from, until: to };
    const { name, effect } = fault;
    // The job file gives each effect its target's key (job/worldFaultsSection.ts).
    const on = Object.values(fault.target)[0] as string;
    switch (effect.kind) {
      case 'dropout':
        return { fault: name, sensor: on, ...span, dropout: true };
      case 'noise_burst':
        return { fault: name, sensor: on, ...span, noise_burst: effect.stddev };
      case 'stuck':
        return { fault: name, wheel: on, ...span, stuck: true };
      case 'slip':
        return { fault: name, wheel: on, ...span, slip: effect.ratio };
      case 'push': {
        let push: number[];
        if (effect.velocity !== null) push = effect.velocity[2] === 0 ? [effect.velocity[0], effect.velocity[1]] : [...effect.velocity];
        else {
          const angle = 2 * Math.PI * (random ?? namedStream(this.#seed, `fault ${name}`, 0)).nextDouble();
          push = [effect.speed! * cos(angle), effect.speed! * sin(angle)];
        }
        return { fault: name, model: on, at: from, push };
      }
    }
  }

  /** Tells the world an occurrence and queues its firing (`rate`: the fault whose next it draws then). */
  #tell(occurrence: WorldOccurrence, rate: Pending['rate']): void {
    const stepNs = this.#world.stepNs;
    // At or after: an occurrence written by hand off the step boundaries starts at the next one.
    const step = Math.ceil(occurrence.at / stepNs);
    const until = 'until' in occurrence && occurrence.until !== undefined ? Math.ceil(occurrence.until / stepNs) : Number.POSITIVE_INFINITY;
    this.#world.disturbances.add({
      from: step,
      until: 'push' in occurrence ? step + 1 : until,
      target: matcher(targetOf(occurrence)),
      effect: this.#effect(occurrence),
    });
    let at = this.#pending.length;
    while (at > 0 && this.#pending[at - 1]!.step > step) at--;
    this.#pending.splice(at, 0, { step, occurrence, rate });
  }

  #effect(occurrence: WorldOccurrence): DisturbanceEffect {
    if ('dropout' in occurrence) return { kind: 'dropout' };
    if ('noise_burst' in occurrence) {
      // The burst's own stream (seed, fault, start): the explicit form replays its values, and no other occurrence moves them.
      return { kind: 'noise_burst', stddev: occurrence.noise_burst, random: namedStream(this.#seed, `fault ${occurrence.fault} ${occurrence.at}`, 0) };
    }
    if ('stuck' in occurrence) return { kind: 'stuck' };
    if ('slip' in occurrence) return { kind: 'slip', ratio: occurrence.slip };
    const [vx = 0, vy = 0, w = 0] = occurrence.push;
    return { kind: 'push', vx, vy, w };
  }
}

/** Whether an explicit occurrence is one in the world. */
function isWorld(occurrence: { fault: string }): occurrence is WorldOccurrence {
  return 'sensor' in occurrence || 'wheel' in occurrence || 'model' in occurrence;
}

function targetOf(occurrence: WorldOccurrence): string {
  return 'sensor' in occurrence ? occurrence.sensor : 'wheel' in occurrence ? occurrence.wheel : occurrence.model;
}

/** A name or pattern (`*` any characters, `?` one) as a test; a topic is compared as gz-transport names it. */
function matcher(spec: string): (name: string) => boolean {
  const pattern = globPattern(spec.startsWith('/') ? gzTopic(spec) : spec);
  return (name) => pattern.test(name);
}
