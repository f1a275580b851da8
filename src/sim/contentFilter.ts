/**
 * Content-filtered topics: DDS's SQL filter expressions (DDS 1.4, annex B), as rmw passes a
 * subscription's `contentFilter` to the DDS implementation. A message that does not match never
 * reaches the subscription (DDS filters before the reader's history). Supported: comparisons
 * (`=`, `<>`, `!=`, `<`, `<=`, `>`, `>=`, `LIKE` with `%` and `_`), `[NOT] BETWEEN … AND …`,
 * `AND`, `OR`, `NOT`, parentheses; operands are field paths (`pose.position.x`, `data[2]`),
 * literals (numbers, `'strings'`, `TRUE`/`FALSE`) and parameters `%0` … `%99`, each a string
 * holding a literal, as rclnodejs passes them.
 *
 * The same parser reads checks' expressions (checkExpression.ts): given `functions`, it also
 * takes arithmetic (`+ - * /`, unary minus, parentheses around values), function calls, and a
 * boolean value where a condition goes. Content filters take none of these: DDS has none.
 */

import { expandTopicName } from '../ros/names.js';

export interface ContentFilter {
  expression: string;
  parameters?: readonly unknown[];
}

/** What an expression is evaluated on: the message, and for a check also what its functions read. */
export interface Scope {
  readonly message: unknown;
}
export type Operand<S> = (scope: S) => unknown;
type Condition<S> = (scope: S) => boolean;
/** A field path's value in a message (undefined where the path leads nowhere). */
export type Reader = (message: unknown) => unknown;

/** Reads a check function's arguments in order, with the commas between them. */
export interface Arguments<S> {
  /** An arithmetic expression. */
  value(): Operand<S>;
  /** A quoted topic name, valid, expanded from the root namespace (a relative name reads the root's topic). */
  topic(): string;
  /** A name, bare (`rover`) or quoted (`'my robot'`): a model of the world. */
  name(): string;
  /** Whether another argument follows (an optional one). */
  more(): boolean;
  /** A field path of `topic`'s type (null: the expression's own topic). */
  path(topic: string | null): Reader;
}
/** Reads its arguments at compile time and returns what the call evaluates to. */
export type CheckFunction<S> = (args: Arguments<S>) => Operand<S>;

/** What a value is, as far as an expression's fields and literals tell before any message (unknown: not told). */
export type ValueKind = 'number' | 'string' | 'boolean' | 'other' | 'unknown';

export interface Grammar<S extends Scope> {
  /** How errors name the expression: `content filter 'x >'`. */
  where: string;
  parameters: readonly string[];
  fieldExists(topic: string | null, path: string): boolean;
  /** What a field holds, when the type is known (checks: an operation on the wrong kind is an error when it compiles). */
  fieldKind?(topic: string | null, path: string): ValueKind;
  /** Checks' functions by lowercase name; their presence turns on all of checks' extensions. */
  functions?: ReadonlyMap<string, CheckFunction<S>>;
}

type Value = number | bigint | string | boolean;
/** A parsed part: a condition (comparisons, AND, OR, NOT) or a value; checks use either as the other. */
type Part<S> = { condition: Condition<S> } | { value: Operand<S> };

/**
 * The deepest nesting (parentheses, NOT, unary minus, function calls) and the most tokens an
 * expression may have: the parser and the compiled expression recurse that deep, and far past
 * them the stack overflows, an error of rclsim's instead of a line naming the expression.
 */
const MAX_NESTING = 100;
const MAX_TOKENS = 2000;

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'LIKE', 'TRUE', 'FALSE']);
const SPACE = /\s*/y;
const TOKEN =
  /(%\d+)|('(?:[^']|'')*')|(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*(?:\[\d+\])*(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\[\d+\])*)*)|(<>|!=|<=|>=|=|<|>|\(|\)|\+|-|\*|\/|,)/y;
const COMPARISONS = new Map<string, (c: number) => boolean>([
  ['=', (c) => c === 0],
  ['<>', (c) => c !== 0],
  ['!=', (c) => c !== 0],
  ['<', (c) => c < 0],
  ['<=', (c) => c <= 0],
  ['>', (c) => c > 0],
  ['>=', (c) => c >= 0],
]);
const ARITHMETIC = new Map<string, (x: number, y: number) => number>([
  ['+', (x, y) => x + y],
  ['-', (x, y) => x - y],
  ['*', (x, y) => x * y],
  ['/', (x, y) => x / y],
]);

interface Token {
  kind: 'param' | 'string' | 'number' | 'name' | 'keyword' | 'symbol';
  text: string;
  at: number;
}

export class ContentFilterError extends Error {}

/** Whether `token` ends a value, so that a `-` after it subtracts. */
function endsValue(token: Token | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === 'keyword') return /^(TRUE|FALSE)$/i.test(token.text);
  return token.kind === 'symbol' ? token.text === ')' : true;
}

