import { NodePatterns } from '../ros/NodePatterns.js';
import type { HostConfig, PositionSource } from './config.js';
import type { Point } from './geometry.js';

/** A machine of the network: the nodes it runs and where its antenna is. */
export class Host {
  readonly index: number;
  readonly name: string;
  readonly #patterns: NodePatterns;
  readonly #position: PositionSource;
  /** Where the topic last put it (topic-fed hosts), or its initial position. */
  #reported: Point | null;

  constructor(index: number, config: HostConfig) {
    this.index = index;
    this.name = config.name;
    this.#patterns = new NodePatterns(config.nodes);
    this.#position = config.position;
    this.#reported = config.position.kind === 'topic' ? config.position.initial : null;
  }

  /** Whether a node (fully qualified name, and name) belongs here by one of its patterns. */
  claims(fullyQualifiedName: string, name: string): boolean {
    return this.#patterns.matches(fullyQualifiedName, name);
  }

  /** The topic whose poses place it, if any. */
  get positionTopic(): string | null {
    return this.#position.kind === 'topic' ? this.#position.topic : null;
  }

  report(position: Point): void {
    this.#reported = position;
    this.poseReceived = true;
  }

  /** Whether its topic ever gave it a pose. */
  poseReceived = false;

  /** Where the world's body it rides is now (a body-placed host); null until the world says. */
  #body: (() => Point | null) | null = null;

  /** The model it rides, by its name: what `follow` is for (null for other hosts). */
  get body(): string | null {
    return this.#position.kind === 'body' ? this.#position.body : null;
  }

  /** Places it where `where` says, whenever asked: a body of the world. */
  follow(where: () => Point | null): void {
    this.#body = where;
  }

  /** Where it is at `now` (ns after the start); null while a topic-fed host has no pose yet. */
  positionAt(now: number): Point | null {
    const source = this.#position;
    switch (source.kind) {
      case 'fixed':
        return source.at;
      case 'topic':
        return this.#reported;
      case 'waypoints':
        return interpolate(source.points, now);
      case 'body':
        return this.#body === null ? null : this.#body();
    }
  }
}

function interpolate(points: readonly { at: number; position: Point }[], now: number): Point {
  if (now <= points[0]!.at) return points[0]!.position;
  for (let i = 1; i < points.length; i++) {
    const next = points[i]!;
    if (now < next.at) {
      const previous = points[i - 1]!;
      const f = (now - previous.at) / (next.at - previous.at);
      const a = previous.position;
      const b = next.position;
      return { x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y), z: a.z + f * (b.z - a.z) };
    }
  }
  return points[points.length - 1]!.position;
}
