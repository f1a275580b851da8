import { createRequire } from 'node:module';
import type { Observable, Subject } from 'rxjs';
import type { Subscription } from './Subscription.js';

// Loaded with the first observable subscription: most runs make none, and rxjs is many modules.
const require = createRequire(import.meta.url);

/**
 * rclnodejs's ObservableSubscription: a subscription whose messages are an RxJS Observable, so
 * programs compose them with RxJS operators. Messages are emitted from the subscription's
 * callback, so operators run in that callback's turn of the simulation.
 */
export class ObservableSubscription {
  readonly #subscription: Subscription;
  readonly #subject: Subject<unknown> = new (require('rxjs') as typeof import('rxjs')).Subject<unknown>();
  #destroyed = false;

  constructor(subscription: Subscription) {
    this.#subscription = subscription;
  }

  get observable(): Observable<unknown> {
    return this.#subject.asObservable();
  }

  get subscription(): Subscription {
    return this.#subscription;
  }

  get topic(): string {
    return this.#subscription.topic;
  }

  get isDestroyed(): boolean {
    return this.#destroyed;
  }

  emit(message: unknown): void {
    if (!this.#destroyed) this.#subject.next(message);
  }

  /** Completes the observable; the subscription itself stays until its node destroys it. */
  complete(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#subject.complete();
  }

  destroy(): void {
    this.complete();
  }
}
