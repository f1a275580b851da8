import { TypeValidationError } from '../../ros/rclErrors.js';
import { currentPort } from '../currentPort.js';
import { uuidText } from './goals.js';

/** rclnodejs's ActionUuid: a goal id. Random ones come from the run's seeded goal-id stream. */
export class ActionUuid {
  /** Named as rclnodejs names it (its tests and programs read it). */
  readonly _bytes: Uint8Array;

  constructor(bytes?: Uint8Array) {
    if (bytes !== undefined && bytes !== null && !(bytes instanceof Uint8Array)) {
      throw new TypeValidationError('bytes', bytes, 'Uint8Array', { entityType: 'action uuid' });
    }
    this._bytes = bytes ?? currentPort().nextGoalId();
  }

  static fromBytes(bytes: Uint8Array): ActionUuid {
    return new ActionUuid(bytes);
  }

  static random(): ActionUuid {
    return new ActionUuid();
  }

  static fromMessage(message: { uuid: Uint8Array }): ActionUuid {
    return new ActionUuid(message.uuid);
  }

  static randomMessage(): { uuid: Uint8Array } {
    return ActionUuid.random().toMessage();
  }

  get bytes(): Uint8Array {
    return this._bytes;
  }

  toString(): string {
    return uuidText(this.toMessage());
  }

  /** A unique_identifier_msgs/msg/UUID. */
  toMessage(): { uuid: Uint8Array } {
    return { uuid: this._bytes };
  }
}
