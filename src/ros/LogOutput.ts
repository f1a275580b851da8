import { splitNanoseconds } from './nanoseconds.js';

export const LoggingSeverity = {
  UNSET: 0,
  DEBUG: 10,
  INFO: 20,
  WARN: 30,
  ERROR: 40,
  FATAL: 50,
} as const;
export type LoggingSeverity = (typeof LoggingSeverity)[keyof typeof LoggingSeverity];

const LABELS: Record<number, string> = { 10: 'DEBUG', 20: 'INFO', 30: 'WARN', 40: 'ERROR', 50: 'FATAL' };

export interface LogRecord {
  severity: LoggingSeverity;
  name: string;
  message: string;
  /** Sim time of the record in nanoseconds. */
  time: bigint;
}

/**
 * Where a simulation's log lines go, and the per-logger severity thresholds. Lines have ROS 2's
 * console format, stamped with sim time: `[INFO] [10.050000000] [NodeA]: message`.
 */
export class LogOutput {
  defaultLevel: LoggingSeverity;
  readonly #levels = new Map<string, LoggingSeverity>();
  readonly #write: (record: LogRecord, line: string) => void;

  constructor(
    write: (record: LogRecord, line: string) => void = (_record, line) => process.stderr.write(`${line}\n`),
    defaultLevel: LoggingSeverity = LoggingSeverity.INFO,
  ) {
    this.#write = write;
    this.defaultLevel = defaultLevel;
  }

  /** A logger's level; as rcutils', the root logger's (named '') is the default level. */
  setLevel(name: string, level: LoggingSeverity): void {
    if (!(level in LABELS) && level !== LoggingSeverity.UNSET) throw new RangeError(`invalid logging severity ${level}`);
    if (name === '') this.defaultLevel = level;
    else this.#levels.set(name, level);
  }

  /** The level set for the logger itself (UNSET if none), as rcutils_logging_get_logger_level; the root logger's is the default. */
  level(name: string): LoggingSeverity {
    if (name === '') return this.defaultLevel;
    return this.#levels.get(name) ?? LoggingSeverity.UNSET;
  }

  /** A logger's level, or its nearest ancestor's ('a.b' inherits from 'a'), or the default. */
  effectiveLevel(name: string): LoggingSeverity {
    if (name === '') return this.defaultLevel;
    for (let current = name; ; ) {
      const level = this.#levels.get(current);
      if (level !== undefined && level !== LoggingSeverity.UNSET) return level;
      const dot = current.lastIndexOf('.');
      if (dot < 0) return this.defaultLevel;
      current = current.slice(0, dot);
    }
  }

  log(severity: LoggingSeverity, name: string, message: unknown, time: bigint): boolean {
    if (severity < this.effectiveLevel(name)) return false;
    const text = typeof message === 'string' ? message : String(message);
    const { seconds, nanoseconds } = splitNanoseconds(time);
    const stamp = `${seconds}.${String(nanoseconds).padStart(9, '0')}`;
    this.#write({ severity, name, message: text, time }, `[${LABELS[severity]}] [${stamp}] [${name}]: ${text}`);
    return true;
  }
}
