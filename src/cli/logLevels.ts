import { LoggingSeverity } from '../ros/LogOutput.js';

/** The minimum severities of node log lines that --log-level takes, by name. */
export const LOG_LEVELS = {
  debug: LoggingSeverity.DEBUG,
  info: LoggingSeverity.INFO,
  warn: LoggingSeverity.WARN,
  error: LoggingSeverity.ERROR,
  fatal: LoggingSeverity.FATAL,
};
