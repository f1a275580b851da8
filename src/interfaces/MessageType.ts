import type { MessageDefinition, MessageDefinitionField } from '@foxglove/message-definition';
import type { Hash64 } from '../base/Hash64.js';
import { InterfaceError, lineOfField, type OwnDefinition } from './definitionText.js';
import type { Message } from './plainMessages.js';
import { isTypedArray, PRIMITIVES, type Primitive, primitiveDefault } from './primitives.js';

/** A message value that does not fit its type: says where (field path), what was expected and what came. */
export class MessageError extends TypeError {
  readonly path: string;

  constructor(path: string, message: string) {
    super(message);
    this.name = 'MessageError';
    this.path = path;
  }
}

interface MessageTypes {
  message(name: string): MessageType;
}

/** How to check, convert and copy one field; compiled once per type. */
interface FieldPlan {
  name: string;
  /** `share`: numeric arrays already of the right typed-array class are kept, not copied. */
  normalize(value: unknown, path: string, share: boolean, strict: boolean): unknown;
  makeDefault(): unknown;
  /** Mixes a value of the field (as normalize or CDR decoding made it) into a hash. */
  digest(value: unknown, hash: Hash64): void;
}

const SEPARATOR = '='.repeat(80);

/**
 * A message type with its definition: default-valued objects, a compiled normalizer that
 * validates a value (field paths in its errors), converts it to rclnodejs's representation and
 * copies it, the definitions for CDR, and the full dependency text rosbag2 stores as schema.
 */
export class MessageType {
  readonly name: string;
  readonly own: OwnDefinition;
  /** Constants, by name, as rclnodejs exposes them on message classes. */
  readonly constants: Record<string, unknown>;
  /** Field names in definition order. */
  readonly fieldNames: readonly string[];
  readonly #registry: MessageTypes;
  readonly #fields: MessageDefinitionField[];
  #plan: FieldPlan[] | null = null;
  #digestFields: ((message: Message, hash: Hash64) => void) | null = null;
  #normalizeFields: ((input: Record<string, unknown>, path: string, share: boolean, strict: boolean) => Message) | null = null;
  #dependencies: MessageType[] | null = null;
  #decodedFixup: ((message: Message) => void) | null | undefined = undefined;
  #encodedForm: ((message: Message) => Message) | null | undefined = undefined;

  constructor(own: OwnDefinition, registry: MessageTypes) {
    this.name = own.name;
    this.own = own;
    this.#registry = registry;
    this.#fields = own.fields.filter((f) => !f.isConstant);
    this.fieldNames = this.#fields.map((f) => f.name);
    this.constants = Object.fromEntries(own.fields.filter((f) => f.isConstant).map((f) => [f.name, f.value]));
  }

  /** The fields (not constants), in definition order. */
  get fields(): readonly MessageDefinitionField[] {
    return this.#fields;
  }

  /** The message type of a complex field. */
  fieldMessageType(field: MessageDefinitionField): MessageType {
    return this.#registry.message(field.type);
  }

