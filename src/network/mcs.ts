/**
 * IEEE 802.11n (HT) modulation and coding schemes for one spatial stream in a 20 MHz channel
 * with the 800 ns guard interval, and the frame error model built on them.
 *
 * Rates and data bits per OFDM symbol: IEEE 802.11-2020 Table 19-27 (MCS 0–7, N_SS = 1).
 * Minimum sensitivities: IEEE 802.11-2020 Table 19-23 (20 MHz), the input level at which the
 * packet error rate of a 4096-octet PSDU is at most 10 % (§19.3.19.2). The SNR a receiver needs at
 * that level is the sensitivity minus the thermal noise of 20 MHz with the 10 dB noise figure
 * the standard's levels are derived with: −174 dBm/Hz + 73.0 dB + 10 dB = −91 dBm.
 */
export interface Mcs {
  readonly index: number;
  readonly modulation: 'BPSK' | 'QPSK' | '16-QAM' | '64-QAM';
  readonly codingRate: string;
  /** PHY data rate, bit/s. */
  readonly rate: number;
  /** Data bits per OFDM symbol (N_DBPS). */
  readonly bitsPerSymbol: number;
  /** Minimum input sensitivity, dBm. */
  readonly sensitivityDbm: number;
  /** SNR (dB) at which a 4096-octet frame fails 10 % of the time. */
  readonly snrThresholdDb: number;
}

/** Thermal noise of 20 MHz plus the standard's 10 dB noise figure, dBm: what sensitivities are measured against. */
const SENSITIVITY_NOISE_DBM = -174 + 10 * Math.log10(20e6) + 10;

const table: [Mcs['modulation'], string, number, number, number][] = [
  ['BPSK', '1/2', 6.5e6, 26, -82],
  ['QPSK', '1/2', 13e6, 52, -79],
  ['QPSK', '3/4', 19.5e6, 78, -77],
  ['16-QAM', '1/2', 26e6, 104, -74],
  ['16-QAM', '3/4', 39e6, 156, -70],
  ['64-QAM', '2/3', 52e6, 208, -66],
  ['64-QAM', '3/4', 58.5e6, 234, -65],
  ['64-QAM', '5/6', 65e6, 260, -64],
];

export const HT_MCS: readonly Mcs[] = table.map(([modulation, codingRate, rate, bitsPerSymbol, sensitivityDbm], index) => ({
  index,
  modulation,
  codingRate,
  rate,
  bitsPerSymbol,
  sensitivityDbm,
  snrThresholdDb: sensitivityDbm - SENSITIVITY_NOISE_DBM,
}));

/** The PSDU length (octets) and error rate the sensitivities are specified at. */
const REFERENCE_BITS = 8 * 4096;
const REFERENCE_PER = 0.1;
/** Bit error probability at an MCS's threshold: (1 − p)^(8·4096) = 0.9. */
const THRESHOLD_BIT_ERROR = -Math.expm1(Math.log1p(-REFERENCE_PER) / REFERENCE_BITS);
/**
 * The waterfall of a convolutionally coded OFDM link in AWGN: the residual bit error
 * probability falls by one decade per dB of SNR above the threshold (rclsim's model: a frame
 * goes from nearly always lost to nearly always received over about 3 dB, as measured PER
 * curves of 802.11a/n do).
 */
const DB_PER_DECADE = 1;

/** The highest MCS whose threshold the SNR meets (ideal rate adaptation); MCS 0 when none does. */
export function idealMcs(snrDb: number): Mcs {
  for (let i = HT_MCS.length - 1; i > 0; i--) if (snrDb >= HT_MCS[i]!.snrThresholdDb) return HT_MCS[i]!;
  return HT_MCS[0]!;
}

/** Residual bit error probability of `mcs` at `snrDb` (0 for an infinite SNR, at most 1/2). */
export function bitErrorProbability(mcs: Mcs, snrDb: number): number {
  if (snrDb === Infinity) return 0;
  return Math.min(0.5, THRESHOLD_BIT_ERROR * 10 ** ((mcs.snrThresholdDb - snrDb) / DB_PER_DECADE));
}

/** Probability that a frame of `bytes` octets arrives intact, for a bit error probability `p`. */
export function frameSuccess(p: number, bytes: number): number {
  return p === 0 ? 1 : Math.exp(8 * bytes * Math.log1p(-p));
}
