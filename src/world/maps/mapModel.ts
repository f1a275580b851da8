import type { Collision, Model, World } from '../description/description.js';
import { IDENTITY_ROTATION, type Pose, quatFromEuler } from '../geometry/pose.js';
import { WorldInputError } from '../WorldInputError.js';
import type { OccupancyGrid } from './occupancyMap.js';

/** nav2's occupied cell; scale mode's 1 to 99 and unknown (-1) are not walls. */
const OCCUPIED = 100;

/** A block of occupied cells: its bottom-left cell, and how many rows and columns it spans. */
export interface CellBox {
  readonly row: number;
  readonly column: number;
  rows: number;
  readonly columns: number;
}

/** Where a map stands in the world, and how tall its walls are. */
export interface MapPlacement {
  /** The model's name. */
  readonly name: string;
  /** The walls' height, m. */
  readonly height: number;
  /** The model's pose in the world; the grid's origin and yaw are its link's pose in it. */
  readonly pose: Pose;
  /** The map's YAML file, for the model's place. */
  readonly file: string;
}

/**
 * The grid's occupied cells (100 only) as few boxes, by a rule that depends on the grid alone:
 * each row, from the bottom one, is cut into its maximal runs of occupied cells; a run that starts
 * and ends in the same columns as a box of the row below makes that box one row taller, any
 * other run starts a new box. Boxes come in the order they start (row, then column).
 */
export function occupiedBoxes(grid: OccupancyGrid): CellBox[] {
  const { width, height, data } = grid;
  const boxes: CellBox[] = [];
  // The boxes the row below ended with, by their first column (runs of a row never share one).
  let below = new Map<number, CellBox>();
  for (let row = 0; row < height; row++) {
    const ending = new Map<number, CellBox>();
    const cells = row * width;
    let column = 0;
    while (column < width) {
      if (data[cells + column] !== OCCUPIED) {
        column++;
        continue;
      }
      const start = column;
      while (column < width && data[cells + column] === OCCUPIED) column++;
      const columns = column - start;
      let box = below.get(start);
      if (box !== undefined && box.columns === columns) box.rows++;
      else {
        box = { row, column: start, rows: 1, columns };
        boxes.push(box);
      }
      ending.set(start, box);
    }
    below = ending;
  }
  return boxes;
}

/**
 * A map as a static model: one link, `map`, at the grid's origin and yaw; a box collision
 * `cells_<row>_<column>` (its bottom-left cell, row 0 the map's bottom) for each of
 * occupiedBoxes, standing on the link's z = 0 and `height` tall, with SDF's default surface.
 */
export function mapModel(grid: OccupancyGrid, placement: MapPlacement): Model {
  const { resolution, origin } = grid;
  const { height } = placement;
  const place = { file: placement.file, line: 1 };
  const collisions = occupiedBoxes(grid).map(
    (box): Collision => ({
      name: `cells_${box.row}_${box.column}`,
      pose: {
        position: { x: (box.column + box.columns / 2) * resolution, y: (box.row + box.rows / 2) * resolution, z: height / 2 },
        rotation: IDENTITY_ROTATION,
      },
      geometry: { kind: 'box', size: { x: box.columns * resolution, y: box.rows * resolution, z: height } },
      friction: { mu: 1, mu2: 1, slip1: 0, slip2: 0, fdir1: null },
      laserRetro: 0,
      place,
    }),
  );
  return {
    name: placement.name,
    static: true,
    pose: placement.pose,
    links: [
      {
        name: 'map',
        pose: { position: { x: origin.x, y: origin.y, z: 0 }, rotation: quatFromEuler(0, 0, origin.yaw) },
        inertial: null,
        collisions,
        visuals: collisions.map(({ name, pose, geometry }) => ({ name, pose, geometry, color: null, place })),
        sensors: [],
        gravity: true,
        kinematic: false,
        place,
      },
    ],
    joints: [],
    plugins: [],
    selfCollide: false,
    canonicalLink: 'map',
    place,
  };
}

/** The world with the maps' models after its own; a map named as a model before it is refused. */
export function withMaps(world: World, maps: readonly Model[]): World {
  const models = [...world.models];
  for (const map of maps) {
    if (models.some((model) => model.name === map.name))
      throw new WorldInputError(`${map.place.file}: the world already has a model named '${map.name}': give the map another 'name'`);
    models.push(map);
  }
  return { ...world, models };
}
