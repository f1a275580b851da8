/**
 * Content-filtered topics: DDS's SQL filter expressions (DDS 1.4, annex B), as rmw passes a
 * subscription's `contentFilter` to the DDS implementation. A message that does not match never
 * reaches the subscription (DDS filters before the reader's history). Supported: comparisons
 * (`=`, `<>`, `!=`, `<`, `<=`, `>`, `>=`, `LIKE` with `%` and `_`), `[NOT] BETWEEN … AND …`,
 * `AND`, `OR`, `NOT`, parentheses; operands are field paths (`pose.position.x`, `data[2]`),
 * literals (numbers, `'strings'`, `TRUE`/`FALSE`) and parameters `%0` … `%99`, each a string
 * holding a literal, as rclnodejs passes them.
 */
export interface ContentFilter {
  expression: string;
  parameters?: readonly unknown[];
}

type Value = number | bigint | string | boolean;
type Operand = (message: unknown) => unknown;
type Predicate = (message: unknown) => boolean;

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'LIKE', 'TRUE', 'FALSE']);
const TOKEN =
  /\s*(?:(%\d+)|('(?:[^']|'')*')|(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*(?:\[\d+\])*(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\[\d+\])*)*)|(<>|!=|<=|>=|=|<|>|\(|\)))/y;

interface Token {
  kind: 'param' | 'string' | 'number' | 'name' | 'keyword' | 'symbol';
  text: string;
  at: number;
}

export class ContentFilterError extends Error {}

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.length) {
    if (/^\s*$/.test(expression.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(expression);
    if (match === null) throw new ContentFilterError(`invalid content filter expression '${expression}': unexpected text at ${at}`);
    const [, param, string, number, name, symbol] = match;
    if (param !== undefined) tokens.push({ kind: 'param', text: param, at });
    else if (string !== undefined) tokens.push({ kind: 'string', text: string, at });
    else if (number !== undefined) tokens.push({ kind: 'number', text: number, at });
    else if (name !== undefined) tokens.push({ kind: KEYWORDS.has(name.toUpperCase()) ? 'keyword' : 'name', text: name, at });
    else tokens.push({ kind: 'symbol', text: symbol!, at });
  }
  return tokens;
}

/** A literal as DDS reads it: a number, a quoted string, TRUE or FALSE. */
function literal(text: string, where: string): Value {
  const trimmed = text.trim();
  if (/^'(?:[^']|'')*'$/.test(trimmed)) return trimmed.slice(1, -1).replaceAll("''", "'");
  const upper = trimmed.toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE') return upper === 'TRUE';
  if (/^-?\d+$/.test(trimmed)) return Number.isSafeInteger(Number(trimmed)) ? Number(trimmed) : BigInt(trimmed);
  const n = Number(trimmed);
  if (trimmed !== '' && Number.isFinite(n)) return n;
  throw new ContentFilterError(`${where}: '${text}' is no literal (a number, a 'quoted string', TRUE or FALSE)`);
}

