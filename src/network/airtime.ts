import type { Mcs } from './mcs.js';

/**
 * 802.11 timing in the 5 GHz band (OFDM PHY, 20 MHz), in integer nanoseconds so that every
 * medium time is exact. Slot, SIFS, CW and aRxPHYStartDelay: IEEE 802.11-2020 Table 17-21;
 * DIFS = SIFS + 2 slots (§10.3.2.3.7); ACK timeout = SIFS + slot + aRxPHYStartDelay (§10.3.2.11).
 */
export const SLOT = 9_000;
export const SIFS = 16_000;
export const DIFS = SIFS + 2 * SLOT;
export const ACK_TIMEOUT = SIFS + SLOT + 25_000;
export const CW_MIN = 15;
export const CW_MAX = 1023;

/**
 * HT-mixed preamble for one stream: L-STF 8 + L-LTF 8 + L-SIG 4 + HT-SIG 8 + HT-STF 4 + HT-LTF 4 µs
 * (IEEE 802.11-2020 Table 19-6); a non-HT preamble and SIGNAL field take 20 µs (§17.3.2.4).
 */
const HT_PREAMBLE = 36_000;
const LEGACY_PREAMBLE = 20_000;
/** OFDM symbol with the 800 ns guard interval. */
const SYMBOL = 4_000;
/** SERVICE field (16 bits) and BCC tail (6 bits) around the PSDU (§17.3.5.2). */
const SERVICE_AND_TAIL_BITS = 22;

/** MAC overhead of a QoS Data MPDU carrying an IP packet: header 26 + LLC/SNAP 8 + FCS 4 octets. */
export const MPDU_OVERHEAD = 38;
/** A-MPDU subframe delimiter (§9.7.1), each subframe but the last padded to 4 octets. */
const DELIMITER = 4;
/** HT limits: 65 535-octet A-MPDU (§9.7.1), 64 MPDUs in a Block Ack window, aPPDUMaxTime of HT-mixed 5.484 ms (Table 19-25). */
export const AMPDU_MAX_BYTES = 65_535;
export const AMPDU_MAX_MPDUS = 64;
export const PPDU_MAX_TIME = 5_484_000;

/** ACK 14 octets, compressed BlockAck 32 octets (§9.3.1.4, §9.3.1.9). */
const ACK_BYTES = 14;
const BLOCK_ACK_BYTES = 32;
/** Non-HT mandatory rates (6, 12, 24 Mbit/s): data bits per symbol. */
const LEGACY_BITS_PER_SYMBOL: readonly [number, number][] = [
  [24e6, 96],
  [12e6, 48],
  [6e6, 24],
];

/** A-MPDU subframe length of an MPDU that is not the last (delimiter, padded to 4 octets). */
export function subframeBytes(mpduBytes: number): number {
  return (DELIMITER + mpduBytes + 3) & ~3;
}

/** The last subframe: delimiter and MPDU, not padded. */
export function lastSubframeBytes(mpduBytes: number): number {
  return DELIMITER + mpduBytes;
}

/** Duration of an HT-mixed PPDU carrying `psduBytes` octets at `mcs`. */
export function htPpduDuration(mcs: Mcs, psduBytes: number): number {
  return HT_PREAMBLE + SYMBOL * Math.ceil((SERVICE_AND_TAIL_BITS + 8 * psduBytes) / mcs.bitsPerSymbol);
}

/**
 * The ACK or Block Ack that answers a PPDU at `mcs`: sent at the highest mandatory non-HT rate
 * not above the data rate (§10.6.6.5.2).
 */
export function responseDuration(mcs: Mcs, blockAck: boolean): number {
  const bits = (LEGACY_BITS_PER_SYMBOL.find(([rate]) => rate <= mcs.rate) ?? LEGACY_BITS_PER_SYMBOL[2]!)[1];
  return LEGACY_PREAMBLE + SYMBOL * Math.ceil((SERVICE_AND_TAIL_BITS + 8 * (blockAck ? BLOCK_ACK_BYTES : ACK_BYTES)) / bits);
}

/** Contention window after `failures` failed exchanges in a row: (CWmin + 1)·2^failures − 1, at most CWmax. */
export function contentionWindow(failures: number): number {
  return Math.min(CW_MAX, (CW_MIN + 1) * 2 ** failures - 1);
}
