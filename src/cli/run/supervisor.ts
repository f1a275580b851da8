import { constants } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { Heartbeat } from '../../engine/Heartbeat.js';
import { ExitCode } from '../../job/exitCodes.js';
import type { SharedTrace } from '../../job/TraceWriter.js';
import type { FoxgloveBridge } from '../../live/FoxgloveBridge.js';
import { oneLine } from '../oneLine.js';
import type { ProgressDisplay } from './progressDisplay.js';
import type { RunRequest } from './runRequest.js';
import { RUN_WORKER, takeRunThread } from './runThread.js';
import { FINISH_OUTPUTS, type FinishedOutputs, RUNNING, type SupervisorMessage, type WorkerMessage } from './supervisorProtocol.js';

/** How long a run may take to stop by itself after SIGINT/SIGTERM before it is stopped where it is. */
const GRACE_MS = 1000;
/** How often the watchdog looks at the heartbeat. */
const WATCH_MS = 50;

/** Why the supervisor stops a run where it stands, and the exit code that says so. */
interface ForcedStop {
  why: (running: string) => string;
  code: number;
}

/**
 * Runs a `run`/`exec` request on a worker thread and watches it from the main thread, which
 * stays free however the run behaves:
 * - SIGINT/SIGTERM ask the run to stop at its next step (its outputs are finished on the way
 *   out); a run that does not stop within a second — a callback in an endless synchronous or
 *   promise loop — is stopped where it stands: its trace, metrics, report and recordings are
 *   finished from inside that loop (WorkerInspector), and the one line names what was running.
 *   A second signal stops it at once.
 * - `--callback-timeout D`: a callback (or a program's top-level code, or promise continuations)
 *   that runs longer than D of wall time is stopped the same way, exit code 6.
 * - A thread that dies (out of memory) has its trace finished from the lines it had not written
 *   yet (in shared memory), and its recordings from the files, up to their
 *   last complete chunk, and the run ends with one line.
 * On a terminal, the progress bar is drawn here from the run's heartbeat.
 */
