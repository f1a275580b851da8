import { attribute, readXml, type XmlElement } from '../../base/xmlReader.js';
import { decimal } from '../decimal.js';
import { MeshContentError } from './TriangleMesh.js';

/** A Collada document: its `<COLLADA>` element and its elements by id, the first of each id in document order. */
export class ColladaDocument {
  readonly root: XmlElement;
  readonly #ids = new Map<string, XmlElement>();

  constructor(text: string) {
    const root = readXml(text).find((element) => element.name === 'COLLADA');
    if (root === undefined) throw new MeshContentError(undefined, 'no <COLLADA> element');
    this.root = root;
    const stack = [root];
    while (stack.length > 0) {
      const element = stack.pop()!;
      const id = attribute(element, 'id');
      if (id !== undefined && !this.#ids.has(id)) this.#ids.set(id, element);
      for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]!);
    }
  }

  /** The element a url names (`#id`, or a bare id as gz-common's ColladaLoader also takes). */
  element(url: string): XmlElement | undefined {
    return this.#ids.get(url.startsWith('#') ? url.slice(1) : url);
  }

  /**
   * The `<name>` element that `referrer`'s attribute `key` names.
   */
  target(referrer: XmlElement, key: string, name: string): XmlElement {
    const url = attribute(referrer, key);
    if (url === undefined) throw new MeshContentError(lineOf(referrer), `<${referrer.name}> has no ${key}`);
    if (/^[^#]+#/.test(url)) throw new MeshContentError(lineOf(referrer), `<${referrer.name}> ${key}='${url}' names another file, which is not read`);
    const found = this.element(url);
    if (found === undefined) throw new MeshContentError(lineOf(referrer), `<${referrer.name}> ${key}='${url}' names no element`);
    if (found.name !== name) throw new MeshContentError(lineOf(referrer), `<${referrer.name}> ${key}='${url}' names a <${found.name}>, not a <${name}>`);
    return found;
  }
}

export const lineOf = (element: XmlElement): string => `line ${element.line}`;

/** An element's text as numbers; an error at its line for anything that is not one. */
export function numbersIn(element: XmlElement): Float64Array {
  const words = (element.text ?? '').trim().split(/\s+/);
  if (words[0] === '') return new Float64Array(0);
  const numbers = new Float64Array(words.length);
  for (let i = 0; i < words.length; i++) {
    numbers[i] = decimal(words[i]!);
    if (!Number.isFinite(numbers[i]!)) throw new MeshContentError(lineOf(element), `<${element.name}> holds '${words[i]}', which is not a number`);
  }
  return numbers;
}

/** Exactly `count` numbers, as a transform's element holds them. */
export function fixedNumbers(element: XmlElement, count: number): Float64Array {
  const numbers = numbersIn(element);
  if (numbers.length !== count) throw new MeshContentError(lineOf(element), `<${element.name}> has ${numbers.length} numbers, not ${count}`);
  return numbers;
}

/** An element's text as unsigned integers (`<p>`, `<vcount>`), read without a string per number. */
export function indicesIn(element: XmlElement): number[] {
  const text = element.text ?? '';
  const indices: number[] = [];
  let value = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) value = (value < 0 ? 0 : value * 10) + (code - 48);
    else if (code === 32 || code === 10 || code === 9 || code === 13) {
      if (value >= 0) indices.push(value);
      value = -1;
    } else throw new MeshContentError(lineOf(element), `<${element.name}> holds '${text.slice(i).split(/\s/)[0]}', which is not an index`);
  }
  if (value >= 0) indices.push(value);
  return indices;
}

/** A non-negative integer attribute, or `fallback` when absent. */
export function integerAttribute(element: XmlElement, key: string, fallback?: number): number {
  const text = attribute(element, key);
  if (text === undefined && fallback !== undefined) return fallback;
  if (text === undefined) throw new MeshContentError(lineOf(element), `<${element.name}> has no ${key}`);
  if (!/^\s*\d+\s*$/.test(text)) throw new MeshContentError(lineOf(element), `<${element.name}> ${key}='${text}' is not a non-negative integer`);
  return Number(text);
}
