import type { MessageDefinitionField } from '@foxglove/message-definition';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';

/**
 * A message as Python's `repr` shows it in rclpy (what ros2cli prints with `%r`), from its
 * definition: rosidl_generator_py's `__repr__` (`pkg.msg.Name(field=value, …)`, numeric
 * sequences as lists, their `array('d', …)` stripped), Python's repr of str, float, int, bool
 * and bytes (a `byte` is `bytes` of length 1), numpy's repr of fixed-size numeric arrays
 * (`array([0., 0.])`, `dtype=` unless float64 or int64). A .msg `char` is uint8, an int.
 */
export function messageRepr(type: MessageType, message: Message): string {
  const args = type.fields.map((field) => `${field.name}=${fieldRepr(type, field, message[field.name])}`);
  return `${type.name.replace(/\//g, '.')}(${args.join(', ')})`;
}

type Kind = 'float' | 'int' | 'bool' | 'str' | 'bytes' | 'message';

function kindOf(type: MessageType, field: MessageDefinitionField): Kind {
  if (field.isComplex === true) return 'message';
  if (type.own.declared.get(field.name) === 'byte') return 'bytes';
  if (field.type === 'float32' || field.type === 'float64') return 'float';
  if (field.type === 'bool') return 'bool';
  if (field.type === 'string' || field.type === 'wstring') return 'str';
  return 'int';
}

/** numpy's dtype names; rosidl keeps these element types in array.array / numpy. */
const DTYPES: Record<string, string> = {
  float32: 'float32',
  float64: 'float64',
  int8: 'int8',
  uint8: 'uint8',
  char: 'uint8',
  int16: 'int16',
  uint16: 'uint16',
  int32: 'int32',
  uint32: 'uint32',
  int64: 'int64',
  uint64: 'uint64',
};

function fieldRepr(type: MessageType, field: MessageDefinitionField, value: unknown): string {
  const kind = kindOf(type, field);
  const char = type.own.declared.get(field.name) === 'char';
  const one = (item: unknown): string => {
    switch (kind) {
      case 'message':
        return messageRepr(type.fieldMessageType(field), item as Message);
      case 'float':
        return pyFloat(Number(item));
      case 'bool':
        return item ? 'True' : 'False';
      case 'str':
        return pyStr(String(item));
      case 'bytes':
        return pyBytes([Number(item) & 0xff]);
      default:
        // rclnodejs keeps a char as int8; rclpy's (a .msg char is uint8) is the byte.
        return char ? String(Number(item) & 0xff) : String(item);
    }
  };
  if (field.isArray !== true) return one(value);
  const items = Array.from(value as ArrayLike<unknown>);
  if ((kind === 'float' || kind === 'int') && field.arrayLength !== undefined) return numpyRepr(items, DTYPES[char ? 'char' : field.type]!);
  return `[${items.map(one).join(', ')}]`;
}

/** Python's repr of a float: the shortest text that reads back, positional from 1e-4 up to 1e16. */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const { sign, digits, exp } = shortest(x, false);
  if (exp < -4 || exp >= 16)
    return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  const text = positional(digits, exp);
  return `${sign}${text.startsWith('.') ? '0' : ''}${text}${text.endsWith('.') ? '0' : ''}`;
}

/** The shortest decimal digits that read back as `x` (as a float32 when `single`), and the exponent of the first. */
function shortest(x: number, single: boolean): { sign: string; digits: string; exp: number } {
  let text = Math.abs(x).toExponential();
  if (single) {
    for (let p = 1; p <= 9; p++) {
      const candidate = Math.abs(x).toExponential(p - 1);
      if (Math.fround(Number(candidate)) === Math.fround(Math.abs(x))) {
        text = candidate;
        break;
      }
    }
  }
  const [mantissa, exponent] = text.split('e') as [string, string];
  return { sign: x < 0 ? '-' : '', digits: mantissa.replace('.', '').replace(/0+$/, '') || '0', exp: Number(exponent) };
}

/** Digits with the decimal exponent of the first as positional text: `int.frac` (either may be empty). */
function positional(digits: string, exp: number): string {
  if (exp < 0) return `.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${digits.padEnd(exp + 1, '0')}.`;
  return `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/** Python's repr of a str: single quotes unless it holds one and no double quote; non-printables escaped. */
export function pyStr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    // str.isprintable(): not a control, format, surrogate, private or unassigned character, nor a separator but space.
    else if (ch !== ' ' && /[\p{C}\p{Z}]/u.test(ch)) out += code < 0x100 ? `\\x${hex(code, 2)}` : code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    else out += ch;
  }
  return out + quote;
}

/** Python's repr of bytes. */
export function pyBytes(bytes: readonly number[]): string {
  const quote = bytes.includes(0x27) && !bytes.includes(0x22) ? '"' : "'";
  let out = `b${quote}`;
  for (const byte of bytes) {
    const ch = String.fromCharCode(byte);
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\x${hex(byte, 2)}`;
    else out += ch;
  }
  return out + quote;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** numpy's defaults: 75 columns, 8 digits, summarized beyond 1000 items (3 each side). */
