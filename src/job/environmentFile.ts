import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';
import { makePrism, type Prism } from '../network/geometry.js';
import { JobFileError } from './jobErrors.js';
import { readYamlFile } from './yamlFile.js';

/**
 * Penetration loss of an obstacle that does not give one, dB: of the order of an exterior and an
 * interior wall of a brick or concrete building at 5 GHz.
 */
export const DEFAULT_OBSTACLE_LOSS_DB = 20;

const coordinate = { type: 'array', items: { type: 'number' }, minItems: 2 };
/** An obstacle as job files and YAML environments write it. */
export const obstacleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['footprint', 'height'],
  properties: {
    name: { type: 'string' },
    footprint: { type: 'array', items: coordinate, minItems: 3 },
    base: { type: 'number' },
    height: { type: 'number', exclusiveMinimum: 0 },
    loss_db: { type: 'number', minimum: 0 },
  },
} as const;

export interface ObstacleEntry {
  name?: string;
  footprint: number[][];
  base?: number;
  height: number;
  loss_db?: number;
}

/** GeoJSON building footprints: Polygon or MultiPolygon features with a height. */
const geoJsonSchema = {
  type: 'object',
  required: ['type', 'features'],
  properties: {
    type: { const: 'FeatureCollection' },
    features: {
      type: 'array',
      items: {
        type: 'object',
        required: ['geometry', 'properties'],
        properties: {
          geometry: {
            type: 'object',
            required: ['type', 'coordinates'],
            properties: { type: { enum: ['Polygon', 'MultiPolygon'] }, coordinates: { type: 'array' } },
          },
          properties: {
            type: 'object',
            required: ['height'],
            properties: {
              name: { type: 'string' },
              height: { type: 'number', exclusiveMinimum: 0 },
              base: { type: 'number' },
              min_height: { type: 'number' },
              loss_db: { type: 'number', minimum: 0 },
            },
          },
        },
      },
    },
  },
} as const;
const yamlEnvironmentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['obstacles'],
  properties: { obstacles: { type: 'array', items: obstacleSchema } },
} as const;

// Loaded and compiled when the first environment file is read: most jobs have none, and ajv
// costs ~100 ms of a run's start.
type Validator = ValidateFunction<unknown>;
let validators: { geoJson: Validator; yaml: Validator } | null = null;
function environmentValidators(): { geoJson: Validator; yaml: Validator } {
  if (validators === null) {
    const { Ajv } = createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass };
    const ajv = new Ajv({ allErrors: false, strict: false });
    validators = { geoJson: ajv.compile(geoJsonSchema), yaml: ajv.compile(yamlEnvironmentSchema) };
  }
  return validators;
}

/** An obstacle entry as a prism (named `fallbackName` when it has no name). */
export function obstacleFrom(entry: ObstacleEntry, fallbackName: string): Prism {
  return makePrism(
    entry.name ?? fallbackName,
    entry.footprint.map((p) => [p[0]!, p[1]!] as const),
    entry.base ?? 0,
    entry.height,
    entry.loss_db ?? DEFAULT_OBSTACLE_LOSS_DB,
  );
}

/**
 * Obstacles from a file: YAML (`obstacles:`, a list as the job file's `network.obstacles`) or
 * GeoJSON (a FeatureCollection of Polygon/MultiPolygon footprints in local metres, with
 * `height` (the top, above ground) and optional `min_height` or `base` (the bottom), `loss_db`, `name` properties; the outer ring of
 * each polygon counts). Errors name the file, line and field.
 */
export function loadEnvironment(path: string): Prism[] {
  // JSON is YAML: one parser gives both formats line numbers.
  const { data: plain, fail, check } = readYamlFile(path, 'environment file', (message) => new JobFileError(message));
  const data = plain as Record<string, unknown> | null;
  if (data !== null && typeof data === 'object' && data.type === 'FeatureCollection') {
    check(environmentValidators().geoJson);
    const features = data.features as { geometry: { type: string; coordinates: unknown }; properties: Record<string, number | string> }[];
    return features.flatMap((feature, i) => {
      const polygons = (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as unknown[];
      const properties = feature.properties;
      return polygons.map((polygon, k) => {
        const ring = Array.isArray(polygon) ? (polygon[0] as unknown) : undefined;
        const valid = Array.isArray(ring) && ring.length >= 3 && ring.every((p) => Array.isArray(p) && p.length >= 2 && p.every((c) => typeof c === 'number'));
        if (!valid) fail(['features', i, 'geometry', 'coordinates'], 'must hold polygons whose outer ring has at least 3 [x, y] positions');
        const name = (properties.name as string | undefined) ?? `features[${i}]`;
        // As in map extrusions: `height` is the top above ground, `min_height` (or `base`) the bottom.
        const base = (properties.base ?? properties.min_height ?? 0) as number;
        if ((properties.height as number) <= base) fail(['features', i, 'properties', 'height'], `must be above the base (${base} m)`);
        return obstacleFrom(
          {
            name: polygons.length > 1 ? `${name}#${k}` : name,
            footprint: ring as number[][],
            base,
            height: (properties.height as number) - base,
            ...(properties.loss_db === undefined ? {} : { loss_db: properties.loss_db as number }),
          },
          name,
        );
      });
    });
  }
  check(environmentValidators().yaml);
  return (data as unknown as { obstacles: ObstacleEntry[] }).obstacles.map((entry, i) => obstacleFrom(entry, `obstacles[${i}]`));
}
