import { log } from '../../base/portableMath.js';
import { namedStream, type SeededRandom } from '../../base/SeededRandom.js';
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

/** A crash fault at a rate as it runs: its stream, and whether its next crash is scheduled. */
interface RateCrash {
  fault: CrashFault;
  random: SeededRandom;
  scheduled: boolean;
}

/**
 * Crash faults of programs in processes of their own: at a time, or at a rate (a Poisson process
 * of the fault's own stream), within the fault's interval. The crashes are weak actions: they
 * never keep a run from ending idle. Each life of a program registers how to kill it
 * (job/separateProgram.ts); a crash at a time when none runs (between lives) does not fire.
 *
 * A crash at a rate strikes a life only once it ran a callback: a start costs no sim time, so a
 * huge rate would otherwise restart a respawning program forever, each life a nanosecond long.
 * Its next crash is drawn when the life it would strike ran its first callback (and after each
 * crash that left the life running): an exponential gap has no memory, so that is the same
 * process, and no crash event that strikes nothing is scheduled — an event that does nothing
 * still lets programs' pending continuations run at its time, which the explicit form, listing
 * the crashes that fired, would not repeat.
 */
export class ProgramCrashes {
  readonly #simulation: Simulation;
  readonly #faults: Faults;
  readonly #lives = new Map<string, ProgramLife>();
  readonly #rates: RateCrash[] = [];

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

  /** `program` (a life) ran its first callback: the crashes at a rate that wait for it are drawn. */
  ranCallback(program: Program): void {
    for (const rate of this.#rates) if (!rate.scheduled && this.#lives.get(rate.fault.program)?.program === program) this.#next(rate);
  }

  #arm(fault: CrashFault): void {
    if (fault.at !== null) {
      if (fault.at >= fault.from && fault.at < fault.until) this.#at(fault.at, fault.name, fault.program);
      return;
    }
    const rate: RateCrash = { fault, random: namedStream(this.#simulation.seed, `fault ${fault.name}`, 0), scheduled: false };
    this.#rates.push(rate);
    if (this.#strikes(fault.program)) this.#next(rate);
  }

  /** Whether a crash at a rate would strike the program's life now: it runs, and it ran a callback. */
  #strikes(program: string): boolean {
    const life = this.#lives.get(program);
    return life?.running() === true && life.program.ranCallback;
  }

  /** Draws the next crash of `rate`: an exponential gap from now (or its from), `rate` per second on average. */
  #next(rate: RateCrash): void {
    const { fault, random } = rate;
    const engine = this.#simulation.engine;
    const at = Math.max(engine.now, fault.from) + Math.max(1, Math.round((-log(1 - random.nextDouble()) / fault.rate!) * 1e9));
    if (at >= fault.until || !Number.isSafeInteger(at)) return;
    rate.scheduled = true;
    engine.scheduleAfter(
      at - engine.now,
      () => {
        rate.scheduled = false;
        if (!this.#strikes(fault.program)) return;
        this.#faults.crashed(fault.name, fault.program);
        this.#lives.get(fault.program)!.crash(`was crashed by fault '${fault.name}'`);
        // The next is drawn once the next life ran a callback (ranCallback), if any life comes.
        if (this.#strikes(fault.program)) this.#next(rate);
      },
      true,
    );
  }

  #at(at: number, fault: string, program: string): void {
    const engine = this.#simulation.engine;
    engine.scheduleAfter(
      Math.max(0, at - engine.now),
      () => {
        const life = this.#lives.get(program);
        if (life === undefined || !life.running()) return;
        // Recorded first: the crash unwinds with the program's on_exit.
        this.#faults.crashed(fault, program);
        life.crash(`was crashed by fault '${fault}'`);
      },
      true,
    );
  }
}
