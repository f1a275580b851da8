import type { MessageType } from '../interfaces/MessageType.js';

/** Whether `path` (`a.b[2].c`) names a field of `type`, indexes only on arrays. */
export function hasFieldPath(type: MessageType, path: string): boolean {
  let current: MessageType | null = type;
  let field: MessageType['fields'][number] | undefined;
  for (const step of path.split(/\.|(?=\[)/)) {
    if (step.startsWith('[')) {
      if (field?.isArray !== true) return false;
      continue;
    }
    if (current === null) return false;
    field = current.fields.find((f) => f.name === step);
    if (field === undefined) return false;
    current = field.isComplex ? current.fieldMessageType(field) : null;
  }
  return true;
}
