import type { MessageType } from '../interfaces/MessageType.js';
import { PRIMITIVES } from '../interfaces/primitives.js';
import type { ValueKind } from './contentFilter.js';

/** Whether `path` (`a.b[2].c`) names a field of `type`, indexes only on arrays. */
export function hasFieldPath(type: MessageType, path: string): boolean {
  return fieldKind(type, path) !== null;
}

/**
 * What a field path of `type` holds, as a check's expression computes with it: a number (int64s
 * too), a string, a boolean, or something else (a message, an array); null when it names no field.
 */
export function fieldKind(type: MessageType, path: string): ValueKind | null {
  let current: MessageType | null = type;
  let field: MessageType['fields'][number] | undefined;
  let indexed = false;
  for (const step of path.split(/\.|(?=\[)/)) {
    if (step.startsWith('[')) {
      if (field?.isArray !== true) return null;
      indexed = true;
      continue;
    }
    if (current === null) return null;
    field = current.fields.find((f) => f.name === step);
    if (field === undefined) return null;
    indexed = false;
    current = field.isComplex ? current.fieldMessageType(field) : null;
  }
  if (field === undefined || field.isComplex || (field.isArray === true && !indexed)) return 'other';
  const primitive = PRIMITIVES[field.type]?.kind;
  return primitive === 'bool' ? 'boolean' : primitive === 'string' ? 'string' : primitive === undefined ? 'other' : 'number';
}
