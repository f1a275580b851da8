/**
 * Loaded with `node --import` into a conformance cell's rclsim process (its run's thread too):
 * wraps every method of DirectPort, the one place both transports reach the simulation (an
 * in-process program calls it, a separate program's ProgramServer calls it), and appends each
 * operation's name to the file RCLSIM_CONFORMANCE_OPS names the first time it is called — an
 * entity operation or graph query by its name too (`entityOp:gid`, `queryGraph:countClients`).
 * The wrappers only record: the run is the same with or without them.
 */
import { appendFileSync } from 'node:fs';
import { DirectPort } from '../../../src/port/DirectPort.js';

/** The operations whose first argument after the id names what they do: recorded as `op:name`. */
const DISPATCHERS: Readonly<Record<string, number>> = { entityOp: 1, queryGraph: 1 };

const out = process.env.RCLSIM_CONFORMANCE_OPS;
if (out !== undefined) {
  const seen = new Set<string>();
  const prototype = DirectPort.prototype as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const method = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
    if (name === 'constructor' || typeof method !== 'function') continue;
    const at = DISPATCHERS[name];
    prototype[name] = function (this: unknown, ...args: unknown[]): unknown {
      const key = at === undefined ? name : `${name}:${String(args[at])}`;
      if (!seen.has(key)) {
        seen.add(key);
        appendFileSync(out, `${key}\n`);
      }
      return (method as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}
