import { realAvailableParallelism, wallClock } from '../../base/realTime.js';
import { CallbackError, describeProgramEnd, ExitSignal, type ProgramDeath, ProgramDiedError } from '../../base/runErrors.js';
import type { Executable } from '../../engine/Executable.js';
import { ParameterOverrideError } from '../../ros/NodeParameters.js';
import { RosArgumentsError } from '../../ros/RosArguments.js';
import { ParamsFileError } from '../../sim/ParamsFile.js';
import type { Program } from '../../sim/Program.js';
import type { Simulation } from '../../sim/Simulation.js';
import { DirectPort } from '../DirectPort.js';
import { InterfaceCdr } from '../wire/InterfaceCdr.js';
import type { Done, Outgoing, ProgramLink, Run, RunKind, ToClient, ToSimulation, Welcome } from '../wire/nodeMessages.js';
import { OutOfProtocol } from '../wire/OutOfProtocol.js';
import { GoneBeforeHello, ProgramGone, ProgramTimeout } from '../wire/ProgramSocket.js';
import { describeExit } from '../wire/programExit.js';
import { RemoteCallbackError, RemoteInputError, RemoteLoadError } from './remoteErrors.js';
import type { Answer, RunRequest, ServedProgram } from './ServedProgram.js';
import type { OnAbnormalEnd, ServerOptions } from './ServerOptions.js';
import { EntityRequests } from './serveEntities.js';
import { ExecutorRequests } from './serveExecutor.js';
import { graphHandlers } from './serveGraph.js';
import { jobHandlers } from './serveJob.js';
import { parameterHandlers } from './serveParameters.js';

/**
 * Wall time a program's own code may run after the run's end (a program that catches every
 * interrupt and loops would hold the run for good): ros2 launch's, whose shutdown sends SIGINT,
 * then SIGTERM after sigterm_timeout and SIGKILL after sigkill_timeout, 5 s each
 * (launch/actions/execute_local.py).
 */
const END_GRACE_MS = 10_000;

/** Run.read_polls: ~100-200 us of reads in a Python client, enough to catch the next message of a run that goes on at once. */
const READ_POLLS = 200;
/** The machine's CPUs (a speed setting only: what a program reads never depends on it). */
const CPUS = realAvailableParallelism();

/** What the simulation refuses a program for bad input of the run (its ROS arguments, parameter overrides, params files). */
const INPUT_ERRORS = [ParameterOverrideError, ParamsFileError, RosArgumentsError];

/** The kinds of Run whose `entity` is an entity (a timer, a subscription …), not an Await's or an end hook's id. */
const ENTITY_RUNS = new Set<RunKind>(['TIMER_FIRED', 'MESSAGE', 'REQUEST', 'RESPONSE', 'GUARD_TRIGGERED', 'EVENT', 'JS_TIMER']);

/**
 * The simulation's side of a separate program (DESIGN.md "Node processes"): it answers the
 * program's requests with the same `DirectPort` an in-process program uses, and runs the
 * program's callbacks by sending `Run` and reading the socket until `Done`, applying what the
 * callback did in the order it did it. Everything stays synchronous: the engine's step does not
 * move on while a program's callback runs, whatever the program's process costs in real time.
 */
/** A request's field in ToSimulation, and what serves it. */
type Handler = [keyof ToSimulation, (request: unknown) => Answer];

export class ProgramServer implements ServedProgram {
  readonly #simulation: Simulation;
  readonly #program: Program;
  readonly port: DirectPort;
  readonly cdr: InterfaceCdr;
  readonly #link: ProgramLink;
  /** Each request's handler, by the ToSimulation field that carries it: the sections' (serve*.ts), publishes first. */
  readonly #handlers: Handler[];
  readonly #onAbnormalEnd: OnAbnormalEnd;
  /** Wall ms a callback of the program may take before its process is killed (none: the supervisor watches). */
  readonly #callbackTimeoutMs: number | undefined;
  readonly #endGraceMs: number | undefined;
  readonly #onGoneBeforeHello: ((how: string) => never) | undefined;
  /** When the callback under way must be done (wall ms), and how deep in runs the program is. */
  #deadline = Number.POSITIVE_INFINITY;
  #depth = 0;
  /** process.exitCode as the program's Done last told it. */
  #exitCode: number | undefined = undefined;
  #ended = false;
  #runs = 0;

