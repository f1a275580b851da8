import { attribute, childrenNamed, firstChild, type XmlElement } from '../../base/xmlReader.js';
import { decimal } from '../decimal.js';
import { ColladaDocument, indicesIn, integerAttribute, lineOf, numbersIn } from './ColladaDocument.js';
import { ColladaMaterials, DEFAULT_DIFFUSE, materialBindings } from './colladaMaterials.js';
import { identity, type Matrix4, multiplied, nodeTransform } from './colladaTransforms.js';
import { MeshBuilder } from './MeshBuilder.js';
import { MeshContentError, type TriangleMesh } from './TriangleMesh.js';

/**
 * A Collada (.dae, 1.4 or 1.5) file's triangles as Gazebo loads them for collision, following
 * gz-common's ColladaLoader (graphics/src/ColladaLoader.cc):
 *
 * - the scene is `<scene><instance_visual_scene>`'s visual scene; each `<node>` is read with its
 *   children first, then its first `<instance_node>` (a node of library_nodes, in place of the
 *   node's own geometry) or else its `<instance_geometry>`s, each under the node's transform;
 * - a geometry's `<mesh>` gives its `<triangles>`, then its `<polylist>`s (each polygon fanned
 *   from its first vertex by `<vcount>`), then its `<polygons>` (which gz-common skips; read as
 *   assimp reads them, a `<p>` per polygon, holes (`<ph>`) skipped); `<lines>` and the rest are
 *   nothing a ray hits;
 * - a primitive's `<input>`s interleave in `<p>`, `max offset + 1` indices a vertex; its VERTEX
 *   input names `<vertices>`, whose POSITION input names the `<source>`, whose accessor gives
 *   the stride (the first three values of each are x, y, z);
 * - `<asset><unit meter>` scales the whole mesh after the node transforms, and `<up_axis>` is
 *   ignored: Load() reads the unit and nothing else of `<asset>`, so a Z_UP and a Y_UP file
 *   with the same numbers give the same mesh in Gazebo, and here.
 *
 * One difference: gz-common caches a source's positions by its id with the transform of the
 * first node that read them (LoadPositions), so a geometry instanced twice lands twice in the
 * first place; here each instance is where its node puts it. Vertices are shared within an instance of a source, as the file
 * shares them.
 */
export function readCollada(text: string): TriangleMesh {
  return new ColladaScene(new ColladaDocument(text)).read();
}

/** A source's positions, untransformed: x, y, z per vertex. */
type Positions = Float64Array;

/** Polygons whose corners follow one another in `indices` (a `<p>`'s), `counts[i]` corners each. */
interface PolygonRun {
  p: XmlElement;
  indices: number[];
  counts: number[];
}

class ColladaScene {
  readonly #document: ColladaDocument;
  readonly #materials: ColladaMaterials;
  readonly #mesh = new MeshBuilder(DEFAULT_DIFFUSE);
  readonly #meter: number;
  readonly #positions = new Map<XmlElement, Positions>();
  /** The nodes being instanced, outermost first: an `<instance_node>` naming one of them would never end. */
  readonly #instanced: XmlElement[] = [];

