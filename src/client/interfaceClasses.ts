import { deserializeMessage as fromCdr, serializeMessage as toCdr } from '../interfaces/cdr.js';
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';
import { interfaceTypeName, type TypeClass } from '../interfaces/typeNames.js';
import { TypeValidationError } from '../ros/rclErrors.js';
import { currentPort } from './currentPort.js';
import { type MessageSchema, messageSchema } from './messageValidation.js';

/** A generated message class, as `rclnodejs.require('pkg/msg/Type')` returns one. */
export interface MessageClass {
  new (init?: Record<string, unknown>): Message;
  type(): { pkgName: string; subFolder: string; interfaceName: string };
  [constant: string]: unknown;
}

const classes = new WeakMap<MessageType, MessageClass>();

function registry(): InterfaceRegistry {
  return currentPort().interfaces;
}

/** The class of a message type: defaults from the definition, constants as static members. */
export function messageClass(type: MessageType): MessageClass {
  let cls = classes.get(type);
  if (cls !== undefined) return cls;
  const [pkgName, subFolder, interfaceName] = type.name.split('/') as [string, string, string];
  const MessageClassOfType = class {
    /** Fields are own accessors: a setter checks and converts the value as publishing would. */
    constructor(init: Record<string, unknown> = {}) {
      const values = type.createDefault();
      for (const name of type.fieldNames) {
        Object.defineProperty(this, name, {
          get: () => values[name],
          set: (value: unknown) => (values[name] = type.normalizeField(name, value, currentPort().strictMessages)),
          enumerable: true,
        });
      }
      for (const [name, value] of Object.entries(init ?? {})) if (type.fieldNames.includes(name)) (this as Record<string, unknown>)[name] = value;
    }

    static type(): { pkgName: string; subFolder: string; interfaceName: string } {
      return { pkgName, subFolder, interfaceName };
    }

    static get classType(): unknown {
      return MessageClassOfType;
    }

    /** A plain copy, as rclnodejs's `toPlainObject()` gives. */
    toPlainObject(): Message {
      return type.normalize(this);
    }

    /** The definition as rclnodejs's generated classes describe it (its validation API reads it). */
    static get ROSMessageDef(): MessageSchema {
      return messageSchema(type);
    }
  };
  Object.defineProperty(MessageClassOfType, 'name', { value: interfaceName });
  Object.assign(MessageClassOfType, type.constants);
  cls = MessageClassOfType as unknown as MessageClass;
  classes.set(type, cls);
  return cls;
}

/**
 * rclnodejs.require('pkg/msg/Type' | 'pkg/srv/Type' | 'pkg/action/Type'): a message class, or
 * an object with the classes of a service's Request/Response or an action's Goal/Result/Feedback.
 * `rclnodejs.require('pkg')` gives the package: `{ msg: { Type: … }, srv: {…}, action: {…} }`;
 * `{ package, type, name }` names one interface.
 */
export function requireInterface(name: string | { package: string; type: string; name: string }): unknown {
  if (typeof name === 'object' && name !== null) {
    if (!name.package || !name.type || !name.name) {
      throw new TypeValidationError('interfaceObject', name, 'object with package, type, and name properties');
    }
    return requireInterface(`${name.package}/${name.type}/${name.name}`);
  }
  if (typeof name !== 'string') throw new TypeValidationError('name', name, 'string');
  if (!name.includes('/')) return interfacePackage(name);
  const [, kind] = name.split('/');
  const interfaces = registry();
  // rclnodejs takes 'package/kind/Name' only: 'std_msgs/String' is no interface to it.
  if (name.split('/').length !== 3) throw new TypeValidationError('name', name, "'package/msg|srv|action/Name'");
  if (kind === 'srv') {
    const service = interfaces.service(interfaceTypeName(name, 'srv'));
    return interfaceClass(name, { Request: messageClass(service.request), Response: messageClass(service.response) });
  }
  if (kind === 'action') {
    const action = interfaces.action(interfaceTypeName(name, 'action'));
    const parts = { Goal: messageClass(action.goal), Result: messageClass(action.result), Feedback: messageClass(action.feedback) };
    return interfaceClass(name, parts);
  }
  return messageClass(interfaces.message(interfaceTypeName(name, 'msg')));
}

/** By the class of the first part (Request or Goal), which is one per type and run. */
const interfaceClasses = new WeakMap<MessageClass, unknown>();

/** A service's or action's class: constructible, with its parts (Request, Response / Goal, …) as statics. */
function interfaceClass(name: string, parts: Record<string, MessageClass>): unknown {
  const first = Object.values(parts)[0]!;
  const known = interfaceClasses.get(first);
  if (known !== undefined) return known;
  const [pkgName, subFolder, interfaceName] = name.split('/') as [string, string, string];
  // biome-ignore lint/complexity/noStaticOnlyClass: rclnodejs's interface classes are classes, their parts statics
  const InterfaceClass = class {
    static type(): { pkgName: string; subFolder: string; interfaceName: string } {
      return { pkgName, subFolder, interfaceName };
    }
  };
  Object.defineProperty(InterfaceClass, 'name', { value: interfaceName });
  Object.assign(InterfaceClass, parts);
  interfaceClasses.set(first, InterfaceClass);
  return InterfaceClass;
}

/** A package's interfaces, each loaded when first read. */
function interfacePackage(pkg: string): Record<'msg' | 'srv' | 'action', Record<string, unknown>> {
  const names = registry().typeNames(pkg);
  if (names.length === 0) throw new Error(`rclnodejs.require: no interface package '${pkg}' (looked in ${pkg}/msg, srv, action of every interface source)`);
  const result = { msg: {}, srv: {}, action: {} } as Record<'msg' | 'srv' | 'action', Record<string, unknown>>;
  for (const typeName of names) {
    const [, kind, interfaceName] = typeName.split('/') as [string, 'msg' | 'srv' | 'action', string];
    Object.defineProperty(result[kind], interfaceName, { get: () => requireInterface(typeName), enumerable: true });
  }
  return result;
}

/** rclnodejs.createMessage: an instance of the message class, defaults filled in. */
export function createMessage(typeClass: TypeClass): Message {
  const cls = typeof typeClass === 'function' ? typeClass : requireInterface(typeClass as string);
  return new (cls as MessageClass)();
}

/** A message of the type with every default filled in (a plain object). */
export function createMessageObject(typeClass: TypeClass): Message {
  const cls = (typeof typeClass === 'function' ? typeClass : requireInterface(typeClass as string)) as MessageClass;
  return registry().message(interfaceTypeName(cls, 'msg')).createDefault();
}

/** CDR bytes of a message, as ROS 2 sends and records them. */
export function serializeMessage(message: unknown, typeClass: TypeClass): Buffer {
  const type = registry().message(interfaceTypeName(typeClass, 'msg'));
  return Buffer.from(toCdr(type, type.toMessage(message, false, currentPort().strictMessages)));
}

export function deserializeMessage(buffer: ArrayBufferView, typeClass: TypeClass): Message {
  return fromCdr(registry().message(interfaceTypeName(typeClass, 'msg')), buffer);
}
