import type { Publisher, PublishInput } from '../Publisher.js';

/**
 * rclnodejs's LifecyclePublisher: publishes only while activated (its node activates it on
 * entering ACTIVE); otherwise the message is dropped with a warning, as rclcpp does.
 */
export class LifecyclePublisher {
  readonly #publisher: Publisher;
  #activated = false;
  #warned = false;

  constructor(publisher: Publisher) {
    this.#publisher = publisher;
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
      this.#publisher.node.getLogger().warn(`Trying to publish message on the topic '${this.topic}', but the publisher is not activated`);
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
