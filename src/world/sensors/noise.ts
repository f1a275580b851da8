import type { SeededRandom } from '../../base/SeededRandom.js';
import type { XmlElement } from '../../base/xmlReader.js';
import type { SdfValues } from '../description/sdfValues.js';

/** A sensor value's noise, drawing from the stream it was made with. */
export interface Noise {
  apply(value: number): number;
  /** The white noise's standard deviation (what covariances report). */
  readonly stddev: number;
}

/**
 * SDF's `<noise>` as gz-sensors' GaussianNoiseModel applies it: type `none`, `gaussian` or
 * `gaussian_quantized` (the `<type>` child or the attribute SDF once had); a bias drawn once
 * (N(bias_mean, bias_stddev), or bias_mean; its sign flipped with one uniform draw), then each
 * value + bias + N(mean, stddev) (mean where stddev is 0, no draw), rounded to `precision` if
 * quantized. Null where it adds nothing (every parameter 0), as gz-sensors skips it then.
 */
export function noiseOf(element: XmlElement, values: SdfValues, random: SeededRandom): Noise | null {
  const attribute = element.attributes.find(([name]) => name === 'type')?.[1];
  const type = values.string(element, 'type', attribute ?? 'none').toLowerCase();
  if (type === 'none' || type === '') return null;
  if (type !== 'gaussian' && type !== 'gaussian_quantized')
    throw values.error(element, `<noise> type '${type}' is not one of none, gaussian, gaussian_quantized`);
  const mean = values.number(element, 'mean', 0);
  const stddev = values.number(element, 'stddev', 0);
  const biasMean = values.number(element, 'bias_mean', 0);
  const biasStddev = values.number(element, 'bias_stddev', 0);
  const precision = type === 'gaussian_quantized' ? values.number(element, 'precision', 0) : 0;
  if (mean === 0 && stddev === 0 && biasMean === 0 && biasStddev === 0 && precision === 0) return null;
  let bias = biasStddev > 0 ? biasMean + biasStddev * random.nextNormal() : biasMean;
  if (random.nextDouble() < 0.5) bias = -bias;
  return {
    stddev,
    apply(value: number): number {
      const white = stddev > 0 ? mean + stddev * random.nextNormal() : mean;
      const noisy = value + bias + white;
      return precision > 0 ? Math.round(noisy / precision) * precision : noisy;
    },
  };
}