  /** Every type this one contains, transitively, each once, in first-use order. */
  get dependencies(): MessageType[] {
    if (this.#dependencies === null) this.#dependencies = this.#collect([this.name]);
    return this.#dependencies;
  }

  /** This type and its dependencies as @foxglove/message-definition definitions (for CDR). */
  definitions(): MessageDefinition[] {
    return [this, ...this.dependencies].map((type) => ({ name: type.name, definitions: type.#fields }));
  }

  /** rosbag2's `ros2msg` schema text: the type's own text, then each dependency's after a separator. */
  fullText(): string {
    const blocks = [this.own.text.trimEnd()];
    for (const dep of this.dependencies) blocks.push(`${SEPARATOR}\nMSG: ${dep.name.replace('/msg/', '/')}\n${dep.own.text.trimEnd()}`);
    return `${blocks.join('\n')}\n`;
  }

  /**
   * What turns a decoded message into rclnodejs's shape: CDR readers give a `char` the uint8
   * they read, rclnodejs an int8 (the same byte). Changes the message in place; null when the
   * type holds no char anywhere.
   */
  get decodedFixup(): ((message: Message) => void) | null {
    if (this.#decodedFixup !== undefined) return this.#decodedFixup;
    const steps: ((message: Message) => void)[] = [];
    for (const field of this.#fields) {
      const name = field.name;
      if (this.own.declared.get(name) === 'char') {
        steps.push(
          field.isArray === true
            ? (m) => {
                const bytes = m[name] as Uint8Array;
                m[name] = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
              }
            : (m) => {
                m[name] = ((m[name] as number) << 24) >> 24;
              },
        );
      } else if (field.isComplex === true) {
        const nested = this.#registry.message(field.type).decodedFixup;
        if (nested === null) continue;
        steps.push(field.isArray === true ? (m) => (m[name] as Message[]).forEach(nested) : (m) => nested(m[name] as Message));
      }
    }
    this.#decodedFixup = steps.length === 0 ? null : (m) => steps.forEach((step) => step(m));
    return this.#decodedFixup;
  }

  /**
   * The other way: the CDR writer takes a char array (an Int8Array here) only as a Uint8Array.
   * Gives a shallow copy with such arrays as Uint8Array views of the same bytes (the message is
   * not changed); null when the type holds no char array anywhere.
   */
  get encodedForm(): ((message: Message) => Message) | null {
    if (this.#encodedForm !== undefined) return this.#encodedForm;
    const steps: ((copy: Message) => void)[] = [];
    for (const field of this.#fields) {
      const name = field.name;
      if (this.own.declared.get(name) === 'char' && field.isArray === true) {
        steps.push((copy) => {
          const bytes = copy[name] as Int8Array;
          copy[name] = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
        });
      } else if (field.isComplex === true) {
        const nested = this.#registry.message(field.type).encodedForm;
        if (nested === null) continue;
        steps.push(
          field.isArray === true ? (copy) => (copy[name] = (copy[name] as Message[]).map(nested)) : (copy) => (copy[name] = nested(copy[name] as Message)),
        );
      }
    }
    this.#encodedForm =
      steps.length === 0
        ? null
        : (message) => {
            const copy = { ...message };
            for (const step of steps) step(copy);
            return copy;
          };
    return this.#encodedForm;
  }

  /** One field's value checked and converted as `normalize` would (a message class's setter). */
  normalizeField(name: string, value: unknown, strict = false): unknown {
    const field = this.#compiled().find((f) => f.name === name);
    if (field === undefined) throw new MessageError(name, `unknown field of ${this.name}`);
    try {
      return field.normalize(value, name, false, strict);
    } catch (error) {
      if (error instanceof MessageError) error.message = `invalid ${this.name}: field '${error.path}': ${error.message}`;
      throw error;
    }
  }

  createDefault(): Message {
    const message: Message = {};
    for (const field of this.#compiled()) message[field.name] = field.makeDefault();
    return message;
  }

  /**
   * A checked, converted private copy of `value`: missing fields take their defaults (as
   * rclnodejs fills them); wrong types, out-of-range integers and too long arrays or strings are
   * errors naming the field path. With `share` (zero-copy publishing), typed arrays of the right
   * class are taken over instead of copied.
   *
   * Unless `strict`, it is as lenient as rclnodejs's message classes: unknown fields are ignored,
   * numeric strings, booleans and bigints become numbers (integers truncated, as rclnodejs's
   * byte writes do), integer strings become 64-bit integers, any primitive a bool (its truth), a
   * one-character string or a negative byte a `char`. Garbage (a non-numeric string), values out
   * of range and wrong shapes stay errors.
   */
  normalize(value: unknown, share = false, strict = true): Message {
    try {
      return this.#normalize(value, '', share, strict);
    } catch (error) {
      if (error instanceof MessageError) {
        error.message = `invalid ${this.name}: ${error.path === '' ? '' : `field '${error.path}': `}${error.message}`;
      }
      throw error;
    }
  }

  /**
   * What user code passed to publish/send, as a private message: a bare value on a type with
   * one field fills that field (rclnodejs lets `publish('text')` fill `data`).
   */
  toMessage(value: unknown, share = false, strict = true): Message {
    if ((typeof value !== 'object' || value === null) && this.fieldNames.length === 1 && value !== undefined && value !== null) {
      return this.normalize({ [this.fieldNames[0]!]: value }, share, strict);
    }
    return this.normalize(value, share, strict);
  }

  /**
   * Digest of a message of this type (as normalize or CDR decoding made it), for the run
   * fingerprint: its values in field order, left in `hash.digestLo`/`digestHi` (reset first).
   */
  digest(message: Message, hash: Hash64): Hash64 {
    this.digestInto(message, hash.reset());
    return hash.finish();
  }

  /** Mixes a message of this type, nested or not, into a running hash. */
  digestInto(message: Message, hash: Hash64): void {
    (this.#digestFields ??= compileDigest(this.#compiled()))(message, hash);
  }

  /** `normalize` for a message nested at `path` of another (errors carry the full path). */
  normalizeAt(value: unknown, path: string, share: boolean, strict: boolean): Message {
    return this.#normalize(value, path, share, strict);
  }

  #normalize(value: unknown, path: string, share: boolean, strict: boolean): Message {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) {
      throw new MessageError(path, `expected a ${this.name} message object, got ${describe(value)}`);
    }
    this.#normalizeFields ??= compileNormalize(this.#compiled(), (input, at) => this.#rejectUnknown(input, at));
    return this.#normalizeFields(value as Record<string, unknown>, path, share, strict);
  }

  #rejectUnknown(input: Record<string, unknown>, path: string): void {
    for (const key of Object.keys(input)) {
      if (input[key] !== undefined && !this.fieldNames.includes(key)) {
        const fields = this.fieldNames.length === 0 ? 'it has no fields' : `its fields are ${this.fieldNames.join(', ')}`;
        throw new MessageError(path === '' ? key : `${path}.${key}`, `unknown field of ${this.name} (${fields})`);
      }
    }
  }

  #compiled(): FieldPlan[] {
    if (this.#plan === null) {
      void this.dependencies; // resolves every nested type first, so a cycle is an error here
      this.#plan = this.#fields.map((field) => this.#planField(field));
    }
    return this.#plan;
  }

  #collect(stack: string[]): MessageType[] {
    const found: MessageType[] = [];
    for (const field of this.#fields) {
      if (!field.isComplex) continue;
      const where = `${this.own.file}:${this.own.firstLine + lineOfField(this.own.text, field.name)}`;
      if (stack.includes(field.type)) {
        throw new InterfaceError(`${where}: type cycle ${[...stack, field.type].join(' -> ')}`);
      }
      let type: MessageType;
      try {
        type = this.#registry.message(field.type);
      } catch (error) {
        if (error instanceof InterfaceError) {
          throw new InterfaceError(`${where}: field '${field.name}' of ${this.name}: ${error.message}`);
        }
        throw error;
      }
      for (const dep of [type, ...type.#collect([...stack, type.name])]) if (!found.includes(dep)) found.push(dep);
    }
    return found;
  }

  #planField(field: MessageDefinitionField): FieldPlan {
    const { name } = field;
    const element = field.isComplex
      ? complexElement(this.#registry.message(field.type))
      : primitiveElement(field, this.own.declared.get(field.name) === 'char');
    if (!field.isArray) {
      const fallback = field.defaultValue;
      return {
        name,
        normalize: element.normalize,
        makeDefault: fallback === undefined ? element.makeDefault : () => element.normalize(fallback, name, false, true),
        digest: element.digest,
      };
    }
    return arrayPlan(field, element);
  }
}

interface Element {
  /** What the type is called in errors. */
  expected: string;
  normalize(value: unknown, path: string, share: boolean, strict: boolean): unknown;
  makeDefault(): unknown;
  digest(value: unknown, hash: Hash64): void;
  primitive?: Primitive;
}

function complexElement(type: MessageType): Element {
  return {
    expected: `a ${type.name} message object`,
    normalize: (value, path, share, strict) => type.normalizeAt(value, path, share, strict),
    makeDefault: () => type.createDefault(),
    digest: (value, hash) => type.digestInto(value as Message, hash),
  };
}

/** What rclnodejs's numeric fields make of a value that is no number (Node's `+value`); NaN for garbage. */
function looseNumber(value: unknown): number {
  if (typeof value === 'string') return value.trim() === '' ? NaN : Number(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return Number(value);
  return NaN;
}

/** rclnodejs's `char` is int8 (the parsers fold the declared type into uint8; the byte is the same). */
const CHAR = PRIMITIVES.int8!;

function primitiveElement(field: MessageDefinitionField, declaredChar: boolean): Element {
  const primitive = declaredChar ? CHAR : PRIMITIVES[field.type];
  if (primitive === undefined) throw new InterfaceError(`unknown primitive type '${field.type}'`);
  const bound = field.upperBound;
  switch (primitive.kind) {
    case 'integer': {
      const [min, max] = [primitive.min as number, primitive.max as number];
      const expected = `${declaredChar ? 'char' : field.type} (an integer in [${min}, ${max}])`;
      return {
        expected,
        primitive,
        digest: digestInteger,
        makeDefault: () => 0,
        normalize: (value, path, _share, strict) => {
          let n = typeof value === 'bigint' ? Number(value) : value;
          if (!strict && (typeof n !== 'number' || !Number.isInteger(n))) {
            // rclnodejs's char takes a one-character string as its code.
            if (declaredChar && typeof n === 'string' && n.length === 1) n = n.charCodeAt(0);
            n = Math.trunc(typeof n === 'number' ? n : looseNumber(n));
          }
          // A char given as the byte (128…255) is the same byte on the wire.
          if (typeof n === 'number' && !strict && declaredChar && n > 127 && n <= 255) return n - 256;
          if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) throw mismatch(path, expected, value);
          return n;
        },
      };
    }
    case 'bigint': {
      const [min, max] = [primitive.min as bigint, primitive.max as bigint];
      const expected = `${field.type} (a bigint in [${min}, ${max}])`;
      return {
        expected,
        primitive,
        digest: min < 0n ? digestInt64 : digestUint64,
        makeDefault: () => 0n,
        normalize: (value, path, _share, strict) => {
          let n = typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
          if (!strict && typeof n === 'string' && /^\s*[-+]?\d+\s*$/.test(n)) n = BigInt(n.trim());
          if (typeof n !== 'bigint' || n < min || n > max) throw mismatch(path, expected, value);
          return n;
        },
      };
    }
    case 'float': {
      // A float32 holds what 32 bits hold, as a subscriber of rclnodejs gets it back from CDR.
      const width = primitive.array === Float32Array ? Math.fround : (n: number) => n;
      return {
        expected: `${field.type} (a number)`,
        primitive,
        digest: digestFloat,
        makeDefault: () => 0,
        normalize: (value, path, _share, strict) => {
          if (typeof value === 'number') return width(value);
          const n = strict ? NaN : looseNumber(value);
          if (Number.isNaN(n)) throw mismatch(path, `${field.type} (a number)`, value);
          return width(n);
        },
      };
    }
    case 'bool':
      return {
        expected: 'bool (true or false)',
        primitive,
        digest: digestBool,
        makeDefault: () => false,
        normalize: (value, path, _share, strict) => {
          if (typeof value === 'boolean') return value;
          if (strict || (typeof value === 'object' && value !== null) || typeof value === 'function') {
            throw mismatch(path, 'bool (true or false)', value);
          }
          return Boolean(value);
        },
      };
    case 'string': {
      const expected = bound === undefined ? field.type : `${field.type}<=${bound}`;
      return {
        expected,
        primitive,
        digest: digestString,
        makeDefault: () => '',
        normalize: (value, path) => {
          if (typeof value !== 'string') throw mismatch(path, `${expected} (a string)`, value);
          if (bound !== undefined && value.length > bound) {
            throw new MessageError(path, `expected ${expected}: at most ${bound} characters, got ${value.length}`);
          }
          return value;
        },
      };
    }
  }
}

function arrayPlan(field: MessageDefinitionField, element: Element): FieldPlan {
  const { name } = field;
  const fixed = field.arrayLength;
  const bound = field.arrayUpperBound;
  const written = `${field.type}[${fixed ?? (bound === undefined ? '' : `<=${bound}`)}]`;
  const TypedArray = element.primitive?.array;
  const build = (items: unknown[]): unknown => (TypedArray ? (TypedArray as unknown as { from(a: unknown[]): unknown }).from(items) : items);
  const fallback = field.defaultValue;
  const makeDefault = (): unknown => {
    if (fallback !== undefined) return normalize(fallback, name, false, true);
    if (fixed === undefined) return build([]);
    return build(Array.from({ length: fixed }, () => (element.primitive ? primitiveDefault(element.primitive) : element.makeDefault())));
  };
  const normalize = (value: unknown, path: string, share: boolean, strict: boolean): unknown => {
    if (!Array.isArray(value) && !isTypedArray(value)) throw mismatch(path, `${written} (an array)`, value);
    const items = value as ArrayLike<unknown>;
    if (fixed !== undefined && items.length !== fixed) {
      throw new MessageError(path, `expected ${written}: exactly ${fixed} items, got ${items.length}`);
    }
    if (bound !== undefined && items.length > bound) {
      throw new MessageError(path, `expected ${written}: at most ${bound} items, got ${items.length}`);
    }
    if (TypedArray && value instanceof TypedArray) return share ? value : (value as unknown as { slice(): unknown }).slice();
    const out = new Array(items.length);
    for (let i = 0; i < items.length; i++) out[i] = element.normalize(items[i], `${path}[${i}]`, share, strict);
    return build(out);
  };
  const digest = (value: unknown, hash: Hash64): void => {
    const items = value as ArrayLike<unknown>;
    hash.word(items.length);
    // Byte arrays (images, point clouds) go four bytes to a word.
    if (value instanceof Uint8Array) hash.bytes(value);
    else if (value instanceof Int8Array) hash.bytes(new Uint8Array(value.buffer, value.byteOffset, value.length));
    else for (let i = 0; i < items.length; i++) element.digest(items[i], hash);
  };
  return { name, normalize, makeDefault, digest };
}

/**
 * Per-type functions that read and write each field by its literal name. A loop over the plan
 * made every field access a megamorphic lookup and every call indirect, and built each message
 * by adding fields one by one; an object literal gives every message of a type one shape (a
 * UInt64 message took 42 ns to digest and 37 to normalize, now 15 and 15; a PoseStamped 600 ns
 * to normalize, now 155). Field names are ROS identifiers, checked when the definition was
 * parsed, and are quoted besides.
 */
function compile<F>(parameters: string[], body: string, args: unknown[]): F {
  return new Function(...parameters, `return ${body};`)(...args) as F;
}

/** Mixes each field's value into the hash, in definition order. */
function compileDigest(plan: FieldPlan[]): (message: Message, hash: Hash64) => void {
  const lines = plan.map((field, i) => `d${i}(m[${JSON.stringify(field.name)}], h);`);
  return compile(
    plan.map((_, i) => `d${i}`),
    `function digest(m, h) {\n${lines.join('\n')}\n}`,
    plan.map((f) => f.digest),
  );
}

/**
 * Normalizes each field (missing ones take their defaults) in definition order, then, when
 * strict, rejects unknown fields: their count is compared with the input's keys, counted with for-in, which
 * allocates nothing (an inherited enumerable key only sends the check to the exact path).
 */
function compileNormalize(
  plan: FieldPlan[],
  rejectUnknown: (input: Record<string, unknown>, path: string) => void,
): (input: Record<string, unknown>, path: string, share: boolean, strict: boolean) => Message {
  const lines = plan.map((field, i) => {
    const name = JSON.stringify(field.name);
    const nested = JSON.stringify(`.${field.name}`);
    return `v = input[${name}];\nconst f${i} = v === undefined ? m${i}() : (known++, n${i}(v, path === '' ? ${name} : path + ${nested}, share, strict));`;
  });
  const fields = plan.map((field, i) => `${JSON.stringify(field.name)}: f${i}`).join(', ');
  const body =
    `function normalize(input, path, share, strict) {\nlet known = 0;\nlet v;\n${lines.join('\n')}\n` +
    `if (strict) {\nlet keys = 0;\nfor (const _ in input) keys++;\nif (known !== keys) reject(input, path);\n}\nreturn { ${fields} };\n}`;
  const parameters = [...plan.map((_, i) => `n${i}`), ...plan.map((_, i) => `m${i}`), 'reject'];
  return compile(parameters, body, [...plan.map((f) => f.normalize), ...plan.map((f) => f.makeDefault), rejectUnknown]);
}

// Primitive values into a hash, one function per kind of field (each sees one type of value).
// normalize and CDR decoding give a field's values the same JavaScript type, so a message
// digests alike however it was made; a float that is a whole number digests as that integer.
const digestInteger = (value: unknown, hash: Hash64): void => hash.integer(value as number);
const digestUint64 = (value: unknown, hash: Hash64): void => hash.uint64(value as bigint);
const digestInt64 = (value: unknown, hash: Hash64): void => hash.int64(value as bigint);
const digestBool = (value: unknown, hash: Hash64): void => hash.word(value === true ? 1 : 0);
const digestString = (value: unknown, hash: Hash64): void => hash.string(value as string);
function digestFloat(value: unknown, hash: Hash64): void {
  if (Number.isSafeInteger(value)) hash.integer(value as number);
  else hash.float(value as number);
}

function mismatch(path: string, expected: string, value: unknown): MessageError {
  return new MessageError(path, `expected ${expected}, got ${describe(value)}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  switch (typeof value) {
    case 'string':
      return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'bigint':
      return `bigint ${value}`;
    case 'object':
      return 'an object';
    default:
      return `${typeof value} ${String(value)}`;
  }
}
