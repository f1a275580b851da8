import { holding } from '../../base/byId.js';
import { truncate } from '../../base/truncate.js';
import type { Executable } from '../Executable.js';

/**
 * Entities in the order they were added, each once. Membership is kept by entity id (ids are
 * dense in a run): an array lookup where a Set would hash the object, before every callback.
 */
export class EntitySet {
  #items: Executable[] = [];
  #members = new Uint8Array(256);

  get size(): number {
    return this.#items.length;
  }

  /** In the order they were added. */
  get items(): readonly Executable[] {
    return this.#items;
  }

  add(entity: Executable): void {
    const id = entity.entityId;
    this.#members = holding(this.#members, id);
    if (this.#members[id] === 1) return;
    this.#members[id] = 1;
    this.#items.push(entity);
  }

  has(entity: Executable): boolean {
    return this.#members[entity.entityId] === 1;
  }

  delete(entity: Executable): void {
    if (this.#members[entity.entityId] !== 1) return;
    this.#members[entity.entityId] = 0;
    this.#items.splice(this.#items.indexOf(entity), 1);
  }

  /** Keeps the entities `keep` says yes to, in their order. */
  retain(keep: (entity: Executable) => boolean): void {
    const items = this.#items;
    let kept = 0;
    for (let i = 0; i < items.length; i++) {
      const entity = items[i]!;
      if (keep(entity)) items[kept++] = entity;
      else this.#members[entity.entityId] = 0;
    }
    truncate(items, kept);
  }
}
