import cliProgress from 'cli-progress';
import type { Heartbeat } from '../../engine/Heartbeat.js';
import { realTimeFactor } from './realTimeFactor.js';

const REDRAW_MS = 100;

/**
 * A progress bar on stderr for a terminal, drawn by the main thread from the run's heartbeat:
 * sim time reached (of the end time, when the job has one), callbacks, and the real-time
 * factor. Redrawn ten times a second; the run itself never waits for it.
 */
export class ProgressDisplay {
  readonly #heartbeat: Heartbeat;
  #bar: cliProgress.SingleBar | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(heartbeat: Heartbeat) {
    this.#heartbeat = heartbeat;
  }

  /** The loop began; `end` is the sim time it stops at, when the job says (ns, absolute like `start`). */
  start(start: bigint, end: bigint | undefined): void {
    const total = end === undefined ? 0 : Number(end - start) / 1e9;
    const bar = stderrBar(
      end === undefined
        ? 'sim {sim}s | {callbacks} callbacks | {factor}x real time'
        : 'sim {sim}s of {total}s |{bar}| {callbacks} callbacks | {factor}x real time',
    );
    const wallStart = performance.now();
    const payload = (): Record<string, string> => {
      const sim = this.#heartbeat.now / 1e9;
      const wall = (performance.now() - wallStart) / 1000;
      return {
        sim: sim.toFixed(3),
        total: total.toFixed(3),
        callbacks: String(this.#heartbeat.callbacks),
        factor: realTimeFactor(sim, wall),
      };
    };
    bar.start(Math.max(total, 1e-9), 0, payload());
    this.#bar = bar;
    this.#timer = setInterval(() => {
      const values = payload();
      bar.update(Math.min(Number(values.sim), total), values);
    }, REDRAW_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#bar?.stop();
    this.#bar = undefined;
  }
}

/** A bar on stderr for a terminal of runs done of a total (hunt, shrink), with what they found so far. */
export class RunsDisplay {
  readonly #bar = stderrBar('{what} |{bar}| {value}/{total} runs | {found}');

  constructor(what: string, total: number) {
    this.#bar.start(total, 0, { what, found: '' });
  }

  update(done: number, found: string): void {
    this.#bar.update(done, { found });
  }

  /** A new stage of `total` runs (shrink's rounds). */
  restart(what: string, total: number): void {
    this.#bar.setTotal(total);
    this.#bar.update(0, { what });
  }

  stop(): void {
    this.#bar.stop();
  }
}

/** A bar on stderr that clears itself when it stops, redrawn at most ten times a second. */
function stderrBar(format: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar({ stream: process.stderr, format, hideCursor: true, clearOnComplete: true, fps: 10 }, cliProgress.Presets.shades_classic);
}
