import { type Executable, SKIPPED } from '../engine/Executable.js';
import { Entity } from './Entity.js';
import type { Node } from './Node.js';

/** A guard condition in the simulation (rclnodejs's is client/GuardCondition.ts): each trigger queues one event that runs the callback. */
export class GuardCondition extends Entity implements Executable {
  readonly kind = 'guard_condition';
  readonly channel = '';
  readonly #callback: () => unknown;
  #triggers = 0;
  /** Counts the node's guard conditions, for the label. */
  readonly #index: number;

  constructor(node: Node, callback: () => unknown, index: number) {
    super(node);
    this.#callback = callback;
    this.#index = index;
  }

  get label(): string {
    return this.describe(`guard condition ${this.#index}`);
  }

  trigger(): void {
    this.assertAlive('trigger guard condition');
    this.#triggers++;
    this.engine.enqueue(this);
  }

  override pendingEvents(): number {
    return this.#triggers;
  }

  execute(): unknown {
    if (this.isDestroyed() || this.#triggers === 0 || !this.mayRun()) return SKIPPED;
    this.#triggers--;
    return this.#callback();
  }
}
