import { EngineTimer } from '../engine/EngineTimer.js';
import type { Executable } from '../engine/Executable.js';
import { NodePatterns } from '../ros/NodePatterns.js';
import { Entity } from './Entity.js';
import type { Node } from './Node.js';

/** Which callbacks a rule of a job names: by node pattern, entity kind and topic or service. */
export interface EntityMatch {
  /** Node-name patterns (NodePatterns; default: every node). */
  nodes?: readonly string[];
  /** An entity kind: timer, subscription, service, client, guard_condition, event (default: any). */
  kind?: string;
  /** A topic or service name (default: any). */
  channel?: string;
}

/** An EntityMatch ready to test executables (execution times, callback groups, rclc handles). */
export class EntitySelector {
  readonly #patterns: NodePatterns;
  readonly #kind: string | undefined;
  readonly #channel: string | undefined;

  constructor(match: EntityMatch) {
    this.#patterns = new NodePatterns(match.nodes ?? ['*']);
    this.#kind = match.kind;
    this.#channel = match.channel;
  }

  matches(executable: Executable): boolean {
    const node = nodeOf(executable);
    return (
      node !== null &&
      this.#patterns.matches(node.getFullyQualifiedName(), node.name()) &&
      (this.#kind === undefined || this.#kind === executable.kind) &&
      (this.#channel === undefined || this.#channel === executable.channel)
    );
  }
}

/** The node whose callback an executable runs (null: a program's JS timer). */
export function nodeOf(executable: Executable): Node | null {
  const entity = executable instanceof EngineTimer ? executable.entity : executable;
  return entity instanceof Entity ? entity.node : null;
}

/** The entity of the node an executable runs the callback of (a timer's rcl Timer). */
export function entityOf(executable: Executable): Entity | null {
  const entity = executable instanceof EngineTimer ? executable.entity : executable;
  return entity instanceof Entity ? entity : null;
}
