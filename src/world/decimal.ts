const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A decimal number as the files of a world write them (`-1.5`, `2e-3`, `.5`), correctly rounded
 * as strtod rounds it; NaN for anything else, so that JavaScript's extras (`0x1f`, `Infinity`,
 * an empty token read as 0) never pass for numbers.
 */
export function decimal(token: string): number {
  return DECIMAL.test(token) ? Number(token) : Number.NaN;
}
