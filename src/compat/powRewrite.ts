import { createRequire } from 'node:module';
import type { Node, Options, Parser, Token } from 'acorn';
import { shiftInlineSourceMap } from './sourceMapShift.js';

/**
 * The global a rewritten `**` calls (compat/portablePow.ts): Math.pow at call time, so during a
 * run the portable one, where V8 compiles `**` to its own pow.
 */
export const POW = '__rclsimPow';

/** A `**` or `**=` outside a comment's `/**` or `**\/`: files without one are not parsed. */
const MAY_USE_POW = /(?<![/*])\*\*(?![/*])/;
/** acorn's labels of the tokens an edit may replace (`_=`: an assignment operator). */
const EDITED_TOKENS = new Set(['**', '_=', '.', '[', ']']);
/** A character that would join an identifier inserted right after it. */
const IDENTIFIER_PART = /[\p{ID_Continue}$\\\u200c\u200d]/u;

/** Replace `start`..`end` of the source by `text` (an insertion where they are equal). */
interface Edit {
  start: number;
  end: number;
  text: string;
}

type AnyNode = Node & Record<string, unknown>;

interface PowParser extends Parser {
  /** The `**` and `**=` expressions in the order finished: an inner one before the one around it. */
  readonly found: AnyNode[];
}

/** Made on first use: a process whose code has no `**` does not load acorn. */
let PowParser: (new (options: Options, input: string) => PowParser) | undefined;

/** acorn's parser, keeping each `**` and `**=` expression as it finishes it: no walk over the tree after. */
function powParser(): new (options: Options, input: string) => PowParser {
  const { Parser } = createRequire(import.meta.url)('acorn') as typeof import('acorn');
  const finishNode = (Parser.prototype as unknown as { finishNode(node: AnyNode, type: string): AnyNode }).finishNode;
  return class extends Parser {
    readonly found: AnyNode[] = [];

    // Public: acorn declares its constructor protected.
    constructor(options: Options, input: string) {
      super(options, input);
    }

    finishNode(node: AnyNode, type: string): AnyNode {
      const finished = finishNode.call(this, node, type);
      if ((type === 'BinaryExpression' && node.operator === '**') || (type === 'AssignmentExpression' && node.operator === '**=')) this.found.push(finished);
      return finished;
    }
  };
}

/**
 * Sources rewritten so far, by kind and text: a sweep's runs load a program's file again for
 * each run (programs.ts), and its text is the same.
 */
const rewritten = { commonjs: new Map<string, string>(), module: new Map<string, string>() };

/**
 * Rewrites a source's `**` and `**=` into calls of POW, every other character in place, so
 * that line numbers (stack traces, syntax errors) stay right: `a ** b` -> `__rclsimPow(a, b)`,
 * `x **= y` -> `x = __rclsimPow(x, y)`, and `o[k] **= y` ->
 * `__rclsimPow.ref(o, k)[__rclsimPow.key] = __rclsimPow(__rclsimPow.value, y)`: `o` and `k`
 * evaluated once, `o[k]` read before `y` is evaluated, and the assignment in the user's own code
 * (its strict mode or not). An inline source map (tsx's output) moves with the code. A source
 * acorn cannot parse is returned as it is: Node reports its syntax error. `kind` is how Node
 * compiles it: a CommonJS module body or an ES module.
 */
export function rewritePow(source: string, kind: 'commonjs' | 'module'): string {
  if (!MAY_USE_POW.test(source)) return source;
  const known = rewritten[kind].get(source);
  if (known !== undefined) return known;
  const result = rewrite(source, kind);
  rewritten[kind].set(source, result);
  return result;
}

function rewrite(source: string, kind: 'commonjs' | 'module'): string {
  // Only the tokens an edit replaces: `**`, an assignment operator, a member's `.` or brackets.
  const tokens: Token[] = [];
  const onToken = (token: Token): void => {
    if (EDITED_TOKENS.has(token.type.label)) tokens.push(token);
  };
  // Outside the try: acorn missing is rclsim's failure, not the user's syntax error.
  PowParser ??= powParser();
  let parser: PowParser;
  try {
    parser = new PowParser({ ecmaVersion: 'latest', sourceType: kind, onToken }, source);
    parser.parse();
  } catch {
    return source;
  }
  const edits: Edit[] = [];
  // Between an operand's end and its operator (or a member's bracket) lie only closing parentheses (and comments).
  const tokenAt = (text: string, from: number): Token => {
    for (let i = firstTokenFrom(tokens, from); ; i++) if (source.slice(tokens[i]!.start, tokens[i]!.end) === text) return tokens[i]!;
  };
  // An expression before those inside it: the call around it opens first.
  const found = parser.found.sort((a, b) => a.start - b.start || b.end - a.end);
  for (const node of found) {
    if (node.operator === '**') {
      const left = node.left as Node;
      const operator = tokenAt('**', left.end);
      edits.push({ start: node.start, end: node.start, text: `${POW}(` });
      edits.push({ start: operator.start, end: operator.end, text: ',' });
      edits.push({ start: node.end, end: node.end, text: ')' });
    } else {
      const target = assignmentEdits(node, tokenAt);
      if (target === null) continue;
      edits.push(...target);
      edits.push({ start: node.end, end: node.end, text: ')' });
    }
  }
  if (edits.length === 0) return source;
  return shiftInlineSourceMap(source, applyEdits(source, edits), edits);
}

/**
 * The edits that turn `target **=` into `target = POW(old value,`, or null for a target no
 * form keeps evaluating as V8 does: a computed member of `super`, a private field of an object
 * other than `this` or a variable.
 */
function assignmentEdits(node: AnyNode, tokenAt: (text: string, from: number) => Token): Edit[] | null {
  const target = node.left as AnyNode;
  const operator = tokenAt('**=', target.end);
  const assign = (old: string): Edit => ({ start: operator.start, end: operator.end, text: `= ${POW}(${old},` });
  if (target.type === 'Identifier') return [assign(target.name as string)];
  if (target.type !== 'MemberExpression') return null;
  const object = target.object as AnyNode;
  const property = target.property as AnyNode;
  if (object.type === 'Super' || property.type === 'PrivateIdentifier') {
    // Neither `super` nor a private field can be handed to a function: the target is read
    // again instead, which has no side effect for `super`, `this` or a variable.
    const simple = object.type === 'Super' || object.type === 'ThisExpression' || object.type === 'Identifier';
    if (target.computed || !simple) return null;
    const base = object.type === 'Super' ? 'super' : object.type === 'ThisExpression' ? 'this' : (object.name as string);
    const name = property.type === 'PrivateIdentifier' ? `#${property.name as string}` : (property.name as string);
    return [assign(`${base}.${name}`)];
  }
  const edits: Edit[] = [{ start: target.start, end: target.start, text: `${POW}.ref(` }];
  if (target.computed) {
    const open = tokenAt('[', object.end);
    const close = tokenAt(']', property.end);
    edits.push({ start: open.start, end: open.end, text: ',' }, { start: close.start, end: close.end, text: `)[${POW}.key]` });
  } else {
    const dot = tokenAt('.', object.end);
    edits.push(
      { start: dot.start, end: dot.end, text: ',' },
      { start: property.start, end: property.end, text: `${JSON.stringify(property.name)})[${POW}.key]` },
    );
  }
  edits.push(assign(`${POW}.value`));
  return edits;
}

/** The index of the first token starting at or after `offset`. */
function firstTokenFrom(tokens: readonly Token[], offset: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tokens[middle]!.start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The source with the edits made: in order of place, an insertion before a replacement at the same
 * place, else in the order made (an enclosing expression's call opens before an inner one's).
 * A space keeps an inserted name apart from a name right before it (`return(a)**b`): it becomes
 * part of the edit's text.
 */
function applyEdits(source: string, edits: Edit[]): string {
  const ordered = edits
    .map((edit, order) => ({ edit, order }))
    .sort((a, b) => a.edit.start - b.edit.start || Number(a.edit.end > a.edit.start) - Number(b.edit.end > b.edit.start) || a.order - b.order);
  const parts: string[] = [];
  let at = 0;
  for (const { edit } of ordered) {
    const kept = source.slice(at, edit.start);
    const before = kept === '' ? (parts.at(-1)?.at(-1) ?? '') : kept.at(-1)!;
    if (IDENTIFIER_PART.test(before) && IDENTIFIER_PART.test(edit.text[0]!)) edit.text = ` ${edit.text}`;
    parts.push(kept, edit.text);
    at = edit.end;
  }
  parts.push(source.slice(at));
  return parts.join('');
}
