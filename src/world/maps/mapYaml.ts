import { dirname, join } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { decimal } from '../decimal.js';

export type MapMode = 'trinary' | 'scale' | 'raw';

/** A map_server map's YAML, as nav2_map_server's loadMapYaml reads it. */
export interface MapParameters {
  /** The image's path: as written when absolute, else beside the YAML file. */
  image: string;
  resolution: number;
  origin: { x: number; y: number; yaw: number };
  negate: boolean;
  occupiedThresh: number;
  freeThresh: number;
  mode: MapMode;
}

/** A problem with the YAML, or one of its keys (the message names it), at a line when one applies. */
export class MapYamlError extends Error {
  override readonly name = 'MapYamlError';
  readonly line: number | undefined;

  constructor(line: number | undefined, message: string) {
    super(message);
    this.line = line;
  }
}

/**
 * The map's YAML text (`path` names it, for the image beside it), read as loadMapYaml in
 * nav2_map_server/src/map_io.cpp reads it with yaml-cpp: `image`, `resolution`, `origin`
 * (three numbers), `free_thresh`, `occupied_thresh` and `negate` are required; `mode` is
 * trinary when absent, and any case of trinary, scale or raw; `negate` is an integer (not 0 is
 * true) or else a YAML 1.1 boolean (yes, on, true, y and their negatives, as yaml-cpp takes them).
 * Other keys are ignored.
 */
export function readMapYaml(text: string, path: string): MapParameters {
  const lines = new LineCounter();
  // Every scalar as its text, so that each key converts as yaml-cpp's as<T>() converts it.
  const doc = parseDocument(text, { schema: 'failsafe', lineCounter: lines });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    throw new MapYamlError(error.linePos?.[0].line, `invalid YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`);
  }
  if (!isMap(doc.contents)) throw new MapYamlError(undefined, 'not a YAML mapping of keys');
  const map = doc.contents;
  const lineOf = (node: YamlNode): number | undefined => (node.range ? lines.linePos(node.range[0]).line : undefined);
  const optional = (key: string): YamlNode | undefined => map.get(key, true) as YamlNode | undefined;
  const required = (key: string): YamlNode => {
    const value = optional(key);
    if (value === undefined) throw new MapYamlError(undefined, `'${key}' is missing`);
    return value;
  };
  const fail = (key: string, value: YamlNode, why: string): never => {
    throw new MapYamlError(lineOf(value), `'${key}': ${why}`);
  };
  const scalar = (key: string, value: YamlNode): string => {
    if (!isScalar(value) || typeof value.value !== 'string' || value.value === '') return fail(key, value, 'has no value');
    return value.value;
  };
  const number = (key: string, value: YamlNode): number => {
    const written = scalar(key, value);
    const parsed = decimal(written.trim());
    return Number.isFinite(parsed) ? parsed : fail(key, value, `'${written}' is not a number`);
  };

  // In loadMapYaml's order, so that the first problem named is the one map_server names.
  const image = scalar('image', required('image'));
  const resolutionNode = required('resolution');
  const resolution = number('resolution', resolutionNode);
  if (!(resolution > 0)) fail('resolution', resolutionNode, `${resolution} is not a positive number of metres per cell`);
  const originNode = required('origin');
  if (!isSeq(originNode)) return fail('origin', originNode, 'is not a list of 3 numbers');
  const origin = originNode.items.map((item) => number('origin', item as YamlNode));
  if (origin.length !== 3) fail('origin', originNode, `has ${origin.length} elements, not 3`);
  const freeThresh = number('free_thresh', required('free_thresh'));
  const occupiedThresh = number('occupied_thresh', required('occupied_thresh'));
  const modeNode = optional('mode');
  const mode = modeNode === undefined ? 'trinary' : scalar('mode', modeNode).toLowerCase();
  if (mode !== 'trinary' && mode !== 'scale' && mode !== 'raw')
    return fail('mode', modeNode!, `'${scalar('mode', modeNode!)}' is none of trinary, scale and raw`);
  const negateNode = required('negate');
  const negate = negateOf(scalar('negate', negateNode));
  if (negate === undefined) fail('negate', negateNode, `'${scalar('negate', negateNode)}' is neither an integer nor a boolean`);
  return {
    image: image.startsWith('/') ? image : join(dirname(path), image),
    resolution,
    origin: { x: origin[0]!, y: origin[1]!, yaw: origin[2]! },
    negate: negate!,
    occupiedThresh,
    freeThresh,
    mode,
  };
}

const TRUE = ['y', 'yes', 'true', 'on'];
const FALSE = ['n', 'no', 'false', 'off'];

/** yaml-cpp's as<int>() (not 0 is true), else its as<bool>(): a word in lower, upper or title case; undefined for neither. */
function negateOf(text: string): boolean | undefined {
  if (/^[-+]?\d+$/.test(text)) return Number(text) !== 0;
  const forms = (word: string): string[] => [word, word.toUpperCase(), word[0]!.toUpperCase() + word.slice(1)];
  if (TRUE.some((word) => forms(word).includes(text))) return true;
  if (FALSE.some((word) => forms(word).includes(text))) return false;
  return undefined;
}