  constructor(simulation: Simulation, program: Program, link: ProgramLink, options: ServerOptions = {}) {
    this.#simulation = simulation;
    this.#program = program;
    this.port = DirectPort.of(program, options.job ?? null);
    this.cdr = new InterfaceCdr(simulation.interfaces);
    this.#link = link;
    const executor = new ExecutorRequests(this);
    const sections = [
      new EntityRequests(this, (id: number) => executor.cancelAwait(id)).handlers,
      parameterHandlers(this),
      graphHandlers(this),
      jobHandlers(this),
      executor.handlers,
    ];
    this.#handlers = sections.flatMap((handlers) => Object.entries(handlers)) as Handler[];
    this.#onAbnormalEnd = options.onAbnormalEnd ?? ((end) => end.fail());
    this.#callbackTimeoutMs = options.callbackTimeoutMs;
    this.#endGraceMs = options.endGraceMs;
    this.#onGoneBeforeHello = options.onGoneBeforeHello;
    simulation.separateProcesses++;
  }

  /**
   * The handshake (rclsim's work, which --callback-timeout does not count), then the program's
   * top-level code until its first Done.
   */
  serveTopLevel(welcome: Outgoing<Welcome>): void {
    try {
      this.#simulation.engine.watchedElsewhere(() => this.#link.handshake(welcome));
    } catch (error) {
      if (error instanceof GoneBeforeHello && this.#onGoneBeforeHello !== undefined) {
        this.#stop();
        const exit = this.#link.exitedNow();
        this.#onGoneBeforeHello(exit === null ? 'closed its socket' : describeExit(exit));
      }
      this.#linkFailed(error);
    }
    const done = this.#timed(() => this.#serveUntilDone(0, null));
    this.#tasksAfter(done, null);
  }

  /** Runs one callback in the program and applies what it did; throws what the callback threw. */
  run(request: RunRequest): Done {
    if (this.#ended) throw new ExitSignal(this.#program.name, 0);
    const run = ++this.#runs;
    // The request (a literal of the caller's, used once) becomes the message: a spread into a new
    // literal defined its two more fields on V8's slow path, with a new map every time.
    const message = request as Outgoing<Run>;
    message.run = run;
    message.nowNs = this.port.now();
    // Reading on costs a CPU: only while every separate program can have one besides the run's.
    message.readPolls = this.#simulation.separateProcesses < CPUS ? READ_POLLS : 0;
    this.#send({ run: message });
    const done = this.#timed(() => this.#serveUntilDone(run, request.kind ?? null));
    this.#tasksAfter(done, request.kind ?? null);
    return done;
  }

  /**
   * Its continuations run where an in-process program's would: once the callback is recorded,
   * before anything else runs (a callback run inside another of this program's tells the outer
   * one). A Python program's tasks go on when its rclpy executor loops.
   */
  #tasksAfter(done: Done, kind: RunKind | null): void {
    if (!done.pending || this.#depth !== 0) return;
    const more = kind === 'CONTINUATION' && done.moreTasks;
    if (this.port.tasksWaiting(this.#continue, { more, woke: done.woke })) return;
    // The pass's next task goes on at once (#continue's loop); a pass over, the next after the next callback.
    if (!more) this.#simulation.engine.atNextYield(this.#continue);
  }

  /** Whether the program's own callback group lets the entity's callback run now (Run kind CAN_EXECUTE); an ended program's never runs. */
  readonly mayRun = (entity: Executable): boolean => {
    if (this.#ended) return false;
    try {
      return this.run({ kind: 'CAN_EXECUTE', entity: entity.entityId }).result[0] === 1;
    } catch (error) {
      if (error instanceof ExitSignal) return false;
      throw error;
    }
  };

  /**
   * The program's pending continuations run now (Run kind CONTINUATION), with what they do: a
   * Python client's, one task per Run, until its pass has no more when no rclpy executor model
   * yields them (its nodes run in the job's executors).
   */
  readonly #continue = (): void => {
    try {
      while (this.run({ kind: 'CONTINUATION', entity: 0 }).moreTasks && !this.port.runsTasks);
    } catch (error) {
      if (!(error instanceof ExitSignal)) throw error;
    }
  };

  /** A callback (with the runs nested in it) has the callback timeout from its start. */
  #timed<T>(serve: () => T): T {
    if (this.#depth++ === 0 && this.#callbackTimeoutMs !== undefined) this.#deadline = wallClock() + this.#callbackTimeoutMs;
    try {
      return serve();
    } finally {
      this.#depth--;
    }
  }

  /** Serves the program until the Done of `run` (of `kind`; null: its top-level code). */
  #serveUntilDone(run: number, kind: RunKind | null): Done {
    for (;;) {
      const message = this.#receive();
      if (message.done !== undefined) {
        if (message.done.run !== run) this.#brokeProtocol(new OutOfProtocol(`answered Done of run ${message.done.run} while run ${run} was under way`));
        this.#followExitCode(message.done);
        if (message.done.loadFailed) throw new RemoteLoadError(message.done.error);
        if (message.done.failed || message.done.error !== '') this.#failed(message.done, kind);
        return message.done;
      }
      if (message.exit !== undefined) {
        const { code } = message.exit;
        if (code === 0) this.#endNormally();
        this.#end(`exited with code ${code}`, (line, explained) => {
          // The run ends with its code, as in-process, and the line says whose it is.
          if (!explained) this.#simulation.warn(`${line}; the run ends with its code (on_exit: fail)`);
          return this.port.exit(code);
        });
      }
      try {
        this.#serve(message);
      } catch (error) {
        if (error instanceof OutOfProtocol) this.#brokeProtocol(error);
        throw error;
      }
    }
  }

