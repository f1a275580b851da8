import { realAvailableParallelism, wallClock } from '../../base/realTime.js';
import { ExitSignal } from '../../base/runErrors.js';
import type { Executable } from '../../engine/Executable.js';
import { ParameterOverrideError } from '../../ros/NodeParameters.js';
import { RosArgumentsError } from '../../ros/RosArguments.js';
import { ParamsFileError } from '../../sim/ParamsFile.js';
import type { ProgramThread } from '../../sim/Simulation.js';
import type { DirectPort } from '../DirectPort.js';
import { InterfaceCdr } from '../wire/InterfaceCdr.js';
import type { Done, Outgoing, ProgramLink, Run, RunKind, ToClient, ToSimulation, Welcome } from '../wire/nodeMessages.js';
import { OutOfProtocol } from '../wire/OutOfProtocol.js';
import { GoneBeforeHello, ProgramGone, ProgramTimeout } from '../wire/ProgramSocket.js';
import { describeExit } from '../wire/programExit.js';
import { brokeProtocol, ProgramEnd } from './ProgramEnd.js';
import type { ProgramHost } from './ProgramHost.js';
import { RemoteLoadError } from './remoteErrors.js';
import type { Answer, HandlerTable, RunRequest, ServedProgram } from './ServedProgram.js';
import type { ServerOptions } from './ServerOptions.js';
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

/**
 * Run.read_polls: none. Reads on were worth it while the run thread polled beside the client;
 * since it waits in poll(2) they only take the CPU: one separate C++ program, alternated at
 * load ~17, 1,498 and 8,376 callbacks per wall second asked none against 289 and 3,110 asked
 * 200 (docs/performance.md).
 */
const READ_POLLS = 0;
/** The machine's CPUs (a speed setting only: what a program reads never depends on it). */
const CPUS = realAvailableParallelism();

/** What the simulation refuses a program for bad input of the run (its ROS arguments, parameter overrides, params files). */
const INPUT_ERRORS = [ParameterOverrideError, ParamsFileError, RosArgumentsError];

/** A request's field in ToSimulation, and what serves it. */
type Handler = [keyof ToSimulation, (request: unknown) => Answer];

/**
 * The simulation's side of a separate program (docs/design.md#node-processes): it answers the
 * program's requests with the same `DirectPort` an in-process program uses, and runs the
 * program's callbacks by sending `Run` and reading the socket until `Done`, applying what the
 * callback did in the order it did it. Everything stays synchronous: the engine's step does not
 * move on while a program's callback runs, whatever the program's process costs in real time.
 * What it needs of the run besides the port comes through its ProgramHost; how the program ends,
 * through ProgramEnd.
 */
export class ProgramServer implements ServedProgram {
  readonly #host: ProgramHost;
  readonly port: DirectPort;
  readonly cdr: InterfaceCdr;
  readonly #link: ProgramLink;
  /** Each request's handler, by the ToSimulation field that carries it: the sections' (serve*.ts), publishes first. */
  readonly #handlers: Handler[];
  readonly #end: ProgramEnd;
  /** Wall ms a callback of the program may take before its process is killed (none: the supervisor watches). */
  readonly #callbackTimeoutMs: number | undefined;
  readonly #endGraceMs: number | undefined;
  readonly #onGoneBeforeHello: ((how: string) => never) | undefined;
  /** When the callback under way must be done (wall ms), and how deep in runs the program is. */
  #deadline = Number.POSITIVE_INFINITY;
  #depth = 0;
  /** process.exitCode as the program's Done last told it. */
  #exitCode: number | undefined = undefined;
  #runs = 0;
  /** The program's thread that runs its code, as its client last told it (Turn; null: none told). */
  #thread: string | null = null;

