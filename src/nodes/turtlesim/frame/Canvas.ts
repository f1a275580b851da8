/** turtle_frame.cpp's window: 500 × 500 pixels. */
export const CANVAS_SIZE = 500;

/** A pen: its colour and width in pixels. */
export interface Pen {
  r: number;
  g: number;
  b: number;
  width: number;
}

/**
 * The path image turtlesim's colour sensors read (turtle_frame.cpp's `path_image_`): transparent
 * white where nothing was drawn (the background is painted under it, never into it), the pen's
 * colour where a line was. Lines are filled as Qt's aliased painter fills a pen of that width with
 * square caps: every pixel whose centre lies in the rectangle around the segment, widened by half
 * the pen on each side and at each end. Only + − × ÷ and sqrt decide a pixel: the same on every CPU.
 */
export class Canvas {
  /** RGBA by pixel, row by row from the top. */
  readonly #pixels = new Uint8Array(CANVAS_SIZE * CANVAS_SIZE * 4);

  constructor() {
    this.clear();
  }

  /** Every pixel transparent white again (turtle_frame.cpp's clear()). */
  clear(): void {
    this.#pixels.fill(255);
    for (let at = 3; at < this.#pixels.length; at += 4) this.#pixels[at] = 0;
  }

  /** A line from (x0, y0) to (x1, y1), in pixels with y downwards. */
  drawLine(x0: number, y0: number, x1: number, y1: number, pen: Pen): void {
    const half = pen.width / 2;
    const dx = x1 - x0;
    const dy = y1 - y0;
    const length = Math.sqrt(dx * dx + dy * dy);
    // A line of no length is the pen's square, upright.
    const ux = length === 0 ? 1 : dx / length;
    const uy = length === 0 ? 0 : dy / length;
    const reach = half * Math.SQRT2 + 1;
    const left = clampIndex(Math.floor(Math.min(x0, x1) - reach));
    const right = clampIndex(Math.ceil(Math.max(x0, x1) + reach));
    const top = clampIndex(Math.floor(Math.min(y0, y1) - reach));
    const bottom = clampIndex(Math.ceil(Math.max(y0, y1) + reach));
    for (let row = top; row <= bottom; row++) {
      const cy = row + 0.5 - y0;
      for (let column = left; column <= right; column++) {
        const cx = column + 0.5 - x0;
        const along = cx * ux + cy * uy;
        const across = cy * ux - cx * uy;
        if (along >= -half && along < length + half && across >= -half && across < half) this.#paint(column, row, pen);
      }
    }
  }

  /** The colour of the pixel at (x, y) as QImage::pixel gives it: black outside the image. */
  pixel(x: number, y: number): { r: number; g: number; b: number } {
    if (x < 0 || y < 0 || x >= CANVAS_SIZE || y >= CANVAS_SIZE) return { r: 0, g: 0, b: 0 };
    const at = (y * CANVAS_SIZE + x) * 4;
    return { r: this.#pixels[at]!, g: this.#pixels[at + 1]!, b: this.#pixels[at + 2]! };
  }

  #paint(column: number, row: number, pen: Pen): void {
    const at = (row * CANVAS_SIZE + column) * 4;
    this.#pixels[at] = pen.r;
    this.#pixels[at + 1] = pen.g;
    this.#pixels[at + 2] = pen.b;
    this.#pixels[at + 3] = 255;
  }
}

function clampIndex(value: number): number {
  return Math.min(Math.max(value, 0), CANVAS_SIZE - 1);
}

/** Qt's qRound: to the nearest integer, halves away from zero. */
export function qRound(value: number): number {
  return value >= 0 ? Math.trunc(value + 0.5) : Math.trunc(value - Math.trunc(value - 1) + 0.5) + Math.trunc(value - 1);
}
