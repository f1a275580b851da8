import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CheckContext, compileCheckExpression } from '../../src/sim/checkExpression.js';
import { ContentFilterError, compileContentFilter, type ValueKind } from '../../src/sim/contentFilter.js';

const own = new Set(['x', 'y', 'n', 'state', 'inside', 'pose.position.x', 'data[1]']);
const other = new Set(['x', 'y']);
const fieldExists = (topic: string | null, path: string): boolean => (topic === null ? own : topic === '/other' ? other : new Set()).has(path);

const message = { x: 3, y: 4, n: 10n ** 18n, state: 'GO', inside: true, pose: { position: { x: -2 } }, data: [0, 7] };
const context = (overrides: Partial<CheckContext> = {}): CheckContext => ({
  message,
  previous: { x: 1, y: 1, state: 'STOP' },
  nowSeconds: 2.5,
  latest: (topic) => (topic === '/other' ? { x: 0, y: 0 } : undefined),
  world: undefined,
  ...overrides,
});
const holds = (expression: string, overrides?: Partial<CheckContext>): boolean => compileCheckExpression(expression, fieldExists).test(context(overrides));

describe('check expressions', () => {
  it('computes with the usual precedence, left to right, with parentheses', () => {
    assert.equal(holds('x + y * 2 = 11'), true);
    assert.equal(holds('(x + y) * 2 = 14'), true);
    assert.equal(holds('x - y - 1 = -2'), true);
    assert.equal(holds('12 / x / 2 = 2'), true);
    assert.equal(holds('((x + y)) * 2 > 13 AND (x < y OR y < x)'), true);
  });

  it('reads a minus after a value as subtraction and elsewhere as a sign', () => {
    assert.equal(holds('x -5 = -2'), true);
    assert.equal(holds('x - -5 = 8'), true);
    assert.equal(holds('-x = -3'), true);
    assert.equal(holds('- (x + y) = -7'), true);
    assert.equal(holds('pose.position.x * -x = 6'), true);
    assert.equal(holds('(x)-1 = 2'), true);
  });

  it('keeps what content filters take: BETWEEN, LIKE, NOT, int64 compared exactly, booleans', () => {
    assert.equal(holds("x + 1 BETWEEN 4 AND y AND state LIKE 'G%' AND NOT state = 'STOP'"), true);
    assert.equal(holds('x NOT BETWEEN 0 AND 2'), true);
    assert.equal(holds('n = 1000000000000000000 AND n < 1000000000000000001'), true);
    assert.equal(holds('data[1] = 7 AND inside = TRUE'), true);
  });

  it('takes a boolean value as a condition', () => {
    assert.equal(holds('inside AND x = 3'), true);
    assert.equal(holds('NOT inside'), false);
    assert.equal(holds('(inside)'), true);
    assert.equal(holds('state'), false, 'a string is no true');
  });

  it('converts int64 to number for arithmetic', () => {
    assert.equal(holds('n + 1 = 1e18 AND NOT n + 1 > n'), true, 'the sum is a double: 1e18 + 1 rounds to 1e18');
    assert.equal(holds('n / 1000000000000000000 + x = 4'), true);
  });

  it('has abs, sqrt, hypot, min, max (any case)', () => {
    assert.equal(holds('abs(pose.position.x) = 2 AND abs(x) = 3'), true);
    assert.equal(holds('sqrt(x * x + y * y) = 5'), true);
    assert.equal(holds('hypot(x, y) = 5 AND HYPOT(x - 3, -y) = 4'), true);
    assert.equal(holds('min(x, y) = 3 AND max(x, y) = 4 AND Min(-1, 0) = -1'), true);
    assert.equal(holds('hypot(3e200, 4e200) = 1 / 0'), true, 'sqrt(a*a + b*b), not Math.hypot: the squares overflow');
  });

  it('reads the time, the previous message and other topics, missing when there are none', () => {
    assert.equal(holds('now() = 2.5 AND now() * 2 = 5'), true);
    assert.equal(holds("x - prev(x) = 2 AND prev(state) = 'STOP'"), true);
    assert.equal(holds("hypot(x - latest('/other', x), y - latest('/other', y)) >= 5"), true);
    assert.equal(holds('prev(x) = 1', { previous: undefined }), false);
    assert.equal(holds('prev(x) <> 1', { previous: undefined }), true);
    assert.equal(holds("latest('/other', x) >= 0", { latest: () => undefined }), false);
  });

  it('propagates a missing value through arithmetic and functions: comparisons with it are false except <>', () => {
    const none = { previous: undefined };
    for (const op of ['=', '<', '<=', '>', '>=']) assert.equal(holds(`abs(x - prev(x)) * 2 ${op} 0`, none), false, op);
    assert.equal(holds('x - prev(x) != 0', none), true);
    assert.equal(holds('x - prev(x) BETWEEN -10 AND 10', none), false);
    // A field whose kind is not known yet (no type given): a string is no number when the message comes.
    assert.equal(holds('x + state = 3 OR sqrt(state) = 0'), false, 'strings are no numbers');
  });

  it('finds NaN incomparable, so 0/0 and sqrt(-1) satisfy only <>', () => {
    assert.equal(holds('0 / 0 = 0 OR 0 / 0 <= 0 OR sqrt(-1) >= 0'), false);
    assert.equal(holds('sqrt(-1) <> sqrt(-1)'), true);
    assert.equal(holds('1 / 0 > 1e308'), true);
  });

  it("lists latest()'s topics once each in first-use order, a relative name from the root namespace", () => {
    const compiled = compileCheckExpression("latest('/b', x) = 0 OR latest('/other', x) = latest('b', y)", (topic) => topic !== null);
    assert.deepEqual(compiled.topics, ['/b', '/other']);
    assert.deepEqual(compileCheckExpression('x = 1', fieldExists).topics, []);
  });

  it('refuses bad expressions naming the expression and where', () => {
    const refuses = (expression: string, message: string): void =>
      assert.throws(
        () => compileCheckExpression(expression, fieldExists),
        (error: unknown) => error instanceof ContentFilterError && error.message === `check expression '${expression}': ${message}`,
      );
    refuses('x +', 'expected a field, literal or parameter at the end');
    refuses('x + * 2 > 1', "expected a field, literal or parameter at '*' (position 4)");
    refuses('x + 1', 'expected a comparison at the end');
    refuses('abs(x) OR inside', "expected a comparison at 'OR' (position 7)");
    refuses('now()', 'expected a comparison at the end');
    refuses('hypot(x) > 1', "expected ',' at ')' (position 7)");
    refuses('abs(x, y) > 1', "expected ')' at ',' (position 5)");
    refuses('cos(x) > 1', "no function 'cos' (there are abs, sqrt, hypot, min, max, now, prev, latest, collision, in_region, distance) at 'cos' (position 0)");
    refuses('prev(x + 1) > 1', "expected ')' at '+' (position 7)");
    refuses('prev(z) > 1', "'z' is no field of the topic's type (position 5)");
    refuses('latest(x, x) > 1', "expected a quoted topic name at 'x' (position 7)");
    // Topic names as rcl checks them (rcl_validate_topic_name).
    refuses(
      "latest('not a topic', x) > 1",
      "invalid topic name 'not a topic': topic name is invalid: topic name must not contain characters other than alphanumerics, '_', '~', '{', or '}' at ''not a topic'' (position 7)",
    );
    refuses("latest('/a//b', x) > 1", "invalid topic name '/a//b': topic name is invalid: topic name must not contain repeated '/' at ''/a//b'' (position 7)");
    refuses("latest('', x) > 1", "invalid topic name '': topic name is invalid: topic name must not be empty string at '''' (position 7)");
    refuses("latest('/other', state) = 'GO'", "'state' is no field of the type of /other (position 17)");
    refuses('z * 2 > 1', "'z' is no field of the topic's type (position 0)");
    refuses('x > %0', '%0 has no parameter (0 given)');
    refuses('x # 1', 'unexpected text at 2');
    refuses('(x > 1', "expected ')' at the end");
    refuses(' ', 'the expression is empty');
    // Deeper than the parser goes, or longer than it reads: a line, not a stack overflow.
    // A long expression is quoted cut, at 80 characters.
    const refusesLong = (expression: string, message: string): void =>
      assert.throws(
        () => compileCheckExpression(expression, fieldExists),
        (error: unknown) => error instanceof ContentFilterError && error.message === `check expression '${expression.slice(0, 80)}…': ${message}`,
      );
    const deep = 'nested more than 100 deep (parentheses, NOT, minus signs, function calls)';
    refusesLong(`${'('.repeat(150)}x${')'.repeat(150)} > 1`, `${deep} at '(' (position 100)`);
    refusesLong(`${'NOT '.repeat(101)}x > 1`, `${deep} at 'NOT' (position 400)`);
    refusesLong(`${'-'.repeat(101)}x > 1`, `${deep} at '-' (position 100)`);
    refusesLong(`${'x > 1 AND '.repeat(1000)}x > 1`, 'more than 2000 tokens (it has 4003)');
    refuses('x + TRUE = 4', "'+' takes numbers, not a boolean at '+' (position 2)");
  });
});