/** DDS lexes `-5` as a literal; with `arithmetic`, after a value it is a minus and then 5 (`a -5`). */
function tokenize(expression: string, where: string, arithmetic: boolean): Token[] {
  const tokens: Token[] = [];
  for (let at = 0; ; ) {
    SPACE.lastIndex = at;
    SPACE.exec(expression);
    at = SPACE.lastIndex;
    if (at === expression.length) return tokens;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(expression);
    if (match === null) throw new ContentFilterError(`${where}: unexpected text at ${at}`);
    const [text, param, string, number, name] = match;
    if (number?.startsWith('-') && arithmetic && endsValue(tokens.at(-1))) {
      tokens.push({ kind: 'symbol', text: '-', at });
      at += 1;
      continue;
    }
    const kind = param ? 'param' : string ? 'string' : number ? 'number' : name ? (KEYWORDS.has(name.toUpperCase()) ? 'keyword' : 'name') : 'symbol';
    tokens.push({ kind, text, at });
    at = TOKEN.lastIndex;
  }
}

function unquote(quoted: string): string {
  return quoted.slice(1, -1).replaceAll("''", "'");
}

/** A literal as DDS reads it: a number, a quoted string, TRUE or FALSE. */
function literal(text: string, where: string): Value {
  const trimmed = text.trim();
  if (/^'(?:[^']|'')*'$/.test(trimmed)) return unquote(trimmed);
  const upper = trimmed.toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE') return upper === 'TRUE';
  if (/^-?\d+$/.test(trimmed)) return Number.isSafeInteger(Number(trimmed)) ? Number(trimmed) : BigInt(trimmed);
  const n = Number(trimmed);
  if (trimmed !== '' && Number.isFinite(n)) return n;
  throw new ContentFilterError(`${where}: '${text}' is no literal (a number, a 'quoted string', TRUE or FALSE)`);
}