const LINE_WIDTH = 75;
const PRECISION = 8;
const THRESHOLD = 1000;
const EDGE_ITEMS = 3;

/** numpy's repr of a 1-D array (numpy.core.arrayprint's array_repr with its defaults). */
function numpyRepr(values: readonly unknown[], dtype: string): string {
  const summarized = values.length > THRESHOLD;
  const shown = summarized ? [...values.slice(0, EDGE_ITEMS), ...values.slice(-EDGE_ITEMS)] : values;
  const words = dtype.startsWith('float') ? floatWords(shown.map(Number), dtype === 'float32') : intWords(shown.map(String));
  const skipDtype = dtype === 'float64' || dtype === 'int64';
  const body = wrap(summarized ? [...words.slice(0, EDGE_ITEMS), '...', ...words.slice(EDGE_ITEMS)] : words, LINE_WIDTH - 1);
  const text = `array(${body}${skipDtype ? ')' : ','}`;
  if (skipDtype) return text;
  const dtypeText = `dtype=${dtype})`;
  const lastLine = text.length - (text.lastIndexOf('\n') + 1);
  return `${text}${lastLine + dtypeText.length + 1 > LINE_WIDTH ? `\n${' '.repeat('array('.length)}` : ' '}${dtypeText}`;
}

function intWords(texts: readonly string[]): string[] {
  const width = Math.max(...texts.map((text) => text.length));
  return texts.map((text) => text.padStart(width));
}

/** numpy's FloatingFormat ('maxprec', trim '.'): positional unless the magnitudes call for scientific. */
function floatWords(values: readonly number[], single: boolean): string[] {
  const finite = values.filter((value) => Number.isFinite(value));
  const nonZero = finite.filter((value) => value !== 0).map(Math.abs);
  const max = nonZero.length === 0 ? 0 : Math.max(...nonZero);
  const min = nonZero.length === 0 ? 0 : Math.min(...nonZero);
  const scientific = nonZero.length > 0 && (max >= 1e8 || min < 1e-4 || max / min > 1000);
  const parts = finite.map((value) => {
    let { sign, digits, exp } = shortest(value === 0 ? 0 : value, single);
    if (value === 0) [digits, exp] = ['0', 0];
    if (Object.is(value, -0)) sign = '-';
    if (scientific) {
      // At most PRECISION digits after the point, rounded.
      if (digits.length > PRECISION + 1) ({ digits, exp } = rounded(Math.abs(value), PRECISION, exp));
      return { sign, int: `${sign}${digits[0]}`, frac: digits.slice(1), exp };
    }
    let text = positional(digits, exp);
    const point = text.indexOf('.');
    if (text.length - point - 1 > PRECISION) text = trimZeros(Math.abs(value).toFixed(PRECISION));
    const [int, frac] = text.split('.') as [string, string];
    return { sign, int: `${sign}${int || '0'}`, frac, exp };
  });
  const padRight = Math.max(0, ...parts.map((part) => part.frac.length));
  const expSize = Math.max(2, ...parts.map((part) => String(Math.abs(part.exp)).length));
  // The width after the point, and room for nan and inf (numpy's fillFormat).
  const after = padRight + 1 + (scientific ? expSize + 2 : 0);
  const infWidth = values.some((value) => value === -Infinity) ? 4 : 3;
  const nonFinite = finite.length < values.length ? [3 - after, infWidth - after] : [];
  const padLeft = Math.max(0, ...parts.map((part) => part.int.length), ...nonFinite);
  let next = 0;
  return values.map((value) => {
    if (!Number.isFinite(value)) return (Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf').padStart(padLeft + after);
    const part = parts[next++]!;
    if (scientific)
      return `${part.int.padStart(padLeft)}.${part.frac.padEnd(padRight, '0')}e${part.exp < 0 ? '-' : '+'}${String(Math.abs(part.exp)).padStart(expSize, '0')}`;
    return `${part.int.padStart(padLeft)}.${part.frac.padEnd(padRight)}`;
  });
}

function rounded(value: number, precision: number, exp: number): { digits: string; exp: number } {
  const [mantissa, exponent] = value.toExponential(precision).split('e') as [string, string];
  return { digits: mantissa.replace('.', '').replace(/0+$/, '') || '0', exp: Number(exponent ?? exp) };
}

function trimZeros(text: string): string {
  return text.replace(/0+$/, '');
}

/** numpy's _formatArray for one dimension: `[a, b, …]`, wrapped under `array(` (`width`: the line's, less the closing character). */
function wrap(words: readonly string[], width: number): string {
  const indent = ' '.repeat('array('.length + 1);
  const elementWidth = width - 1;
  let out = '';
  let line = indent;
  for (const [i, word] of words.entries()) {
    if (line.length + word.length > elementWidth && line.length > indent.length) {
      out += `${line.trimEnd()}\n`;
      line = indent;
    }
    line += word;
    if (i < words.length - 1) line += ', ';
  }
  out += line;
  return `[${out.slice(indent.length)}]`;
}
