import { log } from '../../engine/portableMath.js';
import { namedStream } from '../../engine/SeededRandom.js';
import type { Program } from '../Program.js';
import type { Simulation } from '../Simulation.js';
import type { FaultConfig } from './FaultConfig.js';
import type { Faults } from './Faults.js';

type CrashFault = Extract<FaultConfig, { kind: 'crash' }>;

/** A program's current life: whether it still runs, and how to kill it (its on_exit applies). */
export interface ProgramLife {
  readonly program: Program;
  running(): boolean;
  crash(how: string): void;
}

/**
 * Crash faults of programs in processes of their own: at a time, or at a rate (a Poisson process
 * of the fault's own stream, drawn one crash ahead), within the fault's interval. The crashes are
 * weak actions: they never keep a run from ending idle. Each life of a program registers how to
 * kill it (job/separateProgram.ts); a crash when none runs (between lives) does not fire, nor
 * one at a rate before the life ran a callback: a start costs no sim time, so a huge rate would
 * otherwise restart a respawning program forever, each life a nanosecond long.
 */
export class ProgramCrashes {
  readonly #simulation: Simulation;
  readonly #faults: Faults;
  readonly #lives = new Map<string, ProgramLife>();

  constructor(simulation: Simulation, faults: Faults) {
    this.#simulation = simulation;
    this.#faults = faults;
    // Armed when the run starts: its start time may still move (a bag's first message sets it).
    simulation.engine.scheduleAt(0n, () => this.#armAll(), true);
  }

  #armAll(): void {
    for (const fault of this.#faults.enabled) {
      if (fault.kind === 'crash') this.#arm(fault);
      else if (fault.kind === 'explicit') {
        for (const occurrence of fault.occurrences) if ('program' in occurrence) this.#at(occurrence.at, occurrence.fault, occurrence.program);
      }
    }
  }

  /** A program's life began. */
  started(program: string, life: ProgramLife): void {
    this.#lives.set(program, life);
  }

  #arm(fault: CrashFault): void {
    if (fault.at !== null) {
      if (fault.at >= fault.from && fault.at < fault.until) this.#at(fault.at, fault.name, fault.program);
      return;
    }
    const random = namedStream(this.#simulation.seed, `fault ${fault.name}`, 0);
    const rate = fault.rate!;
    let at = fault.from;
    // Exponential gaps: a crash is as likely in any instant, `rate` per second on average.
    const next = (): void => {
      at += Math.max(1, Math.round((-log(1 - random.nextDouble()) / rate) * 1e9));
      if (at >= fault.until || !Number.isSafeInteger(at)) return;
      this.#at(at, fault.name, fault.program, next, true);
    };
    next();
  }

  /** A crash of `program` at `at` (ns from the start); with `onceRunning` (a rate), of a life that ran a callback only. */
  #at(at: number, fault: string, program: string, then?: () => void, onceRunning = false): void {
    const engine = this.#simulation.engine;
    engine.scheduleAfter(
      Math.max(0, at - engine.now),
      () => {
        then?.();
        const life = this.#lives.get(program);
        if (life === undefined || !life.running() || (onceRunning && !life.program.ranCallback)) return;
        // Recorded first: the crash unwinds with the program's on_exit.
        this.#faults.crashed(fault, program);
        life.crash(`was crashed by fault '${fault}'`);
      },
      true,
    );
  }
}
