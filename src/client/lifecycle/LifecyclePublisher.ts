import type { Logging } from '../Logging.js';
import type { Publisher, PublishInput } from '../Publisher.js';

/**
 * rclnodejs's LifecyclePublisher: publishes only while activated (its node activates it on
 * entering ACTIVE); otherwise the message is dropped with a warning, as rclcpp does.
 */
export class LifecyclePublisher {
  readonly #publisher: Publisher;
  /** Its node's logger, which warns of a message dropped while not activated. */
  readonly #logger: Logging;
  #activated = false;
  #warned = false;

  constructor(publisher: Publisher, logger: Logging) {
    this.#publisher = publisher;
    this.#logger = logger;
  }

  get topic(): string {
    return this.#publisher.topic;
  }

  get subscriptionCount(): number {
    return this.#publisher.subscriptionCount;
  }

  publish(message: PublishInput<string>): void {
    if (this.#activated) {
      this.#publisher.publish(message);
      return;
    }
    if (!this.#warned) {
      this.#warned = true;
      this.#logger.warn(`Trying to publish message on the topic '${this.topic}', but the publisher is not activated`);
    }
  }

  activate(): void {
    this.#activated = true;
    this.#warned = false;
  }

  deactivate(): void {
    this.#activated = false;
  }

  /** What the lifecycle node calls on activation, as rclnodejs's LifecyclePublisher has it. */
  onActivate(): void {
    this.activate();
  }

  onDeactivate(): void {
    this.deactivate();
  }

  isActivated(): boolean {
    return this.#activated;
  }
}
