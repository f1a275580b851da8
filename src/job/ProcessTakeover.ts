import { InterruptedError } from '../base/runErrors.js';
import { ProgramChildren } from '../compat/ProgramChildren.js';
import { ProgramErrorListeners } from '../compat/ProgramErrorListeners.js';
import { RealIoDetector } from '../compat/RealIoDetector.js';
import { simulationMachine } from '../compat/simulationMachine.js';
import { VirtualGlobals } from '../compat/VirtualGlobals.js';
import type { Engine } from '../engine/Engine.js';
import type { Simulation } from '../sim/Simulation.js';

/**
 * What a run takes over of its Node.js process, and gives back: its errors nothing handles, its
 * signals, its exit code (from construction to `unlisten`), and while the simulation is entered
 * its globals, its child processes and its real I/O (from `install` to `uninstall`).
 */
export class ProcessTakeover {
  readonly #simulation: Simulation;
  readonly #engine: Engine;
  readonly #globals: VirtualGlobals;
  readonly #children = new ProgramChildren();
  readonly #realIo: RealIoDetector;
  #programListeners: ProgramErrorListeners | undefined;
  readonly #outerExitCode: typeof process.exitCode;

  constructor(simulation: Simulation) {
    this.#simulation = simulation;
    this.#engine = simulation.engine;
    process.on('unhandledRejection', this.#onUnhandledRejection);
    process.on('uncaughtException', this.#onUncaughtException);
    process.on('SIGINT', this.interrupt);
    process.on('SIGTERM', this.interrupt);
    // process.exitCode set by a program is the run's exit code, as it would be the process's.
    this.#outerExitCode = process.exitCode;
    process.exitCode = undefined;
    this.#globals = new VirtualGlobals(simulationMachine(simulation));
    this.#realIo = new RealIoDetector(simulation);
  }

  // A promise that rejects with no handler, or an exception nothing catches, fails the run
  // instead of taking the process down (or passing unnoticed).
  // A program's own listeners (installed after these) take precedence, as they would in Node.js.
  readonly #onUnhandledRejection = (reason: unknown): void => {
    if (this.#programListeners !== undefined && this.#programListeners.listeners('unhandledRejection').length > 0) return;
    const label = `a promise of ${this.#simulation.currentOwner()} without a rejection handler`;
    this.#engine.failCallback(label, this.#engine.nowAbs, reason, 'unhandledRejection');
  };

  readonly #onUncaughtException = (error: unknown): void => {
    if (this.#programListeners !== undefined && this.#programListeners.listeners('uncaughtException').length > 0) return;
    this.#engine.failCallback('code outside any callback', this.#engine.nowAbs, error);
  };

  /** SIGINT/SIGTERM end the run at its next step, so that every bag is finished before exiting. */
  readonly interrupt = (signal: NodeJS.Signals): void => this.#engine.fail(new InterruptedError(signal));

  /** Enters the simulation and puts its globals, child processes, error listeners and real I/O watch in place. */
  install(): void {
    const engine = this.#engine;
    this.#simulation.enter();
    this.#globals.install();
    this.#children.install();
    const listeners = (this.#programListeners = new ProgramErrorListeners());
    engine.uncaught = (error, origin) => (origin === 'unhandledRejection' ? listeners.deliverRejection(error) : listeners.deliverException(error));
    this.#realIo.enable();
    engine.whenIdle = () => this.#realIo.inFlight();
  }

  /** Gives back what `install` took, and the exit code. */
  uninstall(): void {
    this.#realIo.disable();
    this.#children.uninstall();
    this.#globals.uninstall();
    this.#simulation.exit();
    process.exitCode = this.#outerExitCode;
  }

  /** Stops listening to the process's errors and signals. */
  unlisten(): void {
    process.off('unhandledRejection', this.#onUnhandledRejection);
    process.off('uncaughtException', this.#onUncaughtException);
    process.off('SIGINT', this.interrupt);
    process.off('SIGTERM', this.interrupt);
  }
}