  constructor(host: ProgramHost, port: DirectPort, link: ProgramLink, options: ServerOptions = {}) {
    this.#host = host;
    this.port = port;
    this.cdr = new InterfaceCdr(port.interfaces);
    this.#link = link;
    const executor = new ExecutorRequests(this);
    // Typed by the .proto's sections: a section or a handler missing is a type error.
    const table: HandlerTable = {
      entities: new EntityRequests(this, (id: number) => executor.cancelAwait(id)).handlers,
      parameters: parameterHandlers(this),
      graph: graphHandlers(this),
      job: jobHandlers(this, options),
      executor: executor.handlers,
    };
    this.#handlers = Object.values(table).flatMap((handlers) => Object.entries(handlers)) as Handler[];
    this.#callbackTimeoutMs = options.callbackTimeoutMs;
    this.#endGraceMs = options.endGraceMs;
    this.#onGoneBeforeHello = options.onGoneBeforeHello;
    this.#end = new ProgramEnd(host, port, link, options.onAbnormalEnd ?? ((end) => end.fail()), options.callbackTimeoutMs, options.onExitZero);
  }

  /**
   * The handshake (rclsim's work, which --callback-timeout does not count), then the program's
   * top-level code until its first Done.
   */
  serveTopLevel(welcome: Outgoing<Welcome>): void {
    try {
      this.#host.watchedElsewhere(() => this.#link.handshake(welcome));
    } catch (error) {
      if (error instanceof GoneBeforeHello && this.#onGoneBeforeHello !== undefined) {
        this.#end.stop();
        const exit = this.#link.exitedNow();
        this.#onGoneBeforeHello(exit === null ? 'closed its socket' : describeExit(exit));
      }
      this.#end.linkFailed(error);
    }
    const done = this.#timed(() => this.#serveUntilDone(0, null));
    this.#tasksAfter(done, null);
  }