function fieldReader(path: string): Operand {
  const steps = path.split(/\.|(?=\[)/).map((step) => (step.startsWith('[') ? Number(step.slice(1, -1)) : step));
  return (message) => {
    let value: unknown = message;
    for (const step of steps) value = value === null || value === undefined ? undefined : (value as Record<string | number, unknown>)[step];
    return value;
  };
}

function like(value: string, pattern: string): boolean {
  const regex = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replaceAll('%', '.*')
    .replaceAll('_', '.');
  return new RegExp(`^${regex}$`, 's').test(value);
}

function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b ? 0 : null;
  const numeric = (v: unknown): boolean => typeof v === 'number' || typeof v === 'bigint';
  if (numeric(a) && numeric(b)) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

/** Compiles a filter; `fieldExists` says whether a field path names a field of the topic's type. */
export function compileContentFilter(filter: ContentFilter, fieldExists: (path: string) => boolean): Predicate {
  const { expression } = filter;
  const where = `content filter '${expression}'`;
  if (typeof expression !== 'string' || expression.trim() === '') throw new ContentFilterError(`${where}: the expression is empty`);
  const parameters = (filter.parameters ?? []).map((p) => String(p));
  const tokens = tokenize(expression);
  let i = 0;
  const peek = (): Token | undefined => tokens[i];
  const isKeyword = (word: string): boolean => peek()?.kind === 'keyword' && peek()!.text.toUpperCase() === word;
  const fail = (what: string): never => {
    const token = peek();
    throw new ContentFilterError(`${where}: ${what} ${token === undefined ? 'at the end' : `at '${token.text}' (position ${token.at})`}`);
  };

  const operand = (): Operand => {
    const token = peek() ?? fail('expected a field, literal or parameter');
    i++;
    switch (token.kind) {
      case 'name':
        if (!fieldExists(token.text)) throw new ContentFilterError(`${where}: '${token.text}' is no field of the topic's type`);
        return fieldReader(token.text);
      case 'param': {
        const index = Number(token.text.slice(1));
        if (index >= parameters.length) throw new ContentFilterError(`${where}: ${token.text} has no parameter (${parameters.length} given)`);
        const value = literal(parameters[index]!, `${where}, parameter ${token.text}`);
        return () => value;
      }
      case 'string':
      case 'number': {
        const value = literal(token.text, where);
        return () => value;
      }
      case 'keyword':
        if (token.text.toUpperCase() === 'TRUE' || token.text.toUpperCase() === 'FALSE') {
          const value = token.text.toUpperCase() === 'TRUE';
          return () => value;
        }
    }
    i--;
    return fail('expected a field, literal or parameter');
  };

  const predicate = (): Predicate => {
    const left = operand();
    const negated = isKeyword('NOT');
    if (negated) i++;
    if (isKeyword('BETWEEN')) {
      i++;
      const low = operand();
      if (!isKeyword('AND')) fail('expected AND of BETWEEN');
      i++;
      const high = operand();
      return (m) => {
        const value = left(m);
        const inside = (compare(value, low(m)) ?? -1) >= 0 && (compare(value, high(m)) ?? 1) <= 0;
        return inside !== negated;
      };
    }
    if (negated) fail('expected BETWEEN after NOT');
    if (isKeyword('LIKE')) {
      i++;
      const pattern = operand();
      return (m) => {
        const value = left(m);
        const p = pattern(m);
        return typeof value === 'string' && typeof p === 'string' && like(value, p);
      };
    }
    const op = peek();
    if (op?.kind !== 'symbol' || op.text === '(' || op.text === ')') return fail('expected a comparison');
    i++;
    const right = operand();
    const test: (c: number) => boolean = {
      '=': (c: number) => c === 0,
      '<>': (c: number) => c !== 0,
      '!=': (c: number) => c !== 0,
      '<': (c: number) => c < 0,
      '<=': (c: number) => c <= 0,
      '>': (c: number) => c > 0,
      '>=': (c: number) => c >= 0,
    }[op.text]!;
    return (m) => {
      const c = compare(left(m), right(m));
      return c === null ? op.text === '<>' || op.text === '!=' : test(c);
    };
  };

  const primary = (): Predicate => {
    if (isKeyword('NOT')) {
      i++;
      const inner = primary();
      return (m) => !inner(m);
    }
    if (peek()?.text === '(') {
      i++;
      const inner = disjunction();
      if (peek()?.text !== ')') fail("expected ')'");
      i++;
      return inner;
    }
    return predicate();
  };
  const conjunction = (): Predicate => {
    let result = primary();
    while (isKeyword('AND')) {
      i++;
      const [a, b] = [result, primary()];
      result = (m) => a(m) && b(m);
    }
    return result;
  };
  const disjunction = (): Predicate => {
    let result = conjunction();
    while (isKeyword('OR')) {
      i++;
      const [a, b] = [result, conjunction()];
      result = (m) => a(m) || b(m);
    }
    return result;
  };
  const compiled = disjunction();
  if (i < tokens.length) fail('unexpected text');
  return compiled;
}
