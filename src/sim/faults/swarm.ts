import { namedStream } from '../../base/SeededRandom.js';
import { scaledTime } from '../TimeModel.js';
import type { FaultConfig, WorldEffect, WorldTiming } from './FaultConfig.js';

/** A swarm run scales a fault's parameters by a factor within [MIN_SCALE, MAX_SCALE). */
const MIN_SCALE = 0.25;
const MAX_SCALE = 2;

/**
 * TigerBeetle's swarm testing: the seed decides whether a fault is on in this run (one chance in
 * two) and scales its probability, its times and its rate, so that one job explores many
 * mixes of faults. The draw is the fault's own (seed and name), whatever else the job lists.
 * Explicit occurrences are always on: they are a replay.
 */
export function swarmed(fault: FaultConfig, seed: number): FaultConfig[] {
  if (fault.kind === 'explicit') return [fault];
  const random = namedStream(seed, `swarm ${fault.name}`, 0);
  if (random.nextDouble() >= 0.5) return [];
  const factor = MIN_SCALE + random.nextDouble() * (MAX_SCALE - MIN_SCALE);
  const probability = (p: number): number => Math.min(1, p * factor);
  switch (fault.kind) {
    case 'topic': {
      const effect = fault.effect;
      switch (effect.kind) {
        case 'drop':
          return [{ ...fault, effect: { kind: 'drop', probability: probability(effect.probability) } }];
        case 'delay':
        case 'duplicate':
          return [{ ...fault, effect: { kind: effect.kind, time: scaledTime(effect.time, factor), probability: probability(effect.probability) } }];
        case 'reorder':
          return [{ ...fault, effect: { kind: 'reorder', window: Math.round(effect.window * factor) } }];
        case 'freeze':
          return [fault];
      }
      break;
    }
    case 'service': {
      const effect = fault.effect;
      if (effect.kind === 'lose') return [{ ...fault, effect: { ...effect, probability: probability(effect.probability) } }];
      return [{ ...fault, effect: { kind: 'delay', time: scaledTime(effect.time, factor), probability: probability(effect.probability) } }];
    }
    case 'partition':
      return [{ ...fault, slowed: fault.slowed === null ? null : Math.round(fault.slowed * factor) }];
    case 'crash':
      return [{ ...fault, rate: fault.rate === null ? null : fault.rate * factor }];
    case 'world':
      return [{ ...fault, effect: scaledEffect(fault.effect, factor), timing: scaledTiming(fault.timing, factor) }];
  }
}

/** A world fault's size scaled: a noise's deviation, a slip (at most 1), a push. */
function scaledEffect(effect: WorldEffect, factor: number): WorldEffect {
  switch (effect.kind) {
    case 'noise_burst':
      return { kind: 'noise_burst', stddev: effect.stddev * factor };
    case 'slip':
      return { kind: 'slip', ratio: Math.min(1, effect.ratio * factor) };
    case 'push': {
      const v = effect.velocity;
      return {
        kind: 'push',
        velocity: v === null ? null : [v[0] * factor, v[1] * factor, v[2] * factor],
        speed: effect.speed === null ? null : effect.speed * factor,
      };
    }
    default:
      return effect;
  }
}

/** A world fault at a rate: its rate and each occurrence's duration scaled. */
function scaledTiming(timing: WorldTiming, factor: number): WorldTiming {
  return timing.kind === 'rate' ? { kind: 'rate', rate: timing.rate * factor, duration: Math.round(timing.duration * factor) } : timing;
}
