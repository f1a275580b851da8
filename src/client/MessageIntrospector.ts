import { TypeValidationError } from '../ros/rclErrors.js';
import { type MessageClass, requireInterface } from './interfaceClasses.js';
import type { MessageSchema } from './messageValidation.js';

/** rclnodejs's MessageIntrospector: a message type's field names, schema and default values. */
export class MessageIntrospector {
  readonly #typeName: string;
  readonly #typeClass: MessageClass;

  constructor(typeName: string) {
    if (typeof typeName !== 'string' || typeName === '') {
      throw new TypeValidationError('typeName', typeName, 'non-empty string', { entityType: 'MessageIntrospector' });
    }
    this.#typeName = typeName;
    this.#typeClass = requireInterface(typeName) as MessageClass;
  }

  get typeName(): string {
    return this.#typeName;
  }

  get typeClass(): MessageClass {
    return this.#typeClass;
  }

  get fields(): string[] {
    return this.schema.fields.map((field) => field.name);
  }

  get schema(): MessageSchema {
    return (this.#typeClass as unknown as { ROSMessageDef: MessageSchema }).ROSMessageDef;
  }

  /** A fresh plain message with every default. */
  get defaults(): Record<string, unknown> {
    return (new this.#typeClass() as unknown as { toPlainObject(): Record<string, unknown> }).toPlainObject();
  }
}
