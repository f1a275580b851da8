import { OutputError } from '../../base/runErrors.js';
import { EventLog, type LoggedEntity } from '../../engine/EventLog.js';
import type { OutputKind } from '../../engine/Executable.js';
import { ExitCode } from '../../job/exitCodes.js';
import { compareTraces, TraceFileError, TraceReader } from '../../job/traceDiff.js';
import { PublishMatcher } from '../../report/PublishMatcher.js';
import { ReportCollector } from '../../report/ReportCollector.js';
import type { DivergenceData, ReportData } from '../../report/ReportData.js';
import { writeReport } from '../../report/reportHtml.js';
import { saidCollision } from '../outputCollisions.js';
import type { RunCommandOptions } from '../run/runAndReport.js';
import { runFiles } from '../run/runFiles.js';
import type { RunRequest } from '../run/runRequest.js';

export interface ReportOptions {
  output: string;
}

const OUTPUTS = new Set(['publish', 'response', 'drop', 'fault']);

/**
 * `rclsim report TRACE [OTHER_TRACE] -o out.html`: the report of a trace (and, given a second
 * trace of the same job, where the two part ways); `rclsim report JOB -o out.html` runs the job
 * and writes its report, as `rclsim run JOB --report out.html` does.
 */
export async function report(target: string, other: string | undefined, options: ReportOptions): Promise<number> {
  if (!isTrace(target)) {
    if (other !== undefined) {
      process.stderr.write(`rclsim: ${other}: a second trace is compared with a first trace, and ${target} is a job\n`);
      return ExitCode.usage;
    }
    const runOptions: RunCommandOptions = { paramsFile: [], fingerprint: true, logLevel: 'info', report: options.output };
    const request: RunRequest = { command: 'run', target, args: [], options: runOptions };
    // The run checks this too, but calls the output --report.
    const { inputs, outputs } = runFiles(request, '-o');
    if (saidCollision(outputs, inputs)) return ExitCode.badInput;
    const { supervise } = await import('../run/supervisor.js');
    return supervise(request);
  }
  const traces = [target, ...(other === undefined ? [] : [other])].map((path) => ({ name: `the trace ${path} the report reads`, path }));
  if (saidCollision([{ name: `-o ${options.output}`, path: options.output }], traces)) return ExitCode.badInput;
  try {
    let divergence: DivergenceData | null = null;
    if (other !== undefined) {
      const comparison = compareTraces(target, other);
      if (!comparison.identical) {
        const { record, what, before, a, b } = comparison;
        divergence = { nameA: target, nameB: other, record, what, before, a, b };
      }
      process.stdout.write(divergence === null ? 'the traces are identical\n' : `the traces part ways at record ${divergence.record}: ${divergence.what}\n`);
    }
    writeReport(options.output, traceReport(target, divergence));
    process.stdout.write(`report written to ${options.output}\n`);
    return ExitCode.ok;
  } catch (error) {
    process.stderr.write(`rclsim: ${(error as Error).message}\n`);
    return error instanceof TraceFileError ? ExitCode.badInput : error instanceof OutputError ? ExitCode.outputFailed : ExitCode.internalError;
  }
}

/** Whether the file is a trace (what a job file or module never starts with). */
function isTrace(path: string): boolean {
  try {
    new TraceReader(path).close();
    return true;
  } catch (error) {
    if (error instanceof TraceFileError && /not an rclsim trace|no such trace|not a regular file/.test(error.message)) return false;
    throw error;
  }
}

/** A report of what a trace holds: callbacks as instants, publishes, takes and their latencies. */
export function traceReport(path: string, divergence: DivergenceData | null): ReportData {
  const reader = new TraceReader(path);
  try {
    const header = /^# job (.*) seed (-?\d+) start (-?\d+)$/.exec(reader.header);
    if (header === null) throw new TraceFileError(path, `line 2 is no trace header: ${reader.header}`);
    const [, job, seed, start] = header as unknown as [string, string, string, string];
    const base = BigInt(start);
    const collector = new ReportCollector();
    const log: EventLog = new EventLog((events) => {
      collector.applyLog(events);
      log.recycle(events);
    });
    const matcher = new PublishMatcher();
    const described = new Map<number, LoggedEntity>();
    let records = 0;
    for (let line = reader.nextRecord(); line !== undefined; line = reader.nextRecord()) {
      records++;
      const [time, kind, owner, id, channel, digest] = line.split('\t');
      if (digest === undefined) throw new TraceFileError(path, `record ${records} has fewer than 6 columns: ${line}`);
      // Records of nodes being built (clock 0, before the start) count at the start.
      const offset = Math.max(0, Number(parseSimTime(time!) - base));
      const entity = Number(id);
      const topic = channel === '-' ? '' : channel!;
      const hi = digest === '-' ? 0 : parseInt(digest.slice(0, 8), 16) | 0;
      const lo = digest === '-' ? 0 : parseInt(digest.slice(8), 16) | 0;
      log.moveTo(offset);
      if (OUTPUTS.has(kind!)) {
        log.output({ entityId: entity, channel: topic }, entity, kind as OutputKind);
        if (kind === 'publish') matcher.published(topic, offset, lo, hi);
        continue;
      }
      let logged = described.get(entity);
      if (logged === undefined) described.set(entity, (logged = { entityId: entity, kind: kind!, owner: owner!, channel: topic }));
      // As the engine notes it: when the message was published, unless at the take itself (-1: not found).
      const publishedAt = kind === 'subscription' ? matcher.take(entity, topic, lo, hi) : offset;
      if (publishedAt !== offset) log.consumed(entity, publishedAt);
      log.callback(logged, entity, 0);
    }
    log.handOver();
    const end = /^# end (\S+) at (-?\d+) callbacks (\d+) fingerprint (\S+)$/.exec(reader.end);
    const summary: Record<string, string | number> = { job, seed: Number(seed), trace: path, records };
    if (end !== null) {
      summary.ended = end[1]!;
      summary.callbacks = Number(end[3]);
      summary.fingerprint = end[4]!;
    } else summary.ended = reader.end;
    return collector.report({
      title: job,
      source: 'trace',
      summary,
      results: {},
      warnings: [],
      failure: end === null || end[1] === 'failed' || end[1] === 'out-of-memory' ? `the trace ends: ${reader.end}` : null,
      executors: null,
      divergence,
      checks: [],
      faults: null,
      end: end === null ? 0 : Number(BigInt(end[2]!) - base),
    });
  } finally {
    reader.close();
  }
}

/** A trace's `seconds.nanoseconds` as ns. */
function parseSimTime(text: string): bigint {
  const [seconds, fraction = ''] = text.split('.');
  const negative = seconds!.startsWith('-');
  const ns = BigInt(seconds!.replace('-', '')) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0').slice(0, 9) || '0');
  return negative ? -ns : ns;
}
