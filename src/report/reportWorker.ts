import { parentPort } from 'node:worker_threads';
import { ReportCollector } from './ReportCollector.js';
import type { ReportMessage } from './reportProtocol.js';

/**
 * The thread that gathers a run's report (LiveReport starts it): it folds the run's events in
 * while the run goes on, on the other core, and answers `finish` with the report's data.
 */
const collector = new ReportCollector();
const port = parentPort!;
port.on('message', (message: ReportMessage) => {
  switch (message.type) {
    case 'callback':
      collector.describeCallback(message.id, message.kind, message.owner, message.channel);
      break;
    case 'output':
      collector.describeOutput(message.id, message.kind, message.channel);
      break;
    case 'chunk':
      collector.absorb(message.chunk);
      break;
    case 'links':
      collector.linkPeriod(message.time, message.links);
      break;
    case 'finish':
      port.postMessage(collector.report(message.meta));
      break;
  }
});
