import type { ChildProcess } from 'node:child_process';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { promisify } from 'node:util';
import { guardGroup, releaseGroup } from '../base/GroupGuard.js';
import { Replacements } from './Replacements.js';

const require = createRequire(import.meta.url);
const childProcessModule = require('node:child_process') as Record<string, unknown>;

/**
 * child_process's functions that start a process and return it, and whether their options come
 * after a list of arguments (`spawn(command, args, options)`) or right after the command
 * (`exec(command, options, callback)`). exec and execFile start theirs through Node's internal
 * spawn, not the module's: each is replaced. The synchronous ones are not: their process has
 * ended when they return.
 */
const STARTERS = { spawn: true, execFile: true, fork: true, exec: false } as const;

type Starter = ((...args: unknown[]) => ChildProcess) & { [promisify.custom]?: (...args: unknown[]) => Promise<unknown> & { child: ChildProcess } };

/** The groups started while a run lasts, in the order they started (a thread makes one run at a time). */
const groups: number[] = [];
let running = false;

function started(child: ChildProcess | undefined): void {
  if (child?.pid === undefined) return;
  guardGroup(child.pid);
  groups.push(child.pid);
}

/**
 * The replacements, made once: a module kept from an earlier run (a sweep worker's) holds the
 * functions it took then, which are these; outside a run they are the originals.
 */
const replacements = Object.fromEntries(
  Object.entries(STARTERS).map(([name, takesArgs]) => {
    const original = childProcessModule[name] as Starter;
    const replacement = function (this: unknown, ...args: unknown[]): ChildProcess {
      const own = running ? inOwnGroup(args, takesArgs) : null;
      if (own === null) return original.apply(this, args);
      const child = original.apply(this, own);
      started(child);
      return child;
    } as Starter;
    // util.promisify(exec) resolves with { stdout, stderr } through Node's own promisified form.
    const promised = original[promisify.custom];
    if (promised !== undefined) {
      replacement[promisify.custom] = (...args: unknown[]) => {
        const own = running ? inOwnGroup(args, takesArgs) : null;
        if (own === null) return promised(...args);
        const promise = promised(...own);
        started(promise.child);
        return promise;
      };
    }
    Object.defineProperty(replacement, 'name', { value: name });
    return [name, replacement];
  }),
);

/**
 * Nothing an in-process program starts outlives the run (docs/design.md#faults-stay-in-their-process), as with a
 * separate program, whose process group rclsim kills: while a run lasts, a process started with
 * child_process (spawn, exec, execFile, fork) leads a process group of its own (`detached`:
 * Node's setsid), which GroupGuard kills should this process die, SIGKILL included, or this
 * thread end (a run stopped where it stands), and the run's end kills. The program keeps its
 * ChildProcess as Node gives it: pipes, events, kill(). A process the program starts `detached`
 * itself is its own affair, as under Node.js: it is not touched. Replaced for the whole thread,
 * as the virtual globals are: rclsim's own processes are detached already, and an external
 * network simulator ends with the run anyway.
 */
export class ProgramChildren {
  readonly #replacements = new Replacements();

  install(): void {
    running = true;
    this.#replacements.replaceAll(childProcessModule, replacements);
    syncBuiltinESMExports();
  }

  /** The run's end: the originals back, every group started meanwhile killed with SIGKILL. */
  uninstall(): void {
    running = false;
    this.#replacements.restoreAll();
    syncBuiltinESMExports();
    for (const group of groups.splice(0)) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // Every process of the group is gone.
      }
      releaseGroup(group);
    }
  }
}

/**
 * The arguments with `detached: true` in their options; null when the call leaves it as it is:
 * it asks for `detached` itself, or its arguments are not of Node's shapes (Node says so).
 */
function inOwnGroup(args: readonly unknown[], takesArgs: boolean): unknown[] | null {
  const at = takesArgs && (Array.isArray(args[1]) || args[1] == null) ? 2 : 1;
  const options = args[at];
  const own = [...args];
  if (typeof options === 'object' && options !== null && !Array.isArray(options)) {
    if ((options as { detached?: unknown }).detached) return null;
    own[at] = { ...options, detached: true };
  } else if (options == null && at < args.length) {
    own[at] = { detached: true };
  } else if (options === undefined || typeof options === 'function') {
    // spawn(command): (command, undefined, options); exec(command, callback): (command, options, callback).
    own.length = Math.max(own.length, at);
    own.splice(at, 0, { detached: true });
  } else {
    return null;
  }
  return own;
}