  /** Runs one callback in the program and applies what it did; throws what the callback threw. */
  run(request: RunRequest): Done {
    if (this.#end.ended) throw new ExitSignal(this.#host.name, 0);
    const run = ++this.#runs;
    // The request (a literal of the caller's, used once) becomes the message: a spread into a new
    // literal defined its two more fields on V8's slow path, with a new map every time.
    const message = request as Outgoing<Run>;
    message.run = run;
    message.nowNs = this.port.now();
    // Reading on costs a CPU: only while every separate program can have one besides the run's.
    message.readPolls = this.#host.processes.running < CPUS ? READ_POLLS : 0;
    const thread = this.#host.executorThread();
    if (thread !== 0) message.thread = thread;
    const executionNs = this.#host.executionTime();
    if (executionNs !== 0) message.executionNs = BigInt(executionNs);
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
    if (!more) this.#host.atNextYield(this.#continue);
  }

  /** Whether the program's own callback group lets the entity's callback run now (Run kind CAN_EXECUTE); an ended program's never runs. */
  readonly mayRun = (entity: Executable): boolean => {
    if (this.#end.ended) return false;
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
    const outer = this.#host.swapThread(this.#told());
    try {
      return serve();
    } finally {
      this.#depth--;
      this.#host.swapThread(outer);
    }
  }

  /** The thread its client last told (null: none). */
  #told(): ProgramThread | null {
    return this.#thread === null ? null : { program: this.#host.name, thread: this.#thread };
  }

  /** Serves the program until the Done of `run` (of `kind`; null: its top-level code). */
  #serveUntilDone(run: number, kind: RunKind | null): Done {
    for (;;) {
      const message = this.#receive();
      if (message.done !== undefined) {
        if (message.done.run !== run) this.#end.brokeProtocol(new OutOfProtocol(`answered Done of run ${message.done.run} while run ${run} was under way`));
        this.#followExitCode(message.done);
        if (message.done.loadFailed) throw new RemoteLoadError(message.done.error);
        if (message.done.failed || message.done.error !== '') this.#end.failed(message.done, kind);
        return message.done;
      }
      if (message.exit !== undefined) this.#end.exited(message.exit.code, message.exit.reason);
      try {
        this.#serve(message);
      } catch (error) {
        if (error instanceof OutOfProtocol) this.#end.brokeProtocol(error);
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
   * The run ended: the program is stopped as Ctrl-C stops a ROS 2 process (rclpy raises
   * KeyboardInterrupt where it waits, its contexts shut down), and its own code goes on to its
   * end — its `finally` blocks, a last log or publish — at the run's last sim time, its requests
   * served, until it exits. What went wrong there, one line (null: it exited with 0); it does not
   * fail the run, which already ended.
   */
  shutdown(): string | null {
    if (this.#end.ended) return null;
    this.#end.stop();
    const graceMs = this.#endGraceMs ?? END_GRACE_MS;
    const deadline = wallClock() + graceMs;
    try {
      this.#link.send({ shutdown: { reason: 'the run ended' } });
      for (;;) {
        const message = this.#link.receive(deadline);
        if (message.exit !== undefined) {
          this.#link.awaitEnd(deadline);
          const { code, reason } = message.exit;
          if (reason !== '') return this.#end.line(`${reason} after the run's end`);
          return code === 0 ? null : this.#end.line(`exited with code ${code} after the run's end`);
        }
        if (message.done !== undefined) continue;
        try {
          this.#serve(message);
        } catch (error) {
          if (error instanceof OutOfProtocol) throw error;
          // What it asks after the end is served as before; an effect the simulation refuses ends it, named.
          this.#link.kill();
          return this.#end.line(`did after the run's end what the simulation refuses (${(error as Error).message})`);
        }
      }
    } catch (error) {
      if (error instanceof ProgramTimeout) {
        this.#link.kill();
        const limit = this.#endGraceMs === undefined ? "(ros2 launch's SIGINT to SIGKILL)" : '(--callback-timeout)';
        return this.#end.line(`ran its code after the run's end${inThread(this.#thread)} for more than ${graceMs} ms of wall time ${limit} and was killed`);
      }
      if (error instanceof OutOfProtocol) {
        this.#link.kill();
        return this.#end.line(`${brokeProtocol(error)} after the run's end`);
      }
      if (!(error instanceof ProgramGone)) throw error;
      const exit = this.#link.exitedNow();
      return this.#end.line(`${exit === null ? 'closed its socket' : describeExit(exit)} after the run's end`);
    }
  }

  /** Whether the program still runs (a crash fault asks). */
  get running(): boolean {
    return !this.#end.ended;
  }

  /** Set once the program ended: nothing of it runs any more. */
  get ended(): boolean {
    return this.#end.ended;
  }

  /** A crash fault: the process is killed now, as a signal would kill it, and its on_exit applies. */
  crash(how: string): void {
    this.#end.crash(how);
  }

  /** The program's next message; what went wrong on its socket ends it (ProgramEnd#linkFailed). */
  #receive(): ToSimulation {
    try {
      if (this.#callbackTimeoutMs === undefined) return this.#link.receive();
      return this.#host.watchedElsewhere(() => this.#link.receive(this.#deadline));
    } catch (error) {
      return this.#end.linkFailed(error, inThread(this.#thread));
    }
  }

  /** Sends to the program; what went wrong on its socket ends it (ProgramEnd#linkFailed). */
  #send(message: Outgoing<ToClient>): void {
    try {
      this.#link.send(message);
    } catch (error) {
      this.#end.linkFailed(error);
    }
  }

  /** One request of the program: an effect is applied, a question answered before anything else. */
  #serve(message: ToSimulation): void {
    if (message.turn !== undefined) {
      this.#thread = message.turn.thread;
      this.#host.swapThread(this.#told());
      return;
    }
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

/** ` in thread 'worker'`, as a line names the thread a program's code ran in ('' when its client told none). */
function inThread(thread: string | null): string {
  return thread === null ? '' : ` in thread '${thread}'`;
}
