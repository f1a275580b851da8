import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { bitErrorProbability, frameSuccess, htMcs, idealMcs } from '../../src/network/mcs.js';
import { needs } from '../support/helpers.js';
import { ns3Programs } from '../support/sharedBuilds.js';

interface Ns3Curves {
  idealThresholdsDb: number[];
  curves: { bytes: number; mcs: number; points: [number, number][] }[];
}

/** The built-in model's packet error rate of a `bytes`-octet frame at `mcs` and `snrDb`. */
function builtinPer(mcs: number, snrDb: number, bytes: number): number {
  return 1 - frameSuccess(bitErrorProbability(htMcs()[mcs]!, snrDb), bytes);
}

/** The SNR at which a falling PER curve crosses `per`, interpolated in log PER; null when it does not. */
function crossing(points: [number, number][], per: number): number | null {
  for (let i = 1; i < points.length; i++) {
    const [s0, p0] = points[i - 1]!;
    const [s1, p1] = points[i]!;
    if (p0 >= per && p1 < per && p1 > 0) return s0 + ((s1 - s0) * Math.log(p0 / per)) / Math.log(p0 / p1);
  }
  return null;
}

/** The same for the built-in model, by bisection. */
function builtinCrossing(mcs: number, bytes: number, per: number): number {
  let low = -10;
  let high = 40;
  while (high - low > 1e-4) {
    const mid = (low + high) / 2;
    if (builtinPer(mcs, mid, bytes) >= per) low = mid;
    else high = mid;
  }
  return low;
}

describe('the built-in radio model, calibrated against ns-3.37 (adapters/ns3/error_curves.cc)', needs('ns-3'), () => {
  const ns3 = JSON.parse(execFileSync(ns3Programs().errorCurves, { encoding: 'utf8' })) as Ns3Curves;

  it("loses frames as ns-3's TableBasedErrorRateModel does: every MCS and frame size within 0.4 dB from 10 % down to 0.1 % PER, 0.6 dB at 50 %", () => {
    let compared = 0;
    for (const curve of ns3.curves) {
      for (const [per, tolerance] of [
        [0.5, 0.6],
        [0.1, 0.4],
        [0.01, 0.4],
        [0.001, 0.4],
      ] as const) {
        const theirs = crossing(curve.points, per);
        if (theirs === null) continue;
        const ours = builtinCrossing(curve.mcs, curve.bytes, per);
        assert.ok(
          Math.abs(ours - theirs) <= tolerance,
          `MCS ${curve.mcs}, ${curve.bytes} octets, PER ${per}: ns-3 at ${theirs.toFixed(2)} dB, built-in at ${ours.toFixed(2)} dB`,
        );
        compared++;
      }
    }
    assert.ok(compared >= 3 * 8 * 4, `compared only ${compared} points`);
  });

  it("picks the MCS ns-3's IdealWifiManager picks at every SNR but within 0.3 dB of a threshold", () => {
    ns3.idealThresholdsDb.forEach((threshold, mcs) =>
      assert.ok(
        Math.abs(htMcs()[mcs]!.selectionSnrDb - threshold) <= 0.3,
        `MCS ${mcs}: ns-3 from ${threshold} dB, built-in from ${htMcs()[mcs]!.selectionSnrDb.toFixed(2)} dB`,
      ),
    );
    for (let snr = -5; snr <= 35; snr += 0.05) {
      if (ns3.idealThresholdsDb.some((threshold) => Math.abs(snr - threshold) <= 0.3)) continue;
      const theirs = ns3.idealThresholdsDb.filter((threshold, mcs) => mcs === 0 || snr >= threshold).length - 1;
      assert.equal(idealMcs(snr).index, theirs, `at ${snr.toFixed(2)} dB`);
    }
  });
});
