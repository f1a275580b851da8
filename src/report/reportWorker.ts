import { parentPort, workerData } from 'node:worker_threads';
import { ReportCollector } from './ReportCollector.js';
import type { ReportMessage } from './reportProtocol.js';

/**
 * The thread that gathers a run's report (LiveReport starts it): it folds the run's events in
 * while the run goes on, on the other core, and answers `finish` with the report's data.
 */
const collector = new ReportCollector(workerData as number | undefined);
const port = parentPort!;
port.on('message', (message: ReportMessage) => {
  if (message.type === 'finish') port.postMessage(collector.report(message.meta));
  else collector.receive(message.batch);
});
