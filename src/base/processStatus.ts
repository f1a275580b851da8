import { readFileSync } from 'node:fs';
import { constants } from 'node:os';

/** Signal names by number, for a wait status read from /proc: the first name of a number (SIGABRT, not its alias SIGIOT). */
const SIGNAL_NAMES = new Map<number, NodeJS.Signals>();
for (const [name, number] of Object.entries(constants.signals)) if (!SIGNAL_NAMES.has(number)) SIGNAL_NAMES.set(number, name as NodeJS.Signals);

/** How a child process ended: its exit code, or the signal that killed it. */
export type EndStatus = { code: number; signal: null } | { code: null; signal: NodeJS.Signals };

/**
 * How child process `pid` ended, read synchronously from /proc while it is a zombie (its wait
 * status, field 52 of /proc/<pid>/stat, kept until the event loop reaps it): a thread that waits
 * for a child without running its event loop reads it here. 'running' while it runs; null when
 * /proc cannot tell (no such process any more).
 */
export function endStatus(pid: number): EndStatus | 'running' | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The fields after the command's name (which may hold spaces and parentheses): the state first.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] !== 'Z' && fields[0] !== 'X') return 'running';
  const status = Number(fields[49]);
  const signal = status & 0x7f;
  return signal === 0 ? { code: (status >> 8) & 0xff, signal: null } : { code: null, signal: SIGNAL_NAMES.get(signal) ?? 'SIGKILL' };
}
