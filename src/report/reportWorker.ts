import { parentPort, workerData } from 'node:worker_threads';
import { ReportCollector } from './ReportCollector.js';
import { chunkBuffers } from './EventLog.js';
import type { ReportAnswer, ReportMessage } from './reportProtocol.js';

/**
 * The thread that gathers a run's report (LiveReport starts it): it folds the run's events in
 * while the run goes on, on the other core, hands each chunk back once folded in, and answers
 * `finish` with the report's data.
 */
const port = parentPort!;
const answer = (message: ReportAnswer, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);
const collector = new ReportCollector(workerData as number | undefined, (chunk) => answer({ type: 'spare', chunk }, chunkBuffers(chunk)));
port.on('message', (message: ReportMessage) => {
  if (message.type === 'finish') answer({ type: 'report', data: collector.report(message.meta) });
  else collector.receive(message);
});
