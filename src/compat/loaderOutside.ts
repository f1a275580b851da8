import Module from 'node:module';
import { VirtualGlobals } from './VirtualGlobals.js';

let installed = false;

/**
 * Keeps what loads a program's CommonJS modules out of the simulation: Node's loader and the
 * hooks in it (tsx's, a program's own require hooks) load each module with the process's own
 * globals, and only the module's code runs with the run's virtual ones — so neither a cache's
 * state (warm or cold) nor a loader's timers, clocks or I/O reach what the run does. (ES modules
 * are loaded on the module hooks' thread, apart from the run already.) Installed once per process,
 * before user code loads.
 */
export function installLoaderOutside(): void {
  if (installed) return;
  installed = true;
  const prototype = Module.prototype as unknown as {
    load(filename: string): void;
    _compile(content: string, filename: string, ...rest: unknown[]): unknown;
  };
  const { load, _compile: compile } = prototype;
  prototype.load = function (this: unknown, filename: string): void {
    VirtualGlobals.outsideProgram(() => load.call(this, filename));
  };
  prototype._compile = function (this: unknown, ...args: [string, string, ...unknown[]]): unknown {
    return VirtualGlobals.insideProgram(() => compile.apply(this, args));
  };
}
