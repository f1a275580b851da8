/**
 * A plain (unquoted) YAML scalar of a parameter value as rcl_yaml_param_parser types it
 * (get_value in rcl_yaml_param_parser/src/parse.c), not as YAML's core schema does: its own
 * words for true and false first (`yes`, `on`, `y`, …), then C's strtol with base 0 (`010` is
 * octal 8, `0x1f` hex), then strtod (`inf`, `nan`, `1e3`), each over the whole text; anything
 * else is a string (`~`, `null`, `1_000`, `0o17`). Params files and `-p` values both.
 */
export function rclYamlScalar(text: string): boolean | bigint | number | string {
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  if (STRTOL.test(text)) {
    const value = strtol(text);
    // Beyond int64 strtol sets ERANGE, and rcl tries the text as a double.
    if (value >= -(2n ** 63n) && value < 2n ** 63n) return value;
  }
  if (YAML_INF_NAN.test(text)) return /nan/i.test(text) ? Number.NaN : text.startsWith('-') ? -Infinity : Infinity;
  if (STRTOD_WORDS.test(text)) return /nan/i.test(text) ? Number.NaN : text.startsWith('-') ? -Infinity : Infinity;
  if (STRTOD.test(text)) {
    const value = Number(text);
    // strtod sets ERANGE on overflow and on underflow (a non-zero number that comes out zero or
    // subnormal): rcl then takes the text as a string.
    const tiny = Math.abs(value) < 2.2250738585072014e-308 && /[1-9]/.test(text.replace(/[eE].*$/, ''));
    if (Number.isFinite(value) && !tiny) return value;
  }
  return text;
}

const TRUE_WORDS = new Set(['Y', 'y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
const FALSE_WORDS = new Set(['N', 'n', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']);
/** What strtol(text, &end, 0) reads to its end: a sign, then hex, octal or decimal digits. */
const STRTOL = /^[+-]?(?:0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)$/;
/** YAML's infinities and NaN, which rcl reads itself. */
const YAML_INF_NAN = /^(?:[+-]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
/** strtod's words for them (glibc: any case, `infinity`, `nan(…)`). */
const STRTOD_WORDS = /^[+-]?(?:inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?)$/i;
/** strtod's decimal form (its hexadecimal one, `0x1p3`, is left a string here). */
const STRTOD = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function strtol(text: string): bigint {
  const negative = text.startsWith('-');
  const digits = text.replace(/^[+-]/, '');
  const octal = digits.length > 1 && digits.startsWith('0') && !/^0[xX]/.test(digits);
  const magnitude = BigInt(octal ? `0o${digits.slice(1)}` : digits);
  return negative ? -magnitude : magnitude;
}
