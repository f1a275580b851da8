import type { NodePort } from '../port/NodePort.js';
import type { NodeEntities } from './NodeEntities.js';

/** An action client or server: its type and the entities it is made of, which rclnodejs lists under the action only. */
export interface ActionParts {
  readonly actionTypeName: string;
  readonly parts: readonly { readonly id: number }[];
  destroy(): void;
}

/** A node's action clients and servers, and the simulation's ids of them (rclcpp's node_waitables holds actions). */
export class NodeActions {
  readonly #port: NodePort;
  readonly #node: number;
  readonly #entities: NodeEntities;
  readonly clients: ActionParts[] = [];
  readonly servers: ActionParts[] = [];
  readonly #ids = new Map<ActionParts, number>();

  constructor(port: NodePort, node: number, entities: NodeEntities) {
    this.#port = port;
    this.#node = node;
    this.#entities = entities;
  }

  addClient(client: ActionParts): void {
    this.clients.push(client);
    this.#add(client);
  }

  addServer(server: ActionParts): void {
    this.servers.push(server);
    this.#add(server);
  }

  #add(action: ActionParts): void {
    this.#ids.set(
      action,
      this.#port.addAction(
        this.#node,
        action.actionTypeName,
        action.parts.map((part) => part.id),
      ),
    );
  }

  /** A destroyed action client or server: the entities it was made of go with it (the simulation's too, while the node lives). */
  remove(action: ActionParts, nodeDestroyed: boolean): void {
    for (const list of [this.clients, this.servers]) {
      const index = list.indexOf(action);
      if (index >= 0) list.splice(index, 1);
    }
    const id = this.#ids.get(action);
    if (id === undefined || nodeDestroyed) return;
    this.#ids.delete(action);
    for (const part of action.parts) this.#entities.forget(part.id);
    this.#port.removeAction(this.#node, id);
  }

  /** The node is destroyed: so is each of its actions (which calls remove). */
  destroyAll(): void {
    for (const action of [...this.clients, ...this.servers]) action.destroy();
  }
}
