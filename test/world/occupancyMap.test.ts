import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readOccupancyMap } from '../../src/world/maps/occupancyMap.js';
import { repoRoot, tempDir, writeTemp } from '../support/helpers.js';

const ROOM = join(repoRoot, 'test/fixtures/world/maps/room.yaml');
const ROOM_PGM = join(repoRoot, 'test/fixtures/world/maps/room.pgm');
/** room.pgm's intensities, rows top first. */
const PIXELS = [0, 64, 89, 90, 101, 100, 128, 160, 191, 51, 192, 200, 254, 255, 50];

/** A map YAML beside a fresh directory's image, with `keys` over room.yaml's. */
function mapYaml(keys: Record<string, string>, image = ROOM_PGM): string {
  const all: Record<string, string> = {
    image,
    resolution: '0.05',
    origin: '[-1.0, -0.5, 0.0]',
    negate: '0',
    occupied_thresh: '0.65',
    free_thresh: '0.25',
    ...keys,
  };
  const text = Object.entries(all)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}: ${value}\n`)
    .join('');
  return writeTemp(tempDir(), 'map.yaml', text);
}

/** The grid's rows, top first (as the image has them), to compare with the image. */
function rowsTopFirst(data: Int8Array, width: number): number[][] {
  const rows: number[][] = [];
  for (let start = data.length - width; start >= 0; start -= width) rows.push([...data.subarray(start, start + width)]);
  return rows;
}

function errorOf(path: string): string {
  try {
    readOccupancyMap(path);
  } catch (thrown) {
    return (thrown as Error).message;
  }
  return 'no error';
}

/** A PGM of room.pgm's pixels in another form. */
function pgm(header: string, samples: Uint8Array): string {
  const path = join(tempDir(), 'room.pgm');
  writeFileSync(path, Buffer.concat([Buffer.from(header), samples]));
  return path;
}

describe("occupancy maps as nav2_map_server's loadMapFromFile computes them", () => {
  it("reads the YAML's info and flips the image: its first row is the map's top, the grid's data starts bottom-left", () => {
    const map = readOccupancyMap(ROOM);
    assert.deepEqual({ ...map, data: undefined }, { width: 5, height: 3, resolution: 0.05, origin: { x: -1, y: -0.5, yaw: 0 }, data: undefined });
    // Trinary, negate 0: occupied where 1 - intensity/255 >= 0.65, free where <= 0.25, else unknown.
    assert.deepEqual([...map.data], [0, 0, 0, 0, 100, -1, -1, -1, -1, 100, 100, 100, 100, -1, -1]);
  });

  it('scale mode: between the thresholds, round((occupancy - free) / (occupied - free) * 100)', () => {
    const map = readOccupancyMap(mapYaml({ mode: 'Scale' }));
    assert.deepEqual(rowsTopFirst(map.data, 5), [
      [100, 100, 100, 99, 88],
      [89, 62, 31, 0, 100],
      [0, 0, 0, 0, 100],
    ]);
  });

  it('raw mode: the intensity itself from 0 to 100, unknown above (128 and up are negative as int8)', () => {
    const map = readOccupancyMap(mapYaml({ mode: 'raw' }));
    assert.deepEqual(rowsTopFirst(map.data, 5), [
      [0, 64, 89, 90, -1],
      [100, -1, -1, -1, 51],
      [-1, -1, -1, -1, 50],
    ]);
  });

  it('negate compares intensity / 255 itself, in float32 as the Eigen arrays do: 51/255 meets a threshold of 0.2000000001', () => {
    // In doubles 0.2 < 0.2000000001 and pixel 51 would be unknown; both are the same float.
    const map = readOccupancyMap(mapYaml({ negate: 'yes', occupied_thresh: '0.2000000001', free_thresh: '0.1' }));
    assert.deepEqual(rowsTopFirst(map.data, 5), [
      [0, 100, 100, 100, 100],
      [100, 100, 100, 100, 100],
      [100, 100, 100, 100, -1],
    ]);
  });

  it('reads the same pixels from P5 and 16-bit P5 and P2 as GraphicsMagick gives them to map_server (16 bits truncated to 8)', () => {
    const expected = readOccupancyMap(mapYaml({ mode: 'scale' })).data;
    const raw = pgm('P5\n5 3\n255\n', Uint8Array.from(PIXELS));
    assert.deepEqual(readOccupancyMap(mapYaml({ mode: 'scale' }, raw)).data, expected);
    // Sample × 257 in 16 bits (big-endian, PGM's order) is the same intensity; 256 more is still (truncated).
    const wide = new Uint8Array(2 * PIXELS.length);
    PIXELS.forEach((pixel, i) => new DataView(wide.buffer).setUint16(2 * i, pixel * 257 + (pixel < 255 ? 256 : 0), false));
    assert.deepEqual(readOccupancyMap(mapYaml({ mode: 'scale' }, pgm('P5 5 3 65535\n', wide))).data, expected);
    const plainWide = pgm('P2\n3 1\n65535\n', new TextEncoder().encode('256 257 65535\n'));
    assert.deepEqual([...readOccupancyMap(mapYaml({ mode: 'raw' }, plainWide)).data], [0, 1, -1]);
  });

  it('fails in one line naming the YAML file and the key, or the image and the byte', () => {
    let path = mapYaml({ resolution: '' });
    assert.equal(errorOf(path), `${path}: 'resolution' is missing`);
    path = mapYaml({ origin: '[1, 2]' });
    assert.equal(errorOf(path), `${path}: line 3: 'origin': has 2 elements, not 3`);
    path = mapYaml({ origin: '[1, 2, north]' });
    assert.equal(errorOf(path), `${path}: line 3: 'origin': 'north' is not a number`);
    path = mapYaml({ mode: 'ternary' });
    assert.equal(errorOf(path), `${path}: line 7: 'mode': 'ternary' is none of trinary, scale and raw`);
    path = mapYaml({ negate: 'tRue' });
    assert.equal(errorOf(path), `${path}: line 4: 'negate': 'tRue' is neither an integer nor a boolean`);
    path = mapYaml({ resolution: '0' });
    assert.equal(errorOf(path), `${path}: line 2: 'resolution': 0 is not a positive number of metres per cell`);
    path = writeTemp(tempDir(), 'map.yaml', 'image: a.pgm\nimage: b.pgm\n');
    assert.equal(errorOf(path), `${path}: line 2: invalid YAML: Map keys must be unique`);

    const png = pgm('', Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a));
    path = mapYaml({}, png);
    assert.equal(
      errorOf(path),
      `${path}: 'image' ${png}: byte 0: a PNG image, which rclsim does not decode (no PNG decoder among its dependencies): save the map as PGM`,
    );
    path = mapYaml({ image: 'missing.pgm' });
    assert.equal(errorOf(path), `${path}: 'image' ${join(path, '../missing.pgm')}: no such file`);
    const cut = pgm('P5\n5 3\n255\n', Uint8Array.from(PIXELS.slice(0, 9)));
    path = mapYaml({}, cut);
    assert.equal(errorOf(path), `${path}: 'image' ${cut}: byte 20: the pixels end after 9 of their 15 bytes`);
    const odd = pgm('P2\n5 3\n100\n', new TextEncoder().encode(PIXELS.join(' ')));
    path = mapYaml({}, odd);
    assert.equal(
      errorOf(path),
      `${path}: 'image' ${odd}: byte 10: maxval 100: GraphicsMagick, which map_server reads images with, scales it differently from image to image; save the map with maxval 255`,
    );
    const huge = pgm('P5\n100000 100000\n255\n', Uint8Array.from(PIXELS));
    path = mapYaml({}, huge);
    assert.equal(errorOf(path), `${path}: 'image' ${huge}: byte 36: the file's 36 bytes cannot hold 100000 × 100000 pixels`);
  });
});
