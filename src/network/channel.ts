import { exp, log10 } from '../base/portableMath.js';
import type { SeededRandom } from '../base/SeededRandom.js';
import { distance, type Point } from './geometry.js';

/** Speed of light, m/s. */
const C = 299_792_458;

/** How signal strength falls with distance. */
export type PathLossModel =
  | {
      kind: 'log-distance';
      /** Path loss exponent n: PL(d) = PL(d0) + 10·n·log10(d / d0). */
      exponent: number;
      /** Reference distance d0, m. */
      referenceDistance: number;
      /** PL(d0), dB; by default free space (Friis) at d0 and the carrier frequency. */
      referenceLossDb: number;
    }
  | {
      /** Links within `range` metres (and in line of sight, unless obstacles may be crossed) are perfect; beyond, none. */
      kind: 'disk';
      range: number;
    };

export interface ChannelConfig {
  pathLoss: PathLossModel;
  /** Carrier frequency, Hz. */
  frequency: number;
  /** Standard deviation of log-normal shadowing (dB); 0 for none. */
  shadowingSigmaDb: number;
  /** Distance (m) over which shadowing decorrelates (Gudmundson's model). */
  shadowingDecorrelation: number;
}

/** Free-space (Friis) path loss at `distance` metres and `frequency` Hz, dB. */
export function friisLossDb(distance: number, frequency: number): number {
  return 20 * log10((4 * Math.PI * distance * frequency) / C);
}

/** Path loss in dB of a link `distance` metres long (log-distance; at most its reference loss below d0). */
export function pathLossDb(model: PathLossModel & { kind: 'log-distance' }, distance: number): number {
  if (distance <= model.referenceDistance) return model.referenceLossDb;
  return model.referenceLossDb + 10 * model.exponent * log10(distance / model.referenceDistance);
}

/** Thermal noise (−174 dBm/Hz) over `bandwidth` Hz plus the receiver's noise figure, dBm. */
export function noiseFloorDbm(bandwidth: number, noiseFigureDb: number): number {
  return -174 + 10 * log10(bandwidth) + noiseFigureDb;
}

/**
 * Shadowing of one host pair (both directions), correlated over movement (Gudmundson 1991):
 * each time the pair is evaluated after an end moved Δ metres (the larger of the two moves),
 * s ← ρ·s + √(1 − ρ²)·σ·N(0,1) with ρ = exp(−Δ / decorrelation).
 */
export class Shadowing {
  readonly #sigma: number;
  readonly #decorrelation: number;
  readonly #random: SeededRandom;
  #value: number;
  #p: Point | null = null;
  #q: Point | null = null;

  constructor(sigmaDb: number, decorrelation: number, random: SeededRandom) {
    this.#sigma = sigmaDb;
    this.#decorrelation = decorrelation;
    this.#random = random;
    this.#value = sigmaDb * random.nextNormal();
  }

  /** Its value (dB) with the pair's ends at `p` (the lower-numbered host) and `q`. */
  at(p: Point, q: Point): number {
    const moved = this.#p === null || this.#q === null ? 0 : Math.max(distance(p, this.#p), distance(q, this.#q));
    this.#p = p;
    this.#q = q;
    if (moved > 0) {
      const rho = exp(-moved / this.#decorrelation);
      this.#value = rho * this.#value + Math.sqrt(1 - rho * rho) * this.#sigma * this.#random.nextNormal();
    }
    return this.#value;
  }
}
