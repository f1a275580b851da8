import type { MessageInput, MessageOf } from '../interfaces/typeMaps.js';
import type { NodePort, PublishSink } from '../port/NodePort.js';
import { Endpoint } from './Entity.js';
import type { EventHandler } from './EventHandler.js';
import { requireInterface } from './interfaceClasses.js';
import { type ValidationOptions, ValidationSetting } from './messageValidation.js';
import type { Options } from './Node.js';

/** What publish takes: (part of) a message of the type, a bare value for a one-field type, or CDR bytes. */
export type PublishInput<T> = MessageInput<MessageOf<T>> | string | number | bigint | boolean | Buffer;

/** What the node made a publisher with. */
export interface EndpointInit {
  id: number;
  type: string;
  topic: string;
  options: Options;
  loggerName: string;
  /** Where its messages go (the port's createPublisher gives it). */
  sink: PublishSink;
}

/** rclnodejs's Publisher as a client of the node port: what it publishes, the simulation delivers to each matched subscription. */
export class Publisher<T extends string = string> extends Endpoint {
  readonly #port: NodePort;
  readonly #sink: PublishSink;
  readonly topic: string;
  readonly typeName: string;
  readonly #validation: ValidationSetting;
  /** Its event handlers (rclnodejs's EventHandler), destroyed with it. */
  readonly eventHandlers: EventHandler[] = [];

  constructor(port: NodePort, init: EndpointInit, validation = new ValidationSetting()) {
    super(init.options, init.loggerName, init.id);
    this.#port = port;
    this.#sink = init.sink;
    this.typeName = init.type;
    this.topic = init.topic;
    this.#validation = validation;
  }

  /** rclnodejs's message class of the type. */
  get typeClass(): unknown {
    return requireInterface(this.typeName);
  }

  get subscriptionCount(): number {
    return this.#port.entityOp(this.id, 'subscriptionCount', []) as number;
  }

  /**
   * Whether every reliable message it sent has been acknowledged: true at once without a network
   * (deliveries are complete when publish returns); across one, whether none is still on its
   * way now — a simulation cannot block for the timeout, sim time moves only between callbacks.
   */
  waitForAllAcked(_timeout?: bigint | number): boolean {
    return this.#port.entityOp(this.id, 'waitForAllAcked', []) as boolean;
  }

  /** Asserts a MANUAL_BY_TOPIC publisher's liveliness, as a write does (AUTOMATIC ones need nothing). */
  assertLiveliness(): void {
    this.assertAlive('assert liveliness');
    this.#port.entityOp(this.id, 'assertLiveliness', []);
  }

  /** The GID as graph queries give it (rclnodejs's `endpoint_gid`): its 16 bytes. */
  endpointGid(): number[] {
    return this.#port.entityOp(this.id, 'gid', []) as number[];
  }

  get willValidateMessage(): boolean {
    return this.#validation.enabled;
  }

  set willValidateMessage(enabled: boolean) {
    this.#validation.enabled = enabled;
  }

  setValidation(options: ValidationOptions): void {
    this.#validation.update(options);
  }

  /** `options.validate` checks this message (or not) whatever `validateMessages` says. */
  publish(message: PublishInput<T>, options?: { validate?: boolean }): void {
    this.assertAlive('publish on', this.topic);
    // No options object made per publish: this is the path of every message.
    this.#validation.check(message, this.typeName, options?.validate);
    this.#sink.publish(message as never);
  }
}
