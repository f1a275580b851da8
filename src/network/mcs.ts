import { exp, expm1, log1p, log10, pow } from '../base/portableMath.js';

/**
 * IEEE 802.11n (HT) modulation and coding schemes for one spatial stream in a 20 MHz channel
 * with the 800 ns guard interval, and the frame error model built on them.
 *
 * Rates and data bits per OFDM symbol: IEEE 802.11-2020 Table 19-27 (MCS 0–7, N_SS = 1).
 *
 * Error model: a BCC-coded frame in AWGN fails as if its bits failed independently with a
 * residual bit error probability that falls by one decade every `DB_PER_DECADE` dB of SNR. Each
 * MCS's threshold is the SNR at which a 4096-octet frame fails 10 % of the time. Thresholds and
 * slope are fitted to the AWGN packet error curves of ns-3.37's TableBasedErrorRateModel (link
 * simulations of the 802.11 PHY with an ideal receiver) for 200-, 1538- and 4096-octet frames:
 * the curves agree within 0.35 dB from 10 % down to 0.1 % PER, 0.55 dB at 50 %
 * (`adapters/ns3/error_curves.cc` prints ns-3's, test/network/radioCalibration.test.ts compares). The standard's minimum
 * sensitivities (Table 19-23) are not used: they allow receivers some 8 dB of implementation
 * loss, and real receivers, like ns-3's, need far less.
 */
export interface Mcs {
  readonly index: number;
  readonly modulation: 'BPSK' | 'QPSK' | '16-QAM' | '64-QAM';
  readonly codingRate: string;
  /** PHY data rate, bit/s. */
  readonly rate: number;
  /** Data bits per OFDM symbol (N_DBPS). */
  readonly bitsPerSymbol: number;
  /** SNR (dB) at which a 4096-octet frame fails 10 % of the time. */
  readonly snrThresholdDb: number;
  /** The least SNR (dB) at which ideal rate adaptation picks it: its bit error probability is then `RATE_BIT_ERROR`. */
  readonly selectionSnrDb: number;
}

const table: [Mcs['modulation'], string, number, number, number][] = [
  ['BPSK', '1/2', 6.5e6, 26, 1.08],
  ['QPSK', '1/2', 13e6, 52, 4.08],
  ['QPSK', '3/4', 19.5e6, 78, 6.62],
  ['16-QAM', '1/2', 26e6, 104, 9.94],
  ['16-QAM', '3/4', 39e6, 156, 13.06],
  ['64-QAM', '2/3', 52e6, 208, 17.48],
  ['64-QAM', '3/4', 58.5e6, 234, 18.72],
  ['64-QAM', '5/6', 65e6, 260, 20.1],
];

/** The PSDU length (octets) and error rate the thresholds are given at. */
const REFERENCE_BITS = 8 * 4096;
const REFERENCE_PER = 0.1;
/** The waterfall's steepness: dB of SNR per decade of bit error probability (the fit to ns-3's curves). */
const DB_PER_DECADE = 0.78;
/**
 * Ideal rate adaptation picks the fastest MCS whose bit error probability is at most this: ns-3's
 * IdealWifiManager and its default BerThreshold, so that both pick the same MCS at an SNR (a
 * 1538-octet MPDU then fails about 1 % of the time).
 */
const RATE_BIT_ERROR = 1e-6;

interface Thresholds {
  /** Bit error probability at an MCS's threshold: (1 − p)^(8·4096) = 0.9. */
  bitError: number;
  mcs: readonly Mcs[];
}

let thresholds: Thresholds | undefined;

/**
 * Worked out at first use, not when this module loads: every run loads it, and the portable
 * logarithms load some hundred small packages (~20 ms) at their first call.
 */
function computed(): Thresholds {
  if (thresholds !== undefined) return thresholds;
  const bitError = -expm1(log1p(-REFERENCE_PER) / REFERENCE_BITS);
  const mcs = table.map(([modulation, codingRate, rate, bitsPerSymbol, snrThresholdDb], index) => ({
    index,
    modulation,
    codingRate,
    rate,
    bitsPerSymbol,
    snrThresholdDb,
    selectionSnrDb: snrThresholdDb + DB_PER_DECADE * log10(bitError / RATE_BIT_ERROR),
  }));
  thresholds = { bitError, mcs };
  return thresholds;
}

/** 802.11n's MCS 0–7 (20 MHz, one stream), with the SNR from which ideal rate adaptation picks each. */
export function htMcs(): readonly Mcs[] {
  return computed().mcs;
}

/** The fastest MCS that the SNR carries nearly without error (ideal rate adaptation); MCS 0 when none does. */
export function idealMcs(snrDb: number): Mcs {
  const mcs = htMcs();
  for (let i = mcs.length - 1; i > 0; i--) if (snrDb >= mcs[i]!.selectionSnrDb) return mcs[i]!;
  return mcs[0]!;
}

/** Residual bit error probability of `mcs` at `snrDb` (0 for an infinite SNR, at most 1/2). */
export function bitErrorProbability(mcs: Mcs, snrDb: number): number {
  if (snrDb === Infinity) return 0;
  return Math.min(0.5, computed().bitError * pow(10, (mcs.snrThresholdDb - snrDb) / DB_PER_DECADE));
}

/** Probability that a frame of `bytes` octets arrives intact, for a bit error probability `p`. */
export function frameSuccess(p: number, bytes: number): number {
  return p === 0 ? 1 : exp(8 * bytes * log1p(-p));
}