describe('check expressions, their fields’ kinds known', () => {
  const kinds: Record<string, ValueKind> = { x: 'number', y: 'number', n: 'number', state: 'string', inside: 'boolean', data: 'other', 'data[1]': 'number' };
  const fieldKind = (topic: string | null, path: string): ValueKind =>
    topic === null ? (kinds[path] ?? 'unknown') : topic === '/other' ? 'number' : 'unknown';
  const exists = (topic: string | null, path: string): boolean => fieldExists(topic, path) || (topic === null && path in kinds);
  const refuses = (expression: string, message: string): void =>
    assert.throws(
      () => compileCheckExpression(expression, exists, fieldKind),
      (error: unknown) => error instanceof ContentFilterError && error.message === `check expression '${expression}': ${message}`,
    );

  it('refuses an operation on a kind of value it cannot take, where the operator is', () => {
    refuses("x > 'abc'", "'>' compares a number with a string at '>' (position 2)");
    refuses('state + 1 > 2', "'+' takes numbers, not a string at '+' (position 6)");
    refuses('-state < 0', "'-' takes numbers, not a string at '-' (position 0)");
    refuses('abs(state) > 1', "'abs' takes numbers, not a string at 'abs' (position 4)");
    refuses("x LIKE 'a%'", "'LIKE' takes strings, not a number at 'LIKE' (position 2)");
    refuses('x BETWEEN 1 AND TRUE', "'BETWEEN' compares a number with a boolean at 'BETWEEN' (position 2)");
    refuses('state OR inside', "expected a comparison at 'OR' (position 6)");
    refuses('data > 1', "'>' takes numbers, strings or booleans, not a message or an array at '>' (position 5)");
    refuses('prev(state) = 1', "'=' compares a string with a number at '=' (position 12)");
    refuses("latest('/other', x) = 'GO'", "'=' compares a number with a string at '=' (position 20)");
  });

  it('takes what fits', () => {
    for (const expression of [
      "state = 'GO' AND x + data[1] > 9",
      "state LIKE 'G%'",
      'inside',
      'inside = TRUE',
      'NOT inside OR x BETWEEN 1 AND 5',
      'n > 1',
      "prev(state) <> 'GO'",
    ]) {
      assert.doesNotThrow(() => compileCheckExpression(expression, exists, fieldKind), expression);
    }
    assert.equal(compileCheckExpression("state = 'GO' AND x + data[1] > 9", exists, fieldKind).test(context()), true);
  });
});

