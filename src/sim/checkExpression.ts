/**
 * The expressions of a job's checks: content filters' grammar (contentFilter.ts, whose parser
 * reads both) with arithmetic and functions of the message, the clock, the topic's previous
 * message and other topics' latest messages. A missing value (no such message, no such field,
 * a non-number in arithmetic) stays missing through arithmetic and functions, and a comparison
 * with it is false except `<>`/`!=`.
 */
import { type CheckFunction, computed, kindOf, type Operand, parseExpression, typed, type ValueKind } from './contentFilter.js';

export interface CheckContext {
  message: unknown;
  /** The previous message on the same topic; undefined if none. */
  previous: unknown;
  /** Sim time since the run's start. */
  nowSeconds: number;
  /** The latest message published on `topic`; undefined if none. */
  latest(topic: string): unknown;
}

export interface CompiledCheck {
  test(context: CheckContext): boolean;
  /** The other topics latest() names, in first-use order. */
  readonly topics: readonly string[];
}

type Fn = CheckFunction<CheckContext>;

/** `f` of `arity` arithmetic arguments. */
function numeric(arity: number, f: (...xs: number[]) => number): Fn {
  return (args) => {
    const operands: Operand<CheckContext>[] = [];
    for (let n = 0; n < arity; n++) operands.push(args.value());
    return computed(f, operands);
  };
}

/** Checks' functions; `topics` collects the topics latest() reads. */
function checkFunctions(topics: string[]): ReadonlyMap<string, Fn> {
  return new Map<string, Fn>([
    ['abs', numeric(1, Math.abs)],
    ['sqrt', numeric(1, Math.sqrt)],
    // Not Math.hypot: it is not correctly rounded, so engines may give different bits; + × and sqrt are.
    ['hypot', numeric(2, (a, b) => Math.sqrt(a * a + b * b))],
    ['min', numeric(2, (a, b) => Math.min(a, b))],
    ['max', numeric(2, (a, b) => Math.max(a, b))],
    // computed() marks it a number: `now()` alone is refused where a condition goes.
    ['now', () => computed((t) => t, [(context: CheckContext) => context.nowSeconds])],
    [
      'prev',
      (args) => {
        const read = args.path(null);
        return typed((context: CheckContext) => read(context.previous), kindOf(read));
      },
    ],
    [
      'latest',
      (args) => {
        const topic = args.topic();
        const read = args.path(topic);
        if (!topics.includes(topic)) topics.push(topic);
        return typed((context: CheckContext) => read(context.latest(topic)), kindOf(read));
      },
    ],
  ]);
}

/**
 * Compiles a check's expression; `fieldExists` says whether `path` names a field of `topic`'s
 * type (null: the check's topic), and `fieldKind`, when the types are known, what it holds: an
 * operation on a kind of value it cannot take (`name > 5` on a string) is refused here, where
 * the operator is, instead of failing the check at every message.
 */
export function compileCheckExpression(
  expression: string,
  fieldExists: (topic: string | null, path: string) => boolean,
  fieldKind?: (topic: string | null, path: string) => ValueKind,
): CompiledCheck {
  const topics: string[] = [];
  const test = parseExpression<CheckContext>(expression, {
    where: `check expression '${quoted(expression)}'`,
    parameters: [],
    fieldExists,
    ...(fieldKind === undefined ? {} : { fieldKind }),
    functions: checkFunctions(topics),
  });
  return { test, topics };
}

/** How long an expression errors quote whole: a longer one is cut (a line, not pages, says what is wrong). */
const QUOTED = 80;

function quoted(expression: string): string {
  return expression.length > QUOTED ? `${expression.slice(0, QUOTED)}…` : expression;
}
