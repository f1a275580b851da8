import { cos, sin } from '../../base/portableMath.js';
import { childrenNamed, firstChild, type XmlElement } from '../../base/xmlReader.js';
import { fixedNumbers } from './ColladaDocument.js';

/** A 4×4 transform, row-major (Collada's `<matrix>` order). Products sum left to right, as gz-math's Matrix4 does. */
export type Matrix4 = Float64Array;

export const identity = (): Matrix4 => Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

export function multiplied(a: Matrix4, b: Matrix4): Matrix4 {
  const product = new Float64Array(16);
  for (let row = 0; row < 16; row += 4)
    for (let column = 0; column < 4; column++)
      product[row + column] = a[row]! * b[column]! + a[row + 1]! * b[4 + column]! + a[row + 2]! * b[8 + column]! + a[row + 3]! * b[12 + column]!;
  return product;
}

/**
 * A `<node>`'s transform as gz-common's ColladaLoader computes it (LoadNodeTransform in
 * graphics/src/ColladaLoader.cc): its first `<matrix>` alone when it has one; otherwise its first
 * `<translate>`, then every `<rotate>` in order (axis as written, angle in degrees), then its
 * first `<scale>` — in that order whatever the document's, and `<lookat>` and `<skew>` ignored.
 */
export function nodeTransform(node: XmlElement): Matrix4 {
  const matrixElement = firstChild(node, 'matrix');
  if (matrixElement !== undefined) return fixedNumbers(matrixElement, 16);
  let transform = identity();
  const translate = firstChild(node, 'translate');
  if (translate !== undefined) {
    const [x, y, z] = fixedNumbers(translate, 3);
    transform[3] = x!;
    transform[7] = y!;
    transform[11] = z!;
  }
  for (const rotate of childrenNamed(node, 'rotate')) transform = multiplied(transform, rotation(fixedNumbers(rotate, 4)));
  const scale = firstChild(node, 'scale');
  if (scale !== undefined) {
    const [x, y, z] = fixedNumbers(scale, 3);
    transform = multiplied(transform, Float64Array.of(x!, 0, 0, 0, 0, y!, 0, 0, 0, 0, z!, 0, 0, 0, 0, 1));
  }
  return transform;
}

/** gz-math's Matrix3::SetFromAxisAngle (the axis is not normalized), the angle converted as GZ_DTOR converts it. */
function rotation([x, y, z, degrees]: Float64Array): Matrix4 {
  const angle = (degrees! * Math.PI) / 180;
  const c = cos(angle);
  const s = sin(angle);
  const C = 1 - c;
  // biome-ignore format: the matrix's rows
  return Float64Array.of(
    x! * x! * C + c, x! * y! * C - z! * s, x! * z! * C + y! * s, 0,
    y! * x! * C + z! * s, y! * y! * C + c, y! * z! * C - x! * s, 0,
    z! * x! * C - y! * s, z! * y! * C + x! * s, z! * z! * C + c, 0,
    0, 0, 0, 1,
  );
}
