import { basename, extname } from 'node:path';
import type { Model } from '../world/description/description.js';
import { quatFromEuler } from '../world/geometry/pose.js';
import { mapModel } from '../world/maps/mapModel.js';
import { readOccupancyMap } from '../world/maps/occupancyMap.js';
import { WorldInputError } from '../world/WorldInputError.js';
import type { SectionContext } from './sectionContext.js';

/** One of the world section's `maps:` (docs/world.md "Maps"). */
export interface MapItem {
  file: string;
  height?: number;
  pose?: number[];
  name?: string;
}

/** Walls this tall when the job does not say, m. */
const DEFAULT_HEIGHT = 1;

/**
 * A map_server map's walls as a static model, read now so that a bad map is a bad job: its
 * problem (the map readers' line about the YAML or the image) told at the job's `file` field.
 */
export function mapOf(entry: string | MapItem, location: (string | number)[], context: SectionContext): Model {
  // The short form (`- map.yaml`) is its own file field.
  const item = typeof entry === 'string' ? { file: entry } : entry;
  const at = typeof entry === 'string' ? location : [...location, 'file'];
  const file = context.file(at, item.file);
  let grid: ReturnType<typeof readOccupancyMap>;
  try {
    grid = readOccupancyMap(file);
  } catch (error) {
    if (!(error instanceof WorldInputError)) throw error;
    return context.fail(at, error.message);
  }
  const [x, y, z, roll, pitch, yaw] = item.pose ?? [0, 0, 0, 0, 0, 0];
  return mapModel(grid, {
    name: item.name ?? basename(file, extname(file)),
    height: item.height ?? DEFAULT_HEIGHT,
    pose: { position: { x: x!, y: y!, z: z! }, rotation: quatFromEuler(roll!, pitch!, yaw!) },
    file,
  });
}