  constructor(document: ColladaDocument) {
    this.#document = document;
    this.#materials = new ColladaMaterials(document);
    const asset = firstChild(document.root, 'asset');
    const unit = asset && firstChild(asset, 'unit');
    const meter = unit && attribute(unit, 'meter');
    this.#meter = meter === undefined ? 1 : decimal(meter.trim());
    if (!(this.#meter > 0 && this.#meter < Infinity)) throw new MeshContentError(lineOf(unit!), `<unit> meter='${meter}' is not a positive number`);
  }

  read(): TriangleMesh {
    const scene = firstChild(this.#document.root, 'scene');
    const instance = scene && firstChild(scene, 'instance_visual_scene');
    if (instance === undefined) throw new MeshContentError(lineOf(scene ?? this.#document.root), 'no <scene><instance_visual_scene> says which scene to read');
    const visualScene = this.#document.target(instance, 'url', 'visual_scene');
    for (const node of childrenNamed(visualScene, 'node')) this.#node(node, identity());
    return this.#mesh.mesh();
  }

  #node(node: XmlElement, parent: Matrix4): void {
    const transform = multiplied(parent, nodeTransform(node));
    for (const child of childrenNamed(node, 'node')) this.#node(child, transform);
    const instanceNode = firstChild(node, 'instance_node');
    if (instanceNode !== undefined) {
      const target = this.#document.target(instanceNode, 'url', 'node');
      if (this.#instanced.includes(target))
        throw new MeshContentError(lineOf(instanceNode), `<instance_node> url='${attribute(instanceNode, 'url')}' names a node it is inside`);
      this.#instanced.push(target);
      this.#node(target, transform);
      this.#instanced.pop();
      return;
    }
    for (const instance of childrenNamed(node, 'instance_geometry')) this.#geometry(instance, transform);
  }

  #geometry(instance: XmlElement, transform: Matrix4): void {
    const mesh = firstChild(this.#document.target(instance, 'url', 'geometry'), 'mesh');
    if (mesh === undefined) return;
    const bindings = materialBindings(instance);
    /** Where each source's vertices start in the mesh, for this instance. */
    const placed = new Map<Positions, number>();
    for (const kind of ['triangles', 'polylist', 'polygons'])
      for (const primitive of childrenNamed(mesh, kind)) {
        const { stride, vertexOffset, positions } = this.#inputs(primitive);
        let base = placed.get(positions);
        if (base === undefined) placed.set(positions, (base = this.#place(positions, transform)));
        this.#mesh.setColor(this.#materials.diffuse(primitive, bindings));
        const count = positions.length / 3;
        for (const { p, indices, counts } of polygonRuns(primitive, stride)) {
          const vertex = (corner: number): number => {
            const index = indices[corner * stride + vertexOffset]!;
            if (index >= count) throw new MeshContentError(lineOf(p), `<p> names position ${index}, and its source has ${count}`);
            return base + index;
          };
          let corner = 0;
          for (const corners of counts) {
            // A fan from the polygon's first corner, as both readers triangulate (right for convex polygons).
            for (let k = 2; k < corners; k++) this.#mesh.addTriangle(vertex(corner), vertex(corner + k - 1), vertex(corner + k));
            corner += corners;
          }
        }
      }
  }

  /** A primitive's interleaving (`max offset + 1` indices per vertex, as assimp counts) and the positions its VERTEX input names. */
  #inputs(primitive: XmlElement): { stride: number; vertexOffset: number; positions: Positions } {
    let stride = 0;
    let vertex: XmlElement | undefined;
    let vertexOffset = 0;
    for (const input of childrenNamed(primitive, 'input')) {
      const offset = integerAttribute(input, 'offset');
      if (offset + 1 > stride) stride = offset + 1;
      if (vertex === undefined && attribute(input, 'semantic') === 'VERTEX') {
        vertex = input;
        vertexOffset = offset;
      }
    }
    if (vertex === undefined) throw new MeshContentError(lineOf(primitive), `<${primitive.name}> has no VERTEX input`);
    const vertices = this.#document.target(vertex, 'source', 'vertices');
    const position = childrenNamed(vertices, 'input').find((input) => attribute(input, 'semantic') === 'POSITION');
    if (position === undefined) throw new MeshContentError(lineOf(vertices), '<vertices> has no POSITION input');
    const source = this.#document.target(position, 'source', 'source');
    let positions = this.#positions.get(source);
    if (positions === undefined) this.#positions.set(source, (positions = positionsOf(source)));
    return { stride, vertexOffset, positions };
  }

  /** Appends the positions where `transform` and the unit put them; returns the first one's index. */
  #place(positions: Positions, transform: Matrix4): number {
    const first = this.#mesh.vertexCount;
    const m = transform;
    const meter = this.#meter;
    for (let i = 0; i < positions.length; i += 3) {
      const x = positions[i]!;
      const y = positions[i + 1]!;
      const z = positions[i + 2]!;
      // gz-math's Matrix4 × Vector3, then Mesh::Scale by the unit.
      this.#mesh.addVertex(
        (m[0]! * x + m[1]! * y + m[2]! * z + m[3]!) * meter,
        (m[4]! * x + m[5]! * y + m[6]! * z + m[7]!) * meter,
        (m[8]! * x + m[9]! * y + m[10]! * z + m[11]!) * meter,
      );
    }
    return first;
  }
}

/** A `<source>`'s x, y, z per vertex: the first three values of each of its accessor's strides. */
function positionsOf(source: XmlElement): Positions {
  const array = firstChild(source, 'float_array');
  const technique = firstChild(source, 'technique_common');
  const accessor = technique && firstChild(technique, 'accessor');
  if (array === undefined || accessor === undefined)
    throw new MeshContentError(lineOf(source), '<source> needs a <float_array> and a <technique_common><accessor>');
  const values = numbersIn(array);
  const count = integerAttribute(accessor, 'count');
  const stride = integerAttribute(accessor, 'stride', 1);
  const offset = integerAttribute(accessor, 'offset', 0);
  if (stride < 3) throw new MeshContentError(lineOf(accessor), `<accessor> stride=${stride} leaves no room for a position's x, y and z`);
  if (count > 0 && offset + (count - 1) * stride + 3 > values.length)
    throw new MeshContentError(lineOf(accessor), `<accessor> reads ${count} positions of stride ${stride}, and <float_array> holds ${values.length} values`);
  const positions = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    const at = offset + i * stride;
    positions[3 * i] = values[at]!;
    positions[3 * i + 1] = values[at + 1]!;
    positions[3 * i + 2] = values[at + 2]!;
  }
  return positions;
}

/** A primitive's polygons: `<triangles>` threes, `<polylist>` by `<vcount>`, `<polygons>` one per `<p>`. */
function polygonRuns(primitive: XmlElement, stride: number): PolygonRun[] {
  if (primitive.name === 'polygons') return childrenNamed(primitive, 'p').map((p) => run(p, stride, (corners) => [corners]));
  const p = firstChild(primitive, 'p');
  // No <p>: no polygons (gz-common reads on, saying nothing when count is 0).
  if (p === undefined) return [];
  if (primitive.name === 'triangles')
    return [
      run(p, stride, (corners) => {
        if (corners % 3 !== 0) throw new MeshContentError(lineOf(p), `<triangles> has ${corners} vertices in <p>, not a multiple of 3`);
        return new Array<number>(corners / 3).fill(3);
      }),
    ];
  const vcount = firstChild(primitive, 'vcount');
  const counts = vcount === undefined ? [] : indicesIn(vcount);
  return [
    run(p, stride, (corners) => {
      const total = counts.reduce((sum, count) => sum + count, 0);
      if (total !== corners) throw new MeshContentError(lineOf(p), `<p> has ${corners} vertices, and <vcount> counts ${total}`);
      return counts;
    }),
  ];
}

/** A `<p>`'s indices, whole vertices of `stride` indices each, and its polygons' sizes as `countsOf` makes them of its vertex count. */
function run(p: XmlElement, stride: number, countsOf: (corners: number) => number[]): PolygonRun {
  const indices = indicesIn(p);
  if (indices.length % stride !== 0) throw new MeshContentError(lineOf(p), `<p> has ${indices.length} indices, not a multiple of the ${stride} inputs`);
  return { p, indices, counts: countsOf(indices.length / stride) };
}
