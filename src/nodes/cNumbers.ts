/**
 * Numbers read from text as C and C++ read them, where upstream nodes do: std::stod (glibc's
 * strtod) and `std::istringstream >> double`. JavaScript's Number() rounds decimal text
 * correctly, as glibc does; the prefix rules, hexadecimal floats, inf and nan are C's.
 */

/** What strtod reads of `text`: its value and how many characters it took (0: no conversion); `range` when glibc sets ERANGE. */
export interface StrtodResult {
  value: number;
  length: number;
  range: boolean;
}

const SPACE = /^[ \t\n\v\f\r]*/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?/;
const SPECIAL = /^([+-]?)(?:(inf(?:inity)?)|(nan(?:\([0-9A-Za-z_]*\))?))/i;

/** glibc's strtod of `text` (the C locale). */
export function strtod(text: string): StrtodResult {
  const lead = SPACE.exec(text)![0].length;
  const rest = text.slice(lead);
  const special = SPECIAL.exec(rest);
  if (special !== null) {
    const sign = special[1] === '-' ? -1 : 1;
    return { value: special[2] !== undefined ? sign * Infinity : Number.NaN, length: lead + special[0].length, range: false };
  }
  const hex = HEX.exec(rest);
  if (hex !== null && ((hex[2] ?? '') !== '' || (hex[3] ?? '') !== '')) {
    const [whole, sign, integer = '', fraction = '', exponent] = hex;
    // Without a digit after `p` the exponent is not part of the number.
    const taken = exponent === undefined ? whole : whole.slice(0, whole.length - 1 - exponent.length);
    const digits = `${integer}${fraction}`;
    const mantissa = Number(BigInt(`0x${digits}`));
    const scale = (exponent === undefined ? 0 : Number(exponent)) - 4 * fraction.length;
    const magnitude = scaleByPowerOfTwo(mantissa, scale);
    const value = sign === '-' ? -magnitude : magnitude;
    return { value, length: lead + taken.length, range: outOfRange(value, /[1-9a-fA-F]/.test(digits)) };
  }
  // "0x" with no hex digit reads as the 0 before the x.
  const decimal = DECIMAL.exec(rest);
  if (decimal === null) return { value: 0, length: 0, range: false };
  const value = Number(decimal[0]);
  const mantissa = decimal[0].split(/[eE]/)[0]!;
  return { value, length: lead + decimal[0].length, range: outOfRange(value, /[1-9]/.test(mantissa)) };
}

/** `value` × 2^`exponent`, exact unless the result is subnormal (then rounded once more). */
function scaleByPowerOfTwo(value: number, exponent: number): number {
  let result = value;
  let left = exponent;
  // Steps of 2^±1000 keep each factor a normal double.
  for (; left > 1000; left -= 1000) result *= powerOfTwo(1000);
  for (; left < -1000; left += 1000) result *= powerOfTwo(-1000);
  return result * powerOfTwo(left);
}

/** 2^n for |n| ≤ 1000, exactly (no pow). */
function powerOfTwo(n: number): number {
  return n >= 0 ? Number(1n << BigInt(n)) : 1 / Number(1n << BigInt(-n));
}

/** glibc sets ERANGE on overflow, and on an underflow to a subnormal or zero of a number that is not zero. */
function outOfRange(value: number, nonZero: boolean): boolean {
  return !Number.isFinite(value) || (nonZero && Math.abs(value) < 2.2250738585072014e-308);
}

/**
 * std::stod: strtod, where no conversion throws std::invalid_argument and ERANGE
 * std::out_of_range (here: the kind of failure).
 */
export function stod(text: string): number | 'invalid_argument' | 'out_of_range' {
  const read = strtod(text);
  if (read.length === 0) return 'invalid_argument';
  if (read.range) return 'out_of_range';
  return read.value;
}

/** A C++ float: the double rounded to float32, as a float variable or field holds it. */
export const f32 = Math.fround;

const MILLION = 1_000_000n;

/**
 * printf's `%f` of a double as glibc prints it: the exact binary value to six decimals, a tie to
 * the even last digit (toFixed would round it up: 1/128 is 0.007812, not 0.007813), every digit
 * of a large value (toFixed switches to exponents at 1e21), the sign of a negative zero or of a
 * negative value that rounds to zero, `inf`; `nan` for every NaN (JavaScript keeps no NaN's sign,
 * so glibc's `-nan` is never printed).
 */
export function cFixed(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  const bits = new DataView(new ArrayBuffer(8));
  bits.setFloat64(0, value);
  const sign = bits.getUint8(0) >= 0x80 ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}inf`;
  const exponent = (bits.getUint16(0) >> 4) & 0x7ff;
  const fraction = bits.getBigUint64(0) & 0xfffffffffffffn;
  const mantissa = exponent === 0 ? fraction : fraction | 0x10000000000000n;
  const power = (exponent === 0 ? 1 : exponent) - 1075;
  // |value| × 10⁶ = mantissa × 2^power × 10⁶, rounded to an integer, ties to even.
  let millionths: bigint;
  if (power >= 0) millionths = (mantissa << BigInt(power)) * MILLION;
  else {
    const scaled = mantissa * MILLION;
    const divisor = 1n << BigInt(-power);
    millionths = scaled / divisor;
    const twice = 2n * (scaled % divisor);
    if (twice > divisor || (twice === divisor && millionths % 2n === 1n)) millionths += 1n;
  }
  const whole = millionths / MILLION;
  return `${sign}${whole}.${String(millionths % MILLION).padStart(6, '0')}`;
}