  /** process.exitCode as the program last left it: this process's follows each change, as it would an in-process program's write. */
  #followExitCode(done: Done): void {
    const code = done.exitCodeSet ? Number(done.exitCode) : undefined;
    if (code === this.#exitCode) return;
    this.#exitCode = code;
    process.exitCode = code;
  }

  /**
   * The program's code failed and nothing in it handled the error: the program ends as its
   * on_exit says, and with `fail` the run fails in the words of an in-process failure. What
   * failed: the run's callback (the engine names it, at its sim time), a promise an earlier
   * callback returned (named by that callback, at its sim time), or code the client names
   * (Done.failed_label) — any other failure of continuations is a promise of the program's.
   * Bad input the program met (Done.input_error) is the error's cause, and the run's line.
   */
  #failed(done: Done, kind: RunKind | null): never {
    const { error } = done;
    const remote = new RemoteCallbackError(error, done.inputError === '' ? undefined : { cause: new RemoteInputError(done.inputError) });
    const engine = this.#simulation.engine;
    const failed = ENTITY_RUNS.has(done.failedKind) ? this.port.callbackLabel(done.failedEntity) : undefined;
    // The client's words name the program by Welcome.program_name; here it is named with its nodes, as in-process.
    const label =
      done.failedLabel.replace(` of ${this.#program.name}`, ` of ${this.#program.describe()}`) ||
      failed ||
      (done.failedKind !== 'RUN_KIND_UNSPECIFIED' || kind === 'CONTINUATION'
        ? `a promise of ${this.#program.describe()} without a rejection handler`
        : undefined);
    const at = failed === undefined ? engine.nowAbs : done.failedAtNs;
    return this.#end(`threw an error nothing in it handled (${error.split('\n')[0]})`, () => {
      if (label === undefined) throw remote;
      engine.fail(new CallbackError(label, at, remote));
      throw new ExitSignal(this.#program.name, 1);
    });
  }

  /**
   * The run ended: the program is stopped as Ctrl-C stops a ROS 2 process (rclpy raises
   * KeyboardInterrupt where it waits, its contexts shut down), and its own code goes on to its
   * end — its `finally` blocks, a last log or publish — at the run's last sim time, its requests
   * served, until it exits. What went wrong there, one line (null: it exited with 0); it does not
   * fail the run, which already ended.
   */
  shutdown(): string | null {
    if (this.#ended) return null;
    this.#stop();
    const line = (how: string): string => describeProgramEnd(this.#program.name, this.#program.nodeNames(), this.#simulation.engine.nowAbs, how);
    const graceMs = this.#endGraceMs ?? END_GRACE_MS;
    const deadline = wallClock() + graceMs;
    try {
      this.#link.send({ shutdown: { reason: 'the run ended' } });
      for (;;) {
        const message = this.#link.receive(deadline);
        if (message.exit !== undefined) {
          this.#link.awaitEnd(deadline);
          return message.exit.code === 0 ? null : line(`exited with code ${message.exit.code} after the run's end`);
        }
        if (message.done !== undefined) continue;
        try {
          this.#serve(message);
        } catch (error) {
          if (error instanceof OutOfProtocol) throw error;
          // What it asks after the end is served as before; an effect the simulation refuses ends it, named.
          this.#link.kill();
          return line(`did after the run's end what the simulation refuses (${(error as Error).message})`);
        }
      }
    } catch (error) {
      if (error instanceof ProgramTimeout) {
        this.#link.kill();
        const limit = this.#endGraceMs === undefined ? "(ros2 launch's SIGINT to SIGKILL)" : '(--callback-timeout)';
        return line(`ran its code after the run's end for more than ${graceMs} ms of wall time ${limit} and was killed`);
      }
      if (error instanceof OutOfProtocol) {
        this.#link.kill();
        return line(`${brokeProtocol(error)} after the run's end`);
      }
      if (!(error instanceof ProgramGone)) throw error;
      const exit = this.#link.exitedNow();
      return line(`${exit === null ? 'closed its socket' : describeExit(exit)} after the run's end`);
    }
  }

  /** Whether the program still runs (a crash fault asks). */
  get running(): boolean {
    return !this.#ended;
  }

  /** Set once the program ended: nothing of it runs any more. */
  get ended(): boolean {
    return this.#ended;
  }

  /** A crash fault: the process is killed now, as a signal would kill it, and its on_exit applies. */
  crash(how: string): void {
    this.#link.kill();
    try {
      this.#endDied('signal', how);
    } catch (error) {
      // The program's end unwinds the callback under way; a crash interrupts none.
      if (!(error instanceof ExitSignal)) throw error;
    }
  }

  /** process.exit(0): the program ends as in-process, and the run goes on. */
  #endNormally(): never {
    this.#stop();
    return this.port.exit(0);
  }

  /** The program ended other than by exit(0): as its on_exit says; `fail` gets the line that names it. */
  #end(how: string, fail: (line: string, explained: boolean) => never): never {
    this.#stop();
    const line = describeProgramEnd(this.#program.name, this.#program.nodeNames(), this.#simulation.engine.nowAbs, how);
    return this.#onAbnormalEnd({ line, fail: (explained = false) => fail(line, explained) });
  }

  /** #end for a program whose process is gone (or is killed): with on_exit: fail the run fails with ProgramDiedError. */
  #endDied(death: ProgramDeath, how: string): never {
    const died = new ProgramDiedError(this.#program.name, this.#program.nodeNames(), this.#simulation.engine.nowAbs, death, how);
    return this.#end(how, () => {
      throw died;
    });
  }

  /** The program ends here (once): it counts no more among the running separate programs. */
  #stop(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#simulation.separateProcesses--;
  }

  /** The program's next message; what went wrong on its socket ends it (#linkFailed). */
  #receive(): ToSimulation {
    try {
      if (this.#callbackTimeoutMs === undefined) return this.#link.receive();
      return this.#simulation.engine.watchedElsewhere(() => this.#link.receive(this.#deadline));
    } catch (error) {
      return this.#linkFailed(error);
    }
  }

  /** Sends to the program; what went wrong on its socket ends it (#linkFailed). */
  #send(message: Outgoing<ToClient>): void {
    try {
      this.#link.send(message);
    } catch (error) {
      this.#linkFailed(error);
    }
  }

  /**
   * The conversation cannot go on, and the program ends, named, as its on_exit says: its callback
   * ran past --callback-timeout, its socket closed without Exit (it died), or it sent what the
   * protocol does not allow.
   */
  #linkFailed(error: unknown): never {
    if (error instanceof ProgramTimeout) {
      this.#link.kill();
      return this.#end(`ran a callback for more than ${this.#callbackTimeoutMs} ms of wall time (--callback-timeout) and was killed`, () => {
        throw error;
      });
    }
    if (error instanceof ProgramGone) return this.#died();
    if (error instanceof OutOfProtocol) return this.#brokeProtocol(error);
    throw error;
  }

  /** The program's socket closed without Exit: it died (how, its process's end tells). */
  #died(): never {
    const exit = this.#link.exitedNow();
    const death = exit === null ? 'signal' : exit.kind === 'out-of-memory' ? 'out-of-memory' : exit.kind === 'code' ? 'error' : 'signal';
    return this.#endDied(death, exit === null ? 'closed its socket' : describeExit(exit));
  }

  /** The program sent what the protocol does not allow: nothing it says can be read any more. It is killed, and fails as an uncaught error does. */
  #brokeProtocol(error: OutOfProtocol): never {
    this.#link.kill();
    return this.#endDied('error', brokeProtocol(error));
  }

  /** One request of the program: an effect is applied, a question answered before anything else. */
  #serve(message: ToSimulation): void {
    const ask = message.ask;
    let reply: Outgoing<ToClient>;
    try {
      const answer = this.#answer(message);
      if (ask === 0) return;
      reply = { answers: ask, ...(answer ?? { answer: { json: '' } }) };
    } catch (error) {
      // A broken conversation is not answered: the program is ended.
      if (ask === 0 || error instanceof OutOfProtocol) throw error;
      reply = {
        answers: ask,
        failed: { message: (error as Error).message, kind: (error as Error).name, inputError: INPUT_ERRORS.some((kind) => error instanceof kind) },
      };
    }
    // Outside the try: a program that died before its answer is ended once, not answered a failure.
    this.#send(reply);
  }

  #answer(message: ToSimulation): Outgoing<ToClient> | undefined {
    for (const [field, handle] of this.#handlers) {
      const request = message[field];
      if (request !== undefined) return handle(request as never);
    }
    throw new OutOfProtocol(`sent a ToSimulation message this rclsim does not serve (${Object.keys(message).join(', ')})`);
  }
}

/** How a failure line tells a protocol violation (the error says what the program did). */
function brokeProtocol(error: OutOfProtocol): string {
  return `broke the node port protocol (${error.message})`;
}
