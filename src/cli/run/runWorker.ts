import { parentPort, workerData } from 'node:worker_threads';
import { heed, interruption } from '../../base/interruption.js';
import { Heartbeat } from '../../engine/Heartbeat.js';
import type { Ros2Running } from '../../job/ros2Commands.js';
import type { RunControl } from '../../job/runJob.js';
import { runAndReport } from './runAndReport.js';
import { jobOf, type RunRequest } from './runRequest.js';
import { FINISH_OUTPUTS, type FinishedOutputs, RUNNING, type SupervisorMessage, type WorkerMessage } from './supervisorProtocol.js';

/**
 * The thread a run of `rclsim run`/`exec` happens on (cli/run/supervisor.ts starts it). The main
 * thread stays free to take signals and watch the run; it asks for the run's end by message,
 * and when the run is stuck in code that never returns, it calls FINISH_OUTPUTS through the
 * inspector, which finishes trace and recordings from there.
 */
const { heartbeat, interruption: interruptionBuffer } = workerData as { heartbeat: SharedArrayBuffer; interruption: SharedArrayBuffer };
// What this thread waits on synchronously before the run can hear an interrupt (a launch file evaluated) stops on SIGINT/SIGTERM.
heed(interruptionBuffer);
const port = parentPort!;
const send = (message: WorkerMessage): void => port.postMessage(message);
// The thread starts while the command line is still read (cli/run/runThread.ts): the request comes first.
const request = await new Promise<RunRequest>((resolve) =>
  port.once('message', (message: SupervisorMessage) => {
    if (message.type === 'run') resolve(message.request);
  }),
);

let control: RunControl | undefined;
let proceed: (() => void) | undefined;
const live = request.options.foxglove === undefined ? undefined : { post: send, watched: new Set<string>() };
/** Live clients' commands that run. */
const commands = new Map<number, Ros2Running>();
port.on('message', (message: SupervisorMessage) => {
  if (message.type === 'interrupt') control?.interrupt(message.signal);
  else if (message.type === 'proceed') proceed?.();
  else if (message.type === 'live-watched' && live !== undefined) live.watched = new Set(message.topics);
  else if (message.type === 'live-ros2') startCommand(message.command, message.words);
  else if (message.type === 'live-ros2-cancel') {
    commands.get(message.command)?.cancel();
    early.splice(0, early.length, ...early.filter((waiting) => waiting.command !== message.command));
  }
});

/** Commands that came while the job was loaded: they start with the run. */
const early: { command: number; words: string[] }[] = [];

/** A live client's command, its output and end told to the live view (its words were checked there). */
function startCommand(command: number, words: string[]): void {
  if (control === undefined) {
    early.push({ command, words });
    return;
  }
  commands.set(
    command,
    control.liveCommand(words, {
      started: () => {},
      ended: (code) => {
        commands.delete(command);
        send({ type: 'live-ros2-ended', command, code });
      },
      output: (stream, text) => send({ type: 'live-ros2-output', command, stream, text }),
      awaited: false,
    }),
  );
}
(globalThis as Record<symbol, unknown>)[FINISH_OUTPUTS] = (line: string): FinishedOutputs | null => {
  const describe = (running: string): string => line.replace(RUNNING, running);
  return control === undefined ? { line: describe('the job being loaded'), failures: [] } : control.finishOutputs(describe);
};

const code = await runAndReport(jobOf(request), request.options, request.command === 'exec' ? process.stderr : process.stdout, {
  heartbeat: new Heartbeat(heartbeat),
  programWatch: { callbackTimeoutMs: request.options.callbackTimeout, started: (pid) => send({ type: 'program-process', pid }) },
  attach: (run) => {
    control = run;
    for (const { command, words } of early.splice(0)) startCommand(command, words);
    // A signal taken while the job was loaded stops the run as it starts.
    const signal = interruption().signal;
    if (signal !== null) run.interrupt(signal);
  },
  recording: (file, bagDirectory) => send({ type: 'recording', file, ...(bagDirectory === undefined ? {} : { bagDirectory }) }),
  trace: (shared) => send({ type: 'trace', ...shared }),
  started: (start, end) => {
    send({ type: 'started', start: String(start), ...(end === undefined ? {} : { end: String(end) }) });
    return Promise.resolve();
  },
  ...(live === undefined ? {} : { live }),
  // The progress display is gone from the terminal before anything is printed.
  ended: () =>
    new Promise<void>((resolve) => {
      proceed = resolve;
      send({ type: 'ended' });
    }),
});
// A worker's stdout and stderr reach the process through the main thread: what was written (the
// --json summary, the failure's line) is lost if the thread ends before it was handed over.
const handedOver = (stream: NodeJS.WriteStream): Promise<void> => new Promise((resolve) => stream.write('', () => resolve()));
// The run's outcome is decided: what user code left pending (a program's continuation once the
// simulation is gone) may fail meanwhile without changing it.
const ignore = (): void => {};
process.on('unhandledRejection', ignore);
process.on('uncaughtException', ignore);
await Promise.all([handedOver(process.stdout), handedOver(process.stderr)]);
process.exit(code);
