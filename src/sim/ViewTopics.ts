import { serializeMessage } from '../interfaces/cdr.js';
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';

/** A topic a run shows its viewers (WorldScene's scene of the world). */
export interface ViewTopic {
  readonly topic: string;
  readonly typeName: string;
  readonly type: MessageType;
  /** Its last message is what a viewer needs first (the static scene): transient local, as a latched topic. */
  readonly latched: boolean;
}

/** One message on a view topic, at `timeNs` (absolute sim time). */
export interface ViewMessage {
  readonly topic: ViewTopic;
  readonly message: Message;
  readonly timeNs: bigint;
  /** Its CDR bytes, serialized once for every viewer. */
  bytes(): Uint8Array;
}

/** Who watches view topics: told of each topic once, before its first message, and of each message. */
export interface ViewWatcher {
  declared?(topic: ViewTopic): void;
  message(message: ViewMessage): void;
}

/**
 * Topics a run shows those who look at it (its recordings, its live view) that no node publishes:
 * the world as Foxglove's 3D panel draws it. They are no outputs of the run: nothing subscribes
 * to them, the fingerprint and traces never see them, so a run is the same whether anyone
 * records or watches them. A producer declares its topics and posts their messages; `finish`
 * (the run ended) lets producers post what they still hold.
 */
export class ViewTopics {
  readonly #interfaces: InterfaceRegistry;
  readonly #watchers: { topics: ReadonlySet<string> | null; watcher: ViewWatcher }[] = [];
  readonly #finishers: (() => void)[] = [];

  constructor(interfaces: InterfaceRegistry) {
    this.#interfaces = interfaces;
  }

  /** Watches `topics` (null: every view topic). */
  watch(topics: readonly string[] | null, watcher: ViewWatcher): void {
    this.#watchers.push({ topics: topics === null ? null : new Set(topics), watcher });
  }

  /** Whether anyone watches `topic`. */
  watched(topic: string): boolean {
    return this.#watchers.some(({ topics }) => topics === null || topics.has(topic));
  }

  /** A producer's topic, told to its watchers. */
  declare(topic: string, typeName: string, latched: boolean): ViewTopic {
    const declared: ViewTopic = { topic, typeName, type: this.#interfaces.message(typeName), latched };
    for (const { topics, watcher } of this.#watchers) if (topics === null || topics.has(topic)) watcher.declared?.(declared);
    return declared;
  }

  post(topic: ViewTopic, message: Message, timeNs: bigint): void {
    let bytes: Uint8Array | undefined;
    const posted: ViewMessage = { topic, message, timeNs, bytes: () => (bytes ??= serializeMessage(topic.type, message)) };
    for (const { topics, watcher } of this.#watchers) if (topics === null || topics.has(topic.topic)) watcher.message(posted);
  }

  /** `finish` is called when the run ends, before its recordings are closed. */
  onFinish(finish: () => void): void {
    this.#finishers.push(finish);
  }

  /** The run ended: producers post what they still hold. */
  finish(): void {
    for (const finish of this.#finishers.splice(0)) finish();
  }
}
