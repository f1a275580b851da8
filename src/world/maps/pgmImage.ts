/** A grey image as map_server sees it: 8-bit intensities, rows top first. */
export interface GrayImage {
  width: number;
  height: number;
  gray: Uint8Array;
}

/** Bad image content, at a byte offset. */
export class ImageContentError extends Error {
  override readonly name = 'ImageContentError';
  readonly byte: number;

  constructor(byte: number, message: string) {
    super(message);
    this.byte = byte;
  }
}

const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

/**
 * A PGM image (P2 plain or P5 raw) of maxval 255 or 65535, as nav2's map_server gets it from
 * GraphicsMagick (its Q16 build, what Debian and Ubuntu ship): the 8-bit intensity map_io.cpp
 * asks for (`write(..., "I", CharPixel, ...)`) is an 8-bit sample itself, and a 16-bit one
 * truncated: sample / 257. Checked by hand against GraphicsMagick 1.3.40 for every value, and on
 * random 1000 × 1000 images.
 *
 * Another maxval is refused: GraphicsMagick 1.3.40 scales such samples one way in one image and
 * another way in another (by their size and their values), so no reading of them is map_server's.
 */
export function readPgm(bytes: Uint8Array): GrayImage {
  let at = 2;
  const magic = String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0);
  if (magic !== 'P2' && magic !== 'P5') throw new ImageContentError(0, notPgm(bytes));
  /** The next header number, past white space and `#` comments. */
  const headerNumber = (what: string): number => {
    for (;;) {
      while (at < bytes.length && isSpace(bytes[at]!)) at++;
      if (bytes[at] !== 0x23) break;
      while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    }
    const start = at;
    let value = 0;
    while (at < bytes.length && bytes[at]! >= 0x30 && bytes[at]! <= 0x39) value = value * 10 + bytes[at++]! - 0x30;
    if (at === start || value < 1) throw new ImageContentError(start, `the header's ${what} is not a positive integer`);
    return value;
  };
  const width = headerNumber('width');
  const height = headerNumber('height');
  const maxval = headerNumber('maxval');
  if (maxval !== 255 && maxval !== 65535)
    throw new ImageContentError(
      at,
      `maxval ${maxval}: GraphicsMagick, which map_server reads images with, scales it differently from image to image; save the map with maxval 255`,
    );
  if (!isSpace(bytes[at] ?? 0)) throw new ImageContentError(at, 'the header does not end in white space');
  at++;
  const wide = maxval === 65535;
  // Each pixel takes a byte at least (P2: a digit and a space), so a header claiming more is refused before anything is allocated.
  if (width * height > bytes.length) throw new ImageContentError(bytes.length, `the file's ${bytes.length} bytes cannot hold ${width} × ${height} pixels`);
  const gray = new Uint8Array(width * height);
  const toGray = wide ? (sample: number): number => Math.floor(sample / 257) : (sample: number): number => sample;
  if (magic === 'P5') {
    const size = gray.length * (wide ? 2 : 1);
    if (bytes.length - at < size) throw new ImageContentError(bytes.length, `the pixels end after ${bytes.length - at} of their ${size} bytes`);
    if (!wide) {
      gray.set(bytes.subarray(at, at + size));
      return { width, height, gray };
    }
    // A 16-bit sample is big-endian (the PGM format's byte order), read as such on every CPU.
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, size);
    for (let i = 0; i < gray.length; i++) gray[i] = toGray(view.getUint16(2 * i, false));
    return { width, height, gray };
  }
  for (let i = 0; i < gray.length; i++) {
    while (at < bytes.length && isSpace(bytes[at]!)) at++;
    const start = at;
    let value = 0;
    while (at < bytes.length && bytes[at]! >= 0x30 && bytes[at]! <= 0x39) value = value * 10 + bytes[at++]! - 0x30;
    if (at === start) throw new ImageContentError(start, at === bytes.length ? `the pixels end after ${i} of ${gray.length}` : `pixel ${i} is not a number`);
    if (value > maxval) throw new ImageContentError(start, `pixel ${i} is ${value}, beyond maxval ${maxval}`);
    gray[i] = toGray(value);
  }
  return { width, height, gray };
}

function notPgm(bytes: Uint8Array): string {
  const png = [0x89, 0x50, 0x4e, 0x47].every((byte, i) => bytes[i] === byte);
  if (png) return 'a PNG image, which rclsim does not decode (no PNG decoder among its dependencies): save the map as PGM';
  return 'not a PGM image (P2 or P5): map_server reads others through GraphicsMagick, rclsim reads PGM only';
}
