import type { Engine } from '../engine/Engine.js';
import type { Executable } from '../engine/Executable.js';
import type { Executor } from '../engine/executors/Executor.js';
import type { Context } from './Context.js';
import type { Node } from './Node.js';
import type { Program } from './Program.js';
import type { Simulation } from './Simulation.js';

/** What every entity of a node shares: its node, its ids for the fingerprint, its lifetime. */
export abstract class Entity {
  readonly node: Node;
  readonly simulation: Simulation;
  /** The simulation's engine, held directly: it is on the hot path of every event. */
  readonly engine: Engine;
  readonly nodeId: number;
  readonly entityId: number;
  /** The executor that runs its callbacks (its node's); null for the default events executor. */
  executor: Executor | null;
  digestLo = 0;
  digestHi = 0;
  #destroyed = false;
  /**
   * Whether the node spins, kept by the node on each of its entities: it is read before every
   * callback, and a field of the entity costs no extra memory access.
   */
  spinning: boolean;
  /** Executions granted by spinOnce() while the node does not spin. */
  #grants = 0;
  /** The engine's scope of the entity's callbacks: its node's program (read before every callback). */
  readonly scope: Program;

  constructor(node: Node) {
    this.node = node;
    this.spinning = node.spinning;
    this.scope = node.context.program;
    this.simulation = node.context.simulation;
    this.engine = this.simulation.engine;
    this.nodeId = node.nodeId;
    this.entityId = this.simulation.nextEntityId();
    this.executor = node.executor;
  }

  /**
   * A 16-byte GUID for the entity, as DDS gives writers (MessageInfo's publisher GID, service
   * events' client GID): unique in the run, the entity id in its last bytes. From Node.js's
   * buffer pool: a buffer of its own per entity would cost its own ArrayBuffer.
   */
  protected createGid(): Buffer {
    const gid = Buffer.allocUnsafe(16).fill(0);
    gid.writeUInt32BE(this.entityId, 12);
    return gid;
  }

  /** The GID as graph queries give it (rclnodejs's `endpoint_gid`): its 16 bytes. */
  endpointGid(): number[] {
    return [...this.createGid()];
  }

  /** The owning node's fully qualified name (for traces). */
  get owner(): string {
    return this.node.getFullyQualifiedName();
  }

  /**
   * "<what> of node <name>", for errors and traces. Labels are made when asked for, not kept:
   * a graph of ten thousand nodes would otherwise hold a string per entity for its errors.
   */
  protected describe(what: string): string {
    return `${what} of node ${this.owner}`;
  }

  get context(): Context {
    return this.node.context;
  }

  /** A method, as rclnodejs's Entity has it. */
  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** Called by the node when the entity is destroyed; entities release graph and engine state. */
  destroy(): void {
    this.#destroyed = true;
    this.simulation.entityGeneration++;
  }

  /**
   * Whether a callback may run now: always while the node spins; otherwise only when spinOnce()
   * granted it. An event that may not run is held by the node (see Node#park) until it spins.
   */
  protected mayRun(): boolean {
    if (this.spinning) return true;
    if (this.#grants > 0) {
      this.#grants--;
      return true;
    }
    this.node.park(this);
    return false;
  }

  /** From now on `executor` runs its callbacks (see Node#_runIn). */
  _runIn(executor: Executor): void {
    this.executor = executor;
  }

  grant(): void {
    this.#grants++;
  }

  /** The engine-side executable that runs this entity's callbacks. */
  get executable(): Executable {
    return this as unknown as Executable;
  }

  /** How many events the entity could run now (what spin() re-queues for a held entity). */
  pendingEvents(): number {
    return 0;
  }

  /** `subject` comes apart from `what`, so that no message is made on the path of every publish. */
  protected assertAlive(what: string, subject?: string): void {
    if (this.#destroyed) throw new Error(`${subject === undefined ? what : `${what} ${subject}`}: the entity has been destroyed`);
  }
}
