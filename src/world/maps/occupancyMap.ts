import { readFileSync } from 'node:fs';
import { describeThrown } from '../../base/describeThrown.js';
import { notRegularFile } from '../../base/regularFile.js';
import { WorldInputError } from '../WorldInputError.js';
import { type MapParameters, MapYamlError, readMapYaml } from './mapYaml.js';
import { type GrayImage, ImageContentError, readPgm } from './pgmImage.js';

/** nav_msgs/OccupancyGrid's map: its info and its cells. */
export interface OccupancyGrid {
  /** Cells per row. */
  width: number;
  /** Rows. */
  height: number;
  /** Metres per cell. */
  resolution: number;
  /** Where the cell (0, 0)'s corner is in the map frame, and the grid's rotation about z. */
  origin: { x: number; y: number; yaw: number };
  /** -1 unknown, 0 free to 100 occupied; row-major from the bottom-left cell, as OccupancyGrid's data. */
  data: Int8Array;
}

const UNKNOWN = -1;
const FREE = 0;
const OCCUPIED = 100;

/**
 * The map a map_server YAML file describes, computed as nav2_map_server's loadMapFromFile
 * computes it (nav2_map_server/src/map_io.cpp as Jazzy, Kilted and Rolling have it; Humble's
 * older loop compares strictly and in doubles). Any problem throws an Error of one line naming
 * the YAML file, and the key (or the image and the byte) it is about.
 */
export function readOccupancyMap(yamlPath: string): OccupancyGrid {
  const parameters = readParameters(yamlPath);
  const image = readImage(yamlPath, parameters.image);
  return {
    width: image.width,
    height: image.height,
    resolution: parameters.resolution,
    origin: parameters.origin,
    data: occupancy(image, parameters),
  };
}

function readParameters(yamlPath: string): MapParameters {
  try {
    return readMapYaml(readText(yamlPath), yamlPath);
  } catch (thrown) {
    if (!(thrown instanceof MapYamlError)) throw new WorldInputError(`${yamlPath}: ${describeThrown(thrown)}`);
    throw new WorldInputError(`${yamlPath}: ${thrown.line === undefined ? '' : `line ${thrown.line}: `}${thrown.message}`);
  }
}

function readImage(yamlPath: string, imagePath: string): GrayImage {
  const where = `${yamlPath}: 'image' ${imagePath}`;
  let bytes: Uint8Array;
  try {
    bytes = readBytes(imagePath);
  } catch (thrown) {
    throw new WorldInputError(`${where}: ${describeThrown(thrown)}`);
  }
  try {
    return readPgm(bytes);
  } catch (thrown) {
    if (!(thrown instanceof ImageContentError)) throw thrown;
    throw new WorldInputError(`${where}: byte ${thrown.byte}: ${thrown.message}`);
  }
}

function readText(path: string): string {
  return new TextDecoder().decode(readBytes(path));
}

function readBytes(path: string): Uint8Array {
  const problem = notRegularFile(path);
  if (problem !== undefined) throw new WorldInputError(problem);
  try {
    return readFileSync(path);
  } catch (thrown) {
    throw new WorldInputError((thrown as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : describeThrown(thrown));
  }
}

/**
 * The cells, flipped so that the image's last row is the map's first (loadMapFromFile's
 * `colwise().reverse()`: an image's first row is the map's top). A cell depends on its pixel's
 * intensity alone, so each of the 256 is worked out once.
 */
function occupancy(image: GrayImage, parameters: MapParameters): Int8Array {
  const table = cellOfIntensity(parameters);
  const { width, height, gray } = image;
  const data = new Int8Array(width * height);
  for (let row = 0; row < height; row++) {
    const from = row * width;
    const to = (height - 1 - row) * width;
    for (let column = 0; column < width; column++) data[to + column] = table[gray[from + column]!]!;
  }
  return data;
}

/**
 * loadMapFromFile's cell for each 8-bit intensity. Its Eigen arrays are float, and the double
 * thresholds become floats where they meet them, so each step is rounded to float32 here
 * (Math.fround of a double +, −, × or ÷ of floats is the float operation's result).
 * Trinary and scale: the pixel's occupancy is 1 − intensity / 255 (intensity / 255 with negate);
 * occupied at or above occupied_thresh, free at or below free_thresh (free wins when both hold),
 * else unknown — or, in scale mode, round((occupancy − free) / (occupied − free) × 100).
 * Raw: the intensity is the value when 0 to 100, else unknown.
 */
function cellOfIntensity(parameters: MapParameters): Int8Array {
  const { mode, negate } = parameters;
  const table = new Int8Array(256);
  const occupied = Math.fround(parameters.occupiedThresh);
  const free = Math.fround(parameters.freeThresh);
  const span = Math.fround(parameters.occupiedThresh - parameters.freeThresh);
  for (let intensity = 0; intensity < 256; intensity++) {
    if (mode === 'raw') {
      // The byte cast to int8_t: 128 to 255 are negative, and unknown with the rest out of 0..100.
      table[intensity] = intensity <= OCCUPIED ? intensity : UNKNOWN;
      continue;
    }
    const lightness = Math.fround(intensity / 255);
    const fill = negate ? lightness : Math.fround(1 - lightness);
    let cell = UNKNOWN;
    if (fill >= occupied) cell = OCCUPIED;
    if (fill <= free) cell = FREE;
    if (mode === 'scale' && fill > free && fill < occupied) {
      const scaled = Math.fround(Math.fround(Math.fround(fill - free) / span) * 100);
      // Eigen's round() is std::round, halves away from zero; `scaled` is a positive float, so +0.5 is exact.
      cell = Math.floor(scaled + 0.5);
    }
    table[intensity] = cell;
  }
  return table;
}
