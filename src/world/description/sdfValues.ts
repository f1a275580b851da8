import { attribute, firstChild, type XmlElement } from '../../base/xmlReader.js';
import { IDENTITY, normalizedQuat, type Pose, quatFromEuler, type Vec3 } from '../geometry/pose.js';
import { WorldInputError } from '../WorldInputError.js';
import type { Place } from './description.js';

/** A description that cannot be read: one line, `file:line: what`. */
export class DescriptionError extends WorldInputError {
  override readonly name = 'DescriptionError';

  constructor(place: Place, text: string) {
    super(`${place.file}:${place.line}: ${text}`);
  }
}

/** Reads one SDF file's values: each failure names the file, the line and the element. */
export class SdfValues {
  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  place(element: XmlElement): Place {
    return { file: this.file, line: element.line };
  }

  error(element: XmlElement, text: string): DescriptionError {
    return new DescriptionError(this.place(element), text);
  }

  fail(element: XmlElement, text: string): never {
    throw this.error(element, text);
  }

  /** The element's text with SDF's white space trimmed ('' when it has none). */
  text(element: XmlElement): string {
    return (element.text ?? '').trim();
  }

  /** The element's numbers: exactly `count` of them. */
  numbers(element: XmlElement, count: number): number[] {
    const values = this.text(element)
      .split(/\s+/)
      .filter((word) => word !== '')
      .map(number);
    if (values.length !== count || values.some(Number.isNaN)) {
      this.fail(element, `<${element.name}> must be ${count === 1 ? 'a number' : `${count} numbers`}, not '${this.text(element)}'`);
    }
    return values;
  }

  /** A child's number, or `fallback` when there is no such child. */
  number(parent: XmlElement, name: string, fallback: number): number {
    const child = firstChild(parent, name);
    return child === undefined ? fallback : this.numbers(child, 1)[0]!;
  }

  vector(parent: XmlElement, name: string, fallback: Vec3): Vec3 {
    const child = firstChild(parent, name);
    if (child === undefined) return fallback;
    const [x, y, z] = this.numbers(child, 3) as [number, number, number];
    return { x, y, z };
  }

  /** SDF's bool: `true`, `false`, `1`, `0`. */
  boolean(parent: XmlElement, name: string, fallback: boolean): boolean {
    const child = firstChild(parent, name);
    if (child === undefined) return fallback;
    const value = this.text(child).toLowerCase();
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return this.fail(child, `<${name}> must be true or false, not '${this.text(child)}'`);
  }

  /** A child's text, or `fallback`. */
  string(parent: XmlElement, name: string, fallback: string): string;
  string(parent: XmlElement, name: string, fallback: null): string | null;
  string(parent: XmlElement, name: string, fallback: string | null): string | null {
    const child = firstChild(parent, name);
    return child === undefined ? fallback : this.text(child);
  }

  /** An attribute that must be there. */
  required(element: XmlElement, name: string): string {
    const value = attribute(element, name);
    if (value === undefined || value === '') this.fail(element, `<${element.name}> needs a '${name}' attribute`);
    return value;
  }

  /**
   * A `<pose>` element's value: `x y z roll pitch yaw` (radians, or degrees with
   * `degrees="true"`), or `x y z qx qy qz qw` with `rotation_format="quat_xyzw"` (SDF 1.9);
   * empty is the identity.
   */
  pose(element: XmlElement | undefined): Pose {
    if (element === undefined || this.text(element) === '') return IDENTITY;
    const format = attribute(element, 'rotation_format') ?? 'euler_rpy';
    if (format === 'quat_xyzw') {
      const [x, y, z, qx, qy, qz, qw] = this.numbers(element, 7) as [number, number, number, number, number, number, number];
      return { position: { x, y, z }, rotation: normalizedQuat({ x: qx, y: qy, z: qz, w: qw }) };
    }
    if (format !== 'euler_rpy') this.fail(element, `<pose rotation_format> must be euler_rpy or quat_xyzw, not '${format}'`);
    const [x, y, z, roll, pitch, yaw] = this.numbers(element, 6) as [number, number, number, number, number, number];
    const degrees = (attribute(element, 'degrees') ?? 'false').toLowerCase();
    const k = degrees === 'true' || degrees === '1' ? Math.PI / 180 : 1;
    return { position: { x, y, z }, rotation: quatFromEuler(roll * k, pitch * k, yaw * k) };
  }
}

/** A number as sdformat reads it (C++ streams: `inf`, `-inf` too). */
function number(word: string): number {
  if (/^[+-]?inf(inity)?$/i.test(word)) return word.startsWith('-') ? -Infinity : Infinity;
  return Number(word);
}
