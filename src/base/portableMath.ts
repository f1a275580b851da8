/**
 * Math's transcendental functions computed in JavaScript arithmetic (stdlib's ports of fdlibm,
 * FreeBSD msun, Cephes and Go), so that every CPU gives the same bits: V8 computes Math.sin & co
 * in C++, and its arm64 build rounds some results differently from the other machines. + − × ÷
 * and Math.sqrt are correctly rounded IEEE operations everywhere. Math.hypot (V8 sums squares
 * with them) gave the same bits on arm64 in a million calls, so it is not here.
 *
 * Each takes its arguments as Math's do (converted to numbers), agrees with Math on the operands
 * whose results ECMAScript defines exactly, and elsewhere is within 2 ulps of x86-64's Math
 * (test/base/portableMath.test.ts). The wrappers below mend stdlib where it breaks that (its pow,
 * atan2, sinh and cosh).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Unary = (x: number) => number;
type Binary = (x: number, y: number) => number;

/**
 * stdlib's `name`, loaded at its first call: the hundred small packages behind these take tens of
 * milliseconds to load, which a run that calls none of them should not pay.
 */
function loaded<F>(name: string): () => F {
  let f: F | undefined;
  return () => (f ??= require(`@stdlib/math-base-special-${name}`) as F);
}

/** stdlib's `stdlibName` as the Math function `name`: its argument converted as Math's is, and Math's name. */
function unary(name: string, stdlibName = name): Unary {
  const std = loaded<Unary>(stdlibName);
  return Object.defineProperty((x: number): number => std()(+x), 'name', { value: name });
}

export const sin = unary('sin');
export const cos = unary('cos');
export const tan = unary('tan');
export const asin = unary('asin');
export const acos = unary('acos');
export const atan = unary('atan');
export const tanh = unary('tanh');
export const asinh = unary('asinh');
export const acosh = unary('acosh');
export const atanh = unary('atanh');
export const exp = unary('exp');
export const expm1 = unary('expm1');
export const log = unary('log', 'ln');
export const log2 = unary('log2');
export const log10 = unary('log10');
export const log1p = unary('log1p');
export const cbrt = unary('cbrt');

const stdAtan2 = loaded<Binary>('atan2');
const stdCosh = loaded<Unary>('cosh');
const stdPow = loaded<Binary>('pow');
const stdSinh = loaded<Unary>('sinh');

/** The host's, taken before a run puts these functions in its place (compat/VirtualGlobals). */
const hostPow = Math.pow;
/** ln(Number.MAX_VALUE): above it exp overflows while cosh does not yet. */
const LN_MAX = 709.782712893384;

/** stdlib's takes atan(y / x), whose sign is lost when y / x underflows; the result's sign is y's. */
export function atan2(y: number, x: number): number {
  const result = stdAtan2()(+y, +x);
  return isNegative(result) === isNegative(+y) ? result : -result;
}

/** stdlib's overflows early below zero; sinh is odd. */
export function sinh(x: number): number {
  const value = +x;
  return value < 0 ? -stdSinh()(-value) : stdSinh()(value);
}

/** stdlib's overflows with exp(|x|); near the limit, as fdlibm: exp(|x| / 2)² / 2. */
export function cosh(x: number): number {
  const magnitude = Math.abs(+x);
  if (!(magnitude > LN_MAX)) return stdCosh()(magnitude);
  const half = exp(0.5 * magnitude);
  return 0.5 * half * half;
}

/**
 * stdlib's follows C, not ECMAScript, where an operand is 0, infinite or NaN (1 ** Infinity is
 * NaN in JavaScript), and errs in the sign of a negative base to a huge even power. Those special
 * operands' results are exact (0, ±∞, NaN, 1), the same from the host's on every machine; a
 * negative base is taken as its magnitude, negated for an odd integer power.
 */
export function pow(x: number, y: number): number {
  const base = +x;
  const exponent = +y;
  if (base === 0 || exponent === 0 || !Number.isFinite(base) || !Number.isFinite(exponent)) return hostPow(base, exponent);
  if (base > 0) return stdPow()(base, exponent);
  if (!Number.isInteger(exponent)) return NaN;
  const magnitude = stdPow()(-base, exponent);
  return exponent % 2 === 0 ? magnitude : -magnitude;
}

/** Whether the sign bit is set (−0 included). */
function isNegative(value: number): boolean {
  return value < 0 || Object.is(value, -0);
}
