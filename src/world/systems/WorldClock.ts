import type { SystemContext, WorldSystem } from './WorldSystem.js';

/**
 * The world's clock as gz-sim publishes it: a gz.msgs.Clock on `/clock` and `/world/<name>/clock`
 * at every step — while something listens (a bridge to ROS's /clock), since nothing else reads it.
 */
export class WorldClock implements WorldSystem {
  readonly name = 'clock';
  readonly #context: SystemContext;
  readonly #topics: readonly string[];

  constructor(context: SystemContext) {
    this.#context = context;
    this.#topics = ['/clock', `/world/${context.world.description.name}/clock`];
  }

  nextOutput(from: number): number | null {
    return this.#topics.some((topic) => this.#context.bus.heard(topic)) ? from : null;
  }

  output(step: number): void {
    const stampNs = this.#context.stampNs(step);
    for (const topic of this.#topics) this.#context.bus.publish(topic, 'gz.msgs.Clock', { stampNs });
  }
}
