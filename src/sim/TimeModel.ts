import { exp } from '../base/portableMath.js';
import type { SeededRandom } from '../base/SeededRandom.js';

/** A time (ns) a job gives as fixed or as a distribution: drawn, then held within [min, max]. */
export type TimeModel =
  | { kind: 'fixed'; ns: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'normal'; mean: number; sd: number; min: number; max: number }
  /** exp(N(ln median, sigma²)): `sigma` is the standard deviation of the logarithm. */
  | { kind: 'lognormal'; median: number; sigma: number; min: number; max: number };

/** One time of `model` (ns, an integer), from `random`; a fixed one draws nothing. */
export function drawTime(model: TimeModel, random: SeededRandom): number {
  switch (model.kind) {
    case 'fixed':
      return model.ns;
    case 'uniform':
      return Math.round(model.min + random.nextDouble() * (model.max - model.min));
    case 'normal':
      return bounded(model.mean + model.sd * random.nextNormal(), model);
    case 'lognormal':
      return bounded(model.median * exp(model.sigma * random.nextNormal()), model);
  }
}

function bounded(ns: number, model: { min: number; max: number }): number {
  return Math.round(Math.min(model.max, Math.max(model.min, ns)));
}

/** `model` with every time multiplied by `factor` (a swarm run's scale); the shape of a lognormal stays. */
export function scaledTime(model: TimeModel, factor: number): TimeModel {
  const scale = (ns: number): number => Math.round(ns * factor);
  switch (model.kind) {
    case 'fixed':
      return { kind: 'fixed', ns: scale(model.ns) };
    case 'uniform':
      return { kind: 'uniform', min: scale(model.min), max: scale(model.max) };
    case 'normal':
      return { kind: 'normal', mean: scale(model.mean), sd: scale(model.sd), min: scale(model.min), max: scale(model.max) };
    case 'lognormal':
      return { kind: 'lognormal', median: scale(model.median), sigma: model.sigma, min: scale(model.min), max: scale(model.max) };
  }
}