export async function supervise(request: RunRequest): Promise<number> {
  let bridge: FoxgloveBridge | undefined;
  let ros2Words: typeof import('../../job/ros2Words.js') | undefined;
  if (request.options.foxglove !== undefined) {
    // Only a live run reads ros2 command lines here (its clients'): other runs start without the module.
    ros2Words = await import('../../job/ros2Words.js');
    try {
      bridge = await startLiveView(request.options.foxglove, request.options.waitForClient === true);
    } catch (error) {
      process.stderr.write(`rclsim: ${(error as Error).message}\n`);
      return ExitCode.outputFailed;
    }
  }
  const thread = takeRunThread();
  const { worker, heartbeat } = thread;
  const send = (message: SupervisorMessage): void => worker.postMessage(message);
  send({ type: 'run', request });
  if (bridge !== undefined) {
    bridge.onWatched = (topics) => send({ type: 'live-watched', topics });
    bridge.onDropped = (client) => process.stderr.write(`rclsim: dropped a slow Foxglove client (${client})\n`);
    const { Ros2UsageError, readRos2Command } = ros2Words!;
    bridge.onCommand = (command, words) => {
      try {
        readRos2Command(words);
      } catch (error) {
        if (error instanceof Ros2UsageError) return error.message;
        throw error;
      }
      send({ type: 'live-ros2', command, words });
      return null;
    };
    bridge.onCancel = (command) => send({ type: 'live-ros2-cancel', command });
  }
  const recordings: { file: string; bagDirectory?: string }[] = [];
  let trace: SharedTrace | undefined;
  // Modules only some runs need load when they do: a run starts faster without them.
  const progress: ProgressDisplay | undefined =
    process.stderr.isTTY && request.options.quiet !== true ? new (await import('./progressDisplay.js')).ProgressDisplay(heartbeat) : undefined;
  let stopping: Promise<ForcedStopped> | undefined;

  // Once the thread has ended (a crash, out of memory), nothing is left to stop: a watchdog that
  // fires while the crash is being reported must not add a second line.
  let ended = false;
  const stopHere = (stop: ForcedStop): void => {
    if (!ended) stopping ??= forceStop(worker, stop);
  };
  let signals = 0;
  let grace: NodeJS.Timeout | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    const forced: ForcedStop = {
      why: (running) => `interrupted by ${signal} while ${running} had not returned`,
      code: 128 + constants.signals[signal],
    };
    if (++signals > 1) {
      stopHere(forced);
      return;
    }
    // What the thread waits on synchronously (a launch file evaluated) stops at once; the run at its next step.
    thread.interruption.raise(signal);
    send({ type: 'interrupt', signal });
    grace = setTimeout(() => stopHere(forced), GRACE_MS);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const watchdog = callbackWatchdog(heartbeat, request.options.callbackTimeout, stopHere);

  const programProcesses: number[] = [];
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'recording') recordings.push(message);
    else if (message.type === 'trace') trace = message;
    else if (message.type === 'program-process') programProcesses.push(message.pid);
    else if (message.type === 'started') progress?.start(BigInt(message.start), message.end === undefined ? undefined : BigInt(message.end));
    else if (message.type === 'ended') {
      progress?.stop();
      send({ type: 'proceed' });
    } else bridge?.handle(message);
  });
  try {
    const exitCode = await thread.exited;
    ended = true;
    progress?.stop();
    // A thread that died while it was being stopped (out of memory in a callback past its
    // timeout) says what happened; the stop that could not reach it says nothing.
    // A program's process hung in a callback never reads that its socket closed.
    if (thread.crash !== undefined || stopping !== undefined) killAll(programProcesses);
    if (thread.crash !== undefined) return await afterCrash(thread.crash, heartbeat, recordings, trace);
    if (stopping !== undefined) {
      const stopped = await stopping;
      for (const line of stopped.lines) process.stderr.write(`rclsim: ${oneLine(line)}\n`);
      return stopped.code;
    }
    return exitCode;
  } finally {
    await bridge?.close();
    clearTimeout(grace);
    clearInterval(watchdog);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Serves the live view (before the run starts: it is announced as its first topic appears); with waitForClient, once a client is there. */
async function startLiveView(address: string | true, waitForClient: boolean): Promise<FoxgloveBridge> {
  const { FoxgloveBridge, parseAddress } = await import('../../live/FoxgloveBridge.js');
  const { host, port } = parseAddress(address);
  const bridge = await FoxgloveBridge.start(host, port);
  process.stderr.write(`rclsim: Foxglove live view on ws://${bridge.address}${waitForClient ? ' (waiting for a client)' : ''}\n`);
  if (waitForClient) await bridge.firstClient();
  return bridge;
}

/** Kills what is still running of these processes. */
function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Stops a callback that ran past --callback-timeout of wall time (none without a timeout). */
function callbackWatchdog(heartbeat: Heartbeat, timeout: number | undefined, stop: (forced: ForcedStop) => void): NodeJS.Timeout | undefined {
  if (timeout === undefined) return undefined;
  let sequence = -1;
  let since = performance.now();
  const timer = setInterval(
    () => {
      const now = performance.now();
      if (heartbeat.state === Heartbeat.IN_ENGINE || heartbeat.sequence !== sequence) {
        sequence = heartbeat.sequence;
        since = now;
      } else if (now - since > timeout) {
        stop({ why: (running) => `${running} ran for more than ${timeout} ms of wall time (--callback-timeout)`, code: ExitCode.callbackTimeout });
      }
    },
    Math.min(WATCH_MS, timeout / 4),
  );
  timer.unref();
  return timer;
}

/** A run stopped where it stood: its lines (why, then each output it could not finish) and exit code. */
interface ForcedStopped {
  lines: string[];
  code: number;
}

/**
 * Stops the run where it stands: its outputs are finished from inside the code that runs, then
 * the thread is ended. An output in the middle of a write is given a moment to finish it.
 */
async function forceStop(worker: Worker, stop: ForcedStop): Promise<ForcedStopped> {
  const { WorkerInspector } = await import('./WorkerInspector.js');
  const inspector = new WorkerInspector(RUN_WORKER);
  const call = `globalThis[Symbol.for(${JSON.stringify(FINISH_OUTPUTS.description)})]?.(${JSON.stringify(stop.why(RUNNING))}) ?? null`;
  let finished: FinishedOutputs | null = null;
  let lines: string[];
  try {
    for (let attempt = 0; attempt < 200 && finished === null; attempt++) {
      finished = (await inspector.evaluate(call, 5000)) as FinishedOutputs | null;
      if (finished === null) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    lines =
      finished === null
        ? [`${stop.why('the run')}; its outputs were in the middle of a write and are left as they are`]
        : [`${finished.line}; the trace and recordings are finished`, ...finished.failures];
  } catch (error) {
    lines = [`${stop.why('the run')}; its outputs could not be finished (${(error as Error).message})`];
  } finally {
    inspector.close();
  }
  await worker.terminate();
  return { lines, code: stop.code };
}

/**
 * The run's thread died (out of memory, an internal error): its trace is finished from the lines
 * it had not written yet, its recordings from their files.
 */
async function afterCrash(
  error: Error,
  heartbeat: Heartbeat,
  recordings: { file: string; bagDirectory?: string }[],
  trace: SharedTrace | undefined,
): Promise<number> {
  const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
  const kept: string[] = [];
  if (trace !== undefined) {
    const { finishSharedTrace } = await import('../../job/TraceWriter.js');
    try {
      if (finishSharedTrace(trace, outOfMemory ? 'out-of-memory' : 'failed', heartbeat.now, heartbeat.callbacks)) {
        kept.push(`${trace.path} keeps every line up to there`);
      }
    } catch (failure) {
      kept.push((failure as Error).message);
    }
  }
  const { recoverMcap } = await import('../../bag/mcapRecovery.js');
  for (const { file, bagDirectory } of recordings) {
    try {
      const messages = await recoverMcap(file, bagDirectory);
      if (messages !== null) kept.push(`${file} keeps its first ${messages} messages`);
    } catch (recovery) {
      kept.push(`${file} could not be finished (${(recovery as Error).message})`);
    }
  }
  const at = `at sim time ${(heartbeat.now / 1e9).toFixed(9)}s after the start`;
  const what = outOfMemory
    ? `the run ran out of memory ${at} (raise the limit with NODE_OPTIONS=--max-old-space-size=MiB)`
    : `internal error ${at}: ${oneLine(error.message)}`;
  process.stderr.write(`rclsim: ${what}${kept.length > 0 ? `; ${kept.join('; ')}` : ''}\n`);
  return outOfMemory ? ExitCode.outOfMemory : ExitCode.internalError;
}
