import { CallbackError, describeProgramEnd, ExitSignal, type ProgramDeath, ProgramDiedError } from '../../base/runErrors.js';
import type { DirectPort } from '../DirectPort.js';
import type { Done, ProgramLink, RunKind } from '../wire/nodeMessages.js';
import { OutOfProtocol } from '../wire/OutOfProtocol.js';
import { ProgramGone, ProgramTimeout } from '../wire/ProgramSocket.js';
import { describeExit } from '../wire/programExit.js';
import type { ProgramHost } from './ProgramHost.js';
import { RemoteCallbackError, RemoteInputError } from './remoteErrors.js';
import type { OnAbnormalEnd } from './ServerOptions.js';

/** The kinds of Run whose `entity` is an entity (a timer, a subscription …), not an Await's or an end hook's id. */
const ENTITY_RUNS = new Set<RunKind>(['TIMER_FIRED', 'MESSAGE', 'REQUEST', 'RESPONSE', 'GUARD_TRIGGERED', 'EVENT', 'JS_TIMER']);

/**
 * How a separate program ends and what its end does to the run (docs/design.md#faults-stay-in-their-process):
 * exit(0) ends it as in-process; a code, an error nothing in it handled, a kill (a crash fault,
 * its callback timeout), a death (its socket closed without Exit) or a protocol violation end it
 * as its on_exit says, in one line naming it, its nodes and the sim time.
 */
export class ProgramEnd {
  readonly #host: ProgramHost;
  readonly #port: DirectPort;
  readonly #link: ProgramLink;
  readonly #onAbnormalEnd: OnAbnormalEnd;
  readonly #callbackTimeoutMs: number | undefined;
  readonly #onExitZero: ((line: string) => void) | undefined;
  #ended = false;

  constructor(
    host: ProgramHost,
    port: DirectPort,
    link: ProgramLink,
    onAbnormalEnd: OnAbnormalEnd,
    callbackTimeoutMs: number | undefined,
    onExitZero?: (line: string) => void,
  ) {
    this.#host = host;
    this.#port = port;
    this.#link = link;
    this.#onAbnormalEnd = onAbnormalEnd;
    this.#callbackTimeoutMs = callbackTimeoutMs;
    this.#onExitZero = onExitZero;
    host.processes.running++;
  }

  /** Set once the program ended: nothing of it runs any more. */
  get ended(): boolean {
    return this.#ended;
  }

  /** The one line about its end: the program, its nodes, `how`, and the sim time. */
  line(how: string): string {
    return describeProgramEnd(this.#host.name, this.#host.nodeNames(), this.#port.now(), how);
  }

  /** The program ends here (once): it counts no more among the running separate programs. */
  stop(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#host.processes.running--;
  }

  /**
   * It said Exit: with 0 it ends as an in-process program's exit(0), and the run goes on. With a
   * reason the client ended it itself (Exit.reason: a busy-wait), in the one line that says so.
   */
  exited(code: number, reason = ''): never {
    if (reason !== '') return this.#died('error', reason);
    if (code === 0) {
      this.stop();
      this.#onExitZero?.(this.line('exited with code 0'));
      return this.#port.exit(0);
    }
    return this.#abnormal(`exited with code ${code}`, code, (line, explained) => {
      // The run ends with its code, as in-process, and the line says whose it is.
      if (!explained) this.#host.warn(`${line}; the run ends with its code (on_exit: fail)`);
      return this.#port.exit(code);
    });
  }

  /**
   * The program's code failed and nothing in it handled the error: with on_exit `fail` the run
   * fails in the words of an in-process failure. What failed: the run's callback (named, at its
   * sim time), a promise an earlier callback returned (named by that callback), or code the
   * client names (Done.failed_label) — any other failure of continuations is a promise of the
   * program's. Bad input the program met (Done.input_error) is the error's cause.
   */
  failed(done: Done, kind: RunKind | null): never {
    const { error } = done;
    const remote = new RemoteCallbackError(error, done.inputError === '' ? undefined : { cause: new RemoteInputError(done.inputError) });
    const failed = ENTITY_RUNS.has(done.failedKind) ? this.#port.callbackLabel(done.failedEntity) : undefined;
    const described = this.#host.describe();
    // The client's words name the program by Welcome.program_name; here it is named with its nodes, as in-process.
    const label =
      done.failedLabel.replace(` of ${this.#host.name}`, ` of ${described}`) ||
      failed ||
      (done.failedKind !== 'RUN_KIND_UNSPECIFIED' || kind === 'CONTINUATION' ? `a promise of ${described} without a rejection handler` : undefined);
    const at = failed === undefined ? this.#port.now() : done.failedAtNs;
    return this.#abnormal(`threw an error nothing in it handled (${error.split('\n')[0]})`, 1, () => {
      if (label === undefined) throw remote;
      this.#host.fail(new CallbackError(label, at, remote));
      throw new ExitSignal(this.#host.name, 1);
    });
  }

  /** A crash fault: the process is killed now, as a signal would kill it, and its on_exit applies. */
  crash(how: string): void {
    this.#link.kill();
    try {
      this.#died('signal', how);
    } catch (error) {
      // The program's end unwinds the callback under way; a crash interrupts none.
      if (!(error instanceof ExitSignal)) throw error;
    }
  }

  /**
   * The conversation cannot go on: its callback ran past --callback-timeout, its socket closed
   * without Exit (it died), or it sent what the protocol does not allow. Anything else is rethrown.
   * `inThread` (` in thread 'worker'`) names the program's thread that ran past the timeout.
   */
  linkFailed(error: unknown, inThread = ''): never {
    if (error instanceof ProgramTimeout) {
      this.#link.kill();
      return this.#abnormal(
        `ran a callback${inThread} for more than ${this.#callbackTimeoutMs} ms of wall time (--callback-timeout) and was killed`,
        null,
        () => {
          throw error;
        },
      );
    }
    if (error instanceof ProgramGone) {
      const exit = this.#link.exitedNow();
      const death = exit === null ? 'signal' : exit.kind === 'out-of-memory' ? 'out-of-memory' : exit.kind === 'code' ? 'error' : 'signal';
      return this.#died(death, exit === null ? 'closed its socket' : describeExit(exit));
    }
    if (error instanceof OutOfProtocol) return this.brokeProtocol(error);
    throw error;
  }

  /** It sent what the protocol does not allow: nothing it says can be read any more. It is killed, and fails as an uncaught error does. */
  brokeProtocol(error: OutOfProtocol): never {
    this.#link.kill();
    return this.#died('error', brokeProtocol(error));
  }

  /** An end other than exit(0): as its on_exit says; `fail` gets the line that names it. */
  #abnormal(how: string, code: number | null, fail: (line: string, explained: boolean) => never): never {
    this.stop();
    const line = this.line(how);
    return this.#onAbnormalEnd({ line, code, fail: (explained = false) => fail(line, explained) });
  }

  /** An end of a program whose process is gone (or is killed): with on_exit: fail the run fails with ProgramDiedError. */
  #died(death: ProgramDeath, how: string): never {
    const died = new ProgramDiedError(this.#host.name, this.#host.nodeNames(), this.#port.now(), death, how);
    return this.#abnormal(how, null, () => {
      throw died;
    });
  }
}

/** How a line tells a protocol violation (the error says what the program did). */
export function brokeProtocol(error: OutOfProtocol): string {
  return `broke the node port protocol (${error.message})`;
}