export function fieldReader(path: string): Reader {
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

/** The order of two values, or null if they are incomparable (different types, NaN, a missing value). */
function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b ? 0 : null;
  const numeric = (v: unknown): boolean => typeof v === 'bigint' || (typeof v === 'number' && !Number.isNaN(v));
  if (numeric(a) && numeric(b)) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

/** The operands computed() made: numbers, never a condition (`never: "x - y"` lacks its comparison). */
const numbers = new WeakSet<object>();
/** What operands and field readers hold, where known (see kindOf). */
const kinds = new WeakMap<object, ValueKind>();

/** `operand` (or a field reader) marked as holding a `kind` of value. */
export function typed<T extends object>(operand: T, kind: ValueKind): T {
  kinds.set(operand, kind);
  return operand;
}

/** What an operand or field reader holds: computed() makes numbers; unknown when nothing tells. */
export function kindOf(operand: object): ValueKind {
  return numbers.has(operand) ? 'number' : (kinds.get(operand) ?? 'unknown');
}

/** How an error names a kind of value. */
function described(kind: ValueKind): string {
  return kind === 'other' ? 'a message or an array' : kind === 'unknown' ? 'a value' : `a ${kind}`;
}

/** A literal's kind. */
function kindOfValue(value: Value): ValueKind {
  return typeof value === 'number' || typeof value === 'bigint' ? 'number' : typeof value === 'string' ? 'string' : 'boolean';
}

/**
 * `operate` on the operands' values as numbers (int64's bigints converted: arithmetic on mixed
 * types has no exact answer), or undefined, a missing value, if one is missing or no number.
 */
export function computed<S>(operate: (...xs: number[]) => number, operands: readonly Operand<S>[]): Operand<S> {
  const result: Operand<S> = (scope) => {
    const xs: number[] = [];
    for (const operand of operands) {
      const v = operand(scope);
      if (typeof v === 'number') xs.push(v);
      else if (typeof v === 'bigint') xs.push(Number(v));
      else return undefined;
    }
    return operate(...xs);
  };
  numbers.add(result);
  return result;
}

/** Compiles a filter; `fieldExists` says whether a field path names a field of the topic's type. */
export function compileContentFilter(filter: ContentFilter, fieldExists: (path: string) => boolean): (message: unknown) => boolean {
  const test = parseExpression<Scope>(filter.expression, {
    where: `content filter '${filter.expression}'`,
    parameters: (filter.parameters ?? []).map((p) => String(p)),
    fieldExists: (_topic, path) => fieldExists(path),
  });
  return (message) => test({ message });
}

export function parseExpression<S extends Scope>(expression: string, grammar: Grammar<S>): Condition<S> {
  const { where, parameters, fieldExists, functions } = grammar;
  if (typeof expression !== 'string' || expression.trim() === '') throw new ContentFilterError(`${where}: the expression is empty`);
  const checks = functions !== undefined;
  const tokens = tokenize(expression, where, checks);
  if (tokens.length > MAX_TOKENS) throw new ContentFilterError(`${where}: more than ${MAX_TOKENS} tokens (it has ${tokens.length})`);
  let i = 0;
  let depth = 0;
  const peek = (): Token | undefined => tokens[i];
  const isKeyword = (word: string): boolean => peek()?.kind === 'keyword' && peek()!.text.toUpperCase() === word;
  const isSymbol = (text: string): boolean => peek()?.kind === 'symbol' && peek()!.text === text;
  const fail = (what: string): never => {
    const token = peek();
    throw new ContentFilterError(`${where}: ${what} ${token === undefined ? 'at the end' : `at '${token.text}' (position ${token.at})`}`);
  };
  const expect = (symbol: string): void => {
    if (!isSymbol(symbol)) fail(`expected '${symbol}'`);
    i++;
  };
  /** `parse` one level deeper. */
  const nested = <T>(parse: () => T): T => {
    if (++depth > MAX_NESTING) fail(`nested more than ${MAX_NESTING} deep (parentheses, NOT, minus signs, function calls)`);
    try {
      return parse();
    } finally {
      depth--;
    }
  };
  const asCondition = (part: Part<S>): Condition<S> => {
    if ('condition' in part) return part.condition;
    const { value } = part;
    const kind = kindOf(value);
    if (!checks || (kind !== 'boolean' && kind !== 'unknown')) return fail('expected a comparison');
    return (s) => value(s) === true;
  };
  const asValue = (part: Part<S>): Operand<S> => ('value' in part ? part.value : typed(part.condition, 'boolean'));
  // Checks only: an operation on a kind of value it cannot take is the expression's error, where
  // the operator is, not a check that fails at every message (content filters keep DDS's rules).
  const misused = (token: Token, what: string): never => {
    throw new ContentFilterError(`${where}: ${what} at '${token.text}' (position ${token.at})`);
  };
  const numeric = (token: Token, ...operands: Operand<S>[]): void => {
    for (const operand of operands) {
      const kind = kindOf(operand);
      if (checks && kind !== 'number' && kind !== 'unknown') misused(token, `'${token.text}' takes numbers, not ${described(kind)}`);
    }
  };
  /** `a` and `b` compared by `token`: values of one kind (`strings`: LIKE's). */
  const comparable = (token: Token, a: Operand<S>, b: Operand<S>, strings = false): void => {
    const [x, y] = [kindOf(a), kindOf(b)];
    if (!checks) return;
    for (const kind of [x, y]) {
      if (kind === 'other' || (strings && kind !== 'string' && kind !== 'unknown'))
        misused(token, `'${token.text}' takes ${strings ? 'strings' : 'numbers, strings or booleans'}, not ${described(kind)}`);
    }
    if (x !== 'unknown' && y !== 'unknown' && x !== y) misused(token, `'${token.text}' compares ${described(x)} with ${described(y)}`);
  };

  const field = (topic: string | null): Reader => {
    const token = peek();
    if (token?.kind !== 'name') return fail('expected a field');
    if (!fieldExists(topic, token.text)) {
      const type = topic === null ? "the topic's type" : `the type of ${topic}`;
      throw new ContentFilterError(`${where}: '${token.text}' is no field of ${type} (position ${token.at})`);
    }
    i++;
    return typed(fieldReader(token.text), grammar.fieldKind?.(topic, token.text) ?? 'unknown');
  };

  const call = (): Operand<S> => {
    const name = peek()!.text;
    const make = functions?.get(name.toLowerCase()) ?? fail(`no function '${name}' (there are ${[...functions!.keys()].join(', ')})`);
    i += 2;
    let first = true;
    const next = (): void => {
      if (!first) expect(',');
      first = false;
    };
    const operand = make({
      value: () => {
        next();
        const start = peek();
        const value = asValue(sum());
        if (start !== undefined) numeric({ ...start, text: name }, value);
        return value;
      },
      topic: () => {
        next();
        const token = peek();
        if (token?.kind !== 'string') return fail('expected a quoted topic name');
        // As a job's topics are: valid by rcl's rules, a relative name from the root namespace.
        let topic: string;
        try {
          topic = expandTopicName(unquote(token.text), 'job', '/');
        } catch (error) {
          return fail((error as Error).message);
        }
        i++;
        return topic;
      },
      path: (topic) => {
        next();
        return field(topic);
      },
      name: () => {
        next();
        const token = peek();
        if (token?.kind !== 'name' && token?.kind !== 'string') return fail('expected a name');
        i++;
        return token.kind === 'string' ? unquote(token.text) : token.text;
      },
      more: () => isSymbol(','),
    });
    expect(')');
    return operand;
  };

  const operand = (): Operand<S> => {
    const token = peek() ?? fail('expected a field, literal or parameter');
    if (token.kind === 'name') {
      if (checks && tokens[i + 1]?.kind === 'symbol' && tokens[i + 1]!.text === '(') return nested(call);
      const read = field(null);
      return typed((s: S) => read(s.message), kindOf(read));
    }
    i++;
    switch (token.kind) {
      case 'param': {
        const index = Number(token.text.slice(1));
        if (index >= parameters.length) throw new ContentFilterError(`${where}: ${token.text} has no parameter (${parameters.length} given)`);
        const value = literal(parameters[index]!, `${where}, parameter ${token.text}`);
        return typed(() => value, kindOfValue(value));
      }
      case 'string':
      case 'number': {
        const value = literal(token.text, where);
        return typed(() => value, kindOfValue(value));
      }
      case 'keyword':
        if (token.text.toUpperCase() === 'TRUE' || token.text.toUpperCase() === 'FALSE') {
          const value = token.text.toUpperCase() === 'TRUE';
          return typed(() => value, 'boolean');
        }
    }
    i--;
    return fail('expected a field, literal or parameter');
  };

  /** A parenthesized part, a value in checks; in DDS a parenthesized part is a condition. */
  const primary = (): Part<S> => {
    if (!isSymbol('(')) return { value: operand() };
    return nested(() => {
      i++;
      const inner = disjunction();
      const part = checks ? inner : { condition: asCondition(inner) };
      expect(')');
      return part;
    });
  };
  const unary = (): Part<S> => {
    if (!checks || !isSymbol('-')) return primary();
    return nested(() => {
      const minus = tokens[i++]!;
      const operand = asValue(unary());
      numeric(minus, operand);
      return { value: computed((x) => -x, [operand]) };
    });
  };
  /** Left-associative `operators` (checks only) over `operand`s. */
  const chain = (operators: readonly string[], operand: () => Part<S>) => (): Part<S> => {
    let result = operand();
    while (checks && operators.some(isSymbol)) {
      const operator = tokens[i++]!;
      const [left, right] = [asValue(result), asValue(operand())];
      numeric(operator, left, right);
      result = { value: computed(ARITHMETIC.get(operator.text)!, [left, right]) };
    }
    return result;
  };
  const term = chain(['*', '/'], unary);
  const sum = chain(['+', '-'], term);

  const comparison = (): Part<S> => {
    const first = sum();
    if (!checks && 'condition' in first) return first;
    const left = asValue(first);
    const negated = isKeyword('NOT');
    if (negated) i++;
    if (isKeyword('BETWEEN')) {
      const between = tokens[i++]!;
      const low = asValue(sum());
      if (!isKeyword('AND')) fail('expected AND of BETWEEN');
      i++;
      const high = asValue(sum());
      comparable(between, left, low);
      comparable(between, left, high);
      return {
        condition: (s) => {
          const value = left(s);
          const inside = (compare(value, low(s)) ?? -1) >= 0 && (compare(value, high(s)) ?? 1) <= 0;
          return inside !== negated;
        },
      };
    }
    if (negated) fail('expected BETWEEN after NOT');
    if (isKeyword('LIKE')) {
      const likeToken = tokens[i++]!;
      const pattern = asValue(sum());
      comparable(likeToken, left, pattern, true);
      return {
        condition: (s) => {
          const value = left(s);
          const p = pattern(s);
          return typeof value === 'string' && typeof p === 'string' && like(value, p);
        },
      };
    }
    const op = peek();
    const test = op?.kind === 'symbol' ? COMPARISONS.get(op.text) : undefined;
    if (test === undefined) return first;
    i++;
    const right = asValue(sum());
    comparable(op!, left, right);
    const unequal = op!.text === '<>' || op!.text === '!=';
    return {
      condition: (s) => {
        const c = compare(left(s), right(s));
        return c === null ? unequal : test(c);
      },
    };
  };
  const negation = (): Part<S> => {
    if (!isKeyword('NOT')) return comparison();
    return nested(() => {
      i++;
      const inner = asCondition(negation());
      return { condition: (s) => !inner(s) };
    });
  };
  /** Left-associative AND or OR joining conditions; a lone part stays what it is (a value in parentheses). */
  const junction = (keyword: 'AND' | 'OR', operand: () => Part<S>) => (): Part<S> => {
    let result = operand();
    while (isKeyword(keyword)) {
      const a = asCondition(result);
      i++;
      const b = asCondition(operand());
      result = { condition: keyword === 'AND' ? (s) => a(s) && b(s) : (s) => a(s) || b(s) };
    }
    return result;
  };
  const conjunction = junction('AND', negation);
  const disjunction: () => Part<S> = junction('OR', conjunction);

  const compiled = asCondition(disjunction());
  if (i < tokens.length) fail('unexpected text');
  return compiled;
}
