import cliProgress from 'cli-progress';
import { performance } from 'node:perf_hooks';
import type { EngineObserver } from '../engine/Executable.js';
import type { Simulation } from '../rcl/Simulation.js';

// The display measures real time; captured before any run virtualizes performance.now.
const wallMs = performance.now.bind(performance);
const CHECK_EVERY = 4096;
const REDRAW_MS = 100;

/**
 * A progress bar on stderr for a terminal: sim time reached (of the end time, when the job has
 * one), callbacks, and the real-time factor. Redrawn at most ten times a second.
 */
export function progressDisplay(simulation: Simulation, endAt: bigint | undefined): EngineObserver & { close(): void } {
  const engine = simulation.engine;
  const start = engine.base;
  const total = endAt === undefined ? 0 : Number(endAt - start) / 1e9;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format:
        endAt === undefined
          ? 'sim {sim}s | {callbacks} callbacks | {factor}x real time'
          : 'sim {sim}s of {total}s |{bar}| {callbacks} callbacks | {factor}x real time',
      hideCursor: true,
      clearOnComplete: true,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  const wallStart = wallMs();
  let sinceCheck = 0;
  let lastDraw = wallStart;
  const payload = (): Record<string, string> => {
    const sim = Number(engine.nowAbs - start) / 1e9;
    const wall = (wallMs() - wallStart) / 1000;
    return {
      sim: sim.toFixed(3),
      total: total.toFixed(3),
      callbacks: String(engine.callbacks),
      factor: wall > 0 ? (sim / wall).toFixed(0) : '-',
    };
  };
  bar.start(Math.max(total, 1e-9), 0, payload());
  return {
    onCallback(): void {
      if (++sinceCheck < CHECK_EVERY) return;
      sinceCheck = 0;
      const now = wallMs();
      if (now - lastDraw < REDRAW_MS) return;
      lastDraw = now;
      const values = payload();
      bar.update(Math.min(Number(values.sim), total), values);
    },
    close(): void {
      bar.stop();
    },
  };
}
