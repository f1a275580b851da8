/**
 * The expressions of a job's checks: content filters' grammar (contentFilter.ts, whose parser
 * reads both) with arithmetic and functions of the message, the clock, the topic's previous
 * message, other topics' latest messages and the robot's world (its models' true positions and
 * contacts). A missing value (no such message, no such field,
 * a non-number in arithmetic) stays missing through arithmetic and functions, and a comparison
 * with it is false except `<>`/`!=`.
 */
import { type CheckFunction, computed, kindOf, type Operand, parseExpression, typed, type ValueKind } from './contentFilter.js';

/** What checks read of the robot's world, as it is at the step judged (undefined: no such model yet). */
export interface WorldFacts {
  /** A model's frame in the plane. */
  position(model: string): { x: number; y: number } | undefined;
  /** What the model touches (`model::link::collision` each). */
  touched(model: string): readonly string[] | undefined;
}

export interface CheckContext {
  message: unknown;
  /** The previous message on the same topic; undefined if none. */
  previous: unknown;
  /** Sim time since the run's start. */
  nowSeconds: number;
  /** The latest message published on `topic`; undefined if none. */
  latest(topic: string): unknown;
  /** The robot's world (undefined: the job has none, or it has not started). */
  world: WorldFacts | undefined;
}

export interface CompiledCheck {
  test(context: CheckContext): boolean;
  /** The other topics latest() names, in first-use order. */
  readonly topics: readonly string[];
  /** The world's models the world functions name, in first-use order. */
  readonly models: readonly string[];
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

/** The model a world function names (collected in `models`). */
function modelOf(args: Parameters<Fn>[0], models: string[]): string {
  const model = args.name();
  if (!models.includes(model)) models.push(model);
  return model;
}

/** A model's x or y as an operand (missing while the world has no such model). */
function coordinate(model: string, axis: 'x' | 'y'): Operand<CheckContext> {
  return typed((context: CheckContext) => context.world?.position(model)?.[axis], 'number');
}

/** A number 1 or 0 (missing stays missing) as a boolean. */
function asBoolean(operand: Operand<CheckContext>): Operand<CheckContext> {
  return typed((context: CheckContext) => {
    const value = operand(context);
    return value === undefined ? undefined : value === 1;
  }, 'boolean');
}

/**
 * The world's functions: `collision(m)` (m touches anything), `collision(m, other)` (a collision
 * of the model `other`), `in_region(m, x0, y0, x1, y1)` (m's frame within the rectangle, edges
 * in), `distance(m, x, y)` (from m's frame to the point, metres).
 */
function worldFunctions(models: string[]): [string, Fn][] {
  return [
    [
      'collision',
      (args) => {
        const model = modelOf(args, models);
        const other = args.more() ? `${args.name()}::` : null;
        return typed((context: CheckContext) => {
          const touched = context.world?.touched(model);
          return touched === undefined ? undefined : other === null ? touched.length > 0 : touched.some((name) => name.startsWith(other));
        }, 'boolean');
      },
    ],
    [
      'in_region',
      (args) => {
        const model = modelOf(args, models);
        const corners = [args.value(), args.value(), args.value(), args.value()];
        const inside = (x: number, y: number, x0: number, y0: number, x1: number, y1: number): number =>
          x >= Math.min(x0, x1) && x <= Math.max(x0, x1) && y >= Math.min(y0, y1) && y <= Math.max(y0, y1) ? 1 : 0;
        return asBoolean(computed(inside, [coordinate(model, 'x'), coordinate(model, 'y'), ...corners]));
      },
    ],
    [
      'distance',
      (args) => {
        const model = modelOf(args, models);
        const [x, y] = [args.value(), args.value()];
        return computed((a, b, gx, gy) => Math.sqrt((a - gx) * (a - gx) + (b - gy) * (b - gy)), [coordinate(model, 'x'), coordinate(model, 'y'), x, y]);
      },
    ],
  ];
}

/** Checks' functions; `topics` collects the topics latest() reads, `models` the world's models the world functions name. */
function checkFunctions(topics: string[], models: string[]): ReadonlyMap<string, Fn> {
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
    ...worldFunctions(models),
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
  const models: string[] = [];
  const test = parseExpression<CheckContext>(expression, {
    where: `check expression '${quoted(expression)}'`,
    parameters: [],
    fieldExists,
    ...(fieldKind === undefined ? {} : { fieldKind }),
    functions: checkFunctions(topics, models),
  });
  return { test, topics, models };
}

/** How long an expression errors quote whole: a longer one is cut (a line, not pages, says what is wrong). */
const QUOTED = 80;

function quoted(expression: string): string {
  return expression.length > QUOTED ? `${expression.slice(0, QUOTED)}…` : expression;
}
