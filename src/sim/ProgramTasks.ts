import { type Executable, SKIPPED } from '../engine/Executable.js';
import type { Program } from './Program.js';

/**
 * A Python program's tasks as one callback of its rclpy executor: the coroutine callbacks under
 * way and the done callbacks of futures, which rclpy's executor runs when its generator loops
 * (docs/design.md#python-programs). Running it asks the program to let them go on.
 */
export class ProgramTasks implements Executable {
  readonly nodeId = -1;
  readonly entityId: number;
  readonly kind = 'tasks';
  readonly owner: string;
  readonly scope: Program;
  readonly channel = '';
  readonly digestLo = 0;
  readonly digestHi = 0;
  /** Lets the program's tasks go on (a Run kind CONTINUATION); null while none wait. */
  run: (() => void) | null = null;

  constructor(program: Program) {
    this.entityId = program.simulation.nextEntityId();
    this.owner = program.name;
    this.scope = program;
  }

  /** How a line names it: by its program and the program's nodes alive when it is read. */
  get label(): string {
    return `tasks of ${this.scope.describe()}`;
  }

  execute(): unknown {
    const run = this.run;
    if (run === null) return SKIPPED;
    this.run = null;
    run();
    return undefined;
  }
}