describe('content filters, read by the same parser', () => {
  const filter = (expression: string, parameters?: unknown[]) => compileContentFilter({ expression, parameters }, (path) => own.has(path));
  const matches = (expression: string, parameters?: unknown[]): boolean => filter(expression, parameters)(message);

  it('still take what DDS takes', () => {
    assert.equal(matches('x > -5 AND y = 4'), true);
    assert.equal(matches('x BETWEEN %0 AND %1 OR NOT (state LIKE %2)', [1, '3.0', "'S%'"]), true);
    assert.equal(matches('x NOT BETWEEN 0 AND 2 AND (inside = TRUE OR y < 0)'), true);
    assert.equal(matches("n >= 1000000000000000000 AND state <> 'STOP' AND data[1] != 6 AND pose.position.x <= -2"), true);
    assert.equal(matches('NOT NOT x = 3 AND x>=3'), true);
  });

  it('still refuse arithmetic, functions, bare values and parenthesized operands', () => {
    const refuses = (expression: string, message: string): void =>
      assert.throws(
        () => filter(expression),
        (error: unknown) => error instanceof ContentFilterError && error.message === `content filter '${expression}': ${message}`,
      );
    refuses('x + 1 > 2', "expected a comparison at '+' (position 2)");
    refuses('x * 2 > 2', "expected a comparison at '*' (position 2)");
    refuses('x -5 > 2', "expected a comparison at '-5' (position 2)");
    refuses('-x > 2', "expected a field, literal or parameter at '-' (position 0)");
    refuses('abs(x) > 2', "'abs' is no field of the topic's type (position 0)");
    refuses('now() > 2', "'now' is no field of the topic's type (position 0)");
    refuses('inside AND x = 3', "expected a comparison at 'AND' (position 7)");
    refuses('(x) > 2', "expected a comparison at ')' (position 2)");
    refuses('(x > 1) = TRUE', "unexpected text at '=' (position 8)");
    refuses('x >', 'expected a field, literal or parameter at the end');
  });

  it('finds NaN incomparable, as IEEE does', () => {
    const nan = compileContentFilter({ expression: 'x = 0 OR x BETWEEN -1 AND 1 OR x <> 0' }, () => true);
    assert.equal(nan({ x: Number.NaN }), true);
    assert.equal(compileContentFilter({ expression: 'x = 0 OR x BETWEEN -1 AND 1' }, () => true)({ x: Number.NaN }), false);
  });
});
