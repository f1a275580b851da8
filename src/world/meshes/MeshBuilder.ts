import type { TriangleMesh } from './TriangleMesh.js';

/** A growing mesh: vertices and triangles appended as a file is read, each array doubled when full. */
export class MeshBuilder {
  #positions = new Float64Array(3 * 256);
  #vertexCount = 0;
  #triangles = new Uint32Array(3 * 256);
  #triangleCount = 0;
  #colors: Float32Array | undefined;
  #color: readonly number[] = [];

  /** With `color`, every triangle keeps a colour: this one until setColor changes it. */
  constructor(color?: readonly [number, number, number, number]) {
    if (color === undefined) return;
    this.#colors = new Float32Array(4 * 256);
    this.#color = color;
  }

  get vertexCount(): number {
    return this.#vertexCount;
  }

  /** The colour of the triangles added from now on. */
  setColor(color: readonly [number, number, number, number]): void {
    this.#color = color;
  }

  /** Appends a vertex; returns its index. */
  addVertex(x: number, y: number, z: number): number {
    if (3 * this.#vertexCount === this.#positions.length) this.#positions = grown(this.#positions);
    const at = 3 * this.#vertexCount;
    this.#positions[at] = x;
    this.#positions[at + 1] = y;
    this.#positions[at + 2] = z;
    return this.#vertexCount++;
  }

  addTriangle(a: number, b: number, c: number): void {
    if (3 * this.#triangleCount === this.#triangles.length) this.#triangles = grown(this.#triangles);
    const at = 3 * this.#triangleCount;
    this.#triangles[at] = a;
    this.#triangles[at + 1] = b;
    this.#triangles[at + 2] = c;
    if (this.#colors !== undefined) {
      if (4 * this.#triangleCount === this.#colors.length) this.#colors = grown(this.#colors);
      this.#colors.set(this.#color, 4 * this.#triangleCount);
    }
    this.#triangleCount++;
  }

  mesh(): TriangleMesh {
    const mesh: TriangleMesh = {
      positions: this.#positions.slice(0, 3 * this.#vertexCount),
      triangles: this.#triangles.slice(0, 3 * this.#triangleCount),
    };
    if (this.#colors !== undefined) mesh.colors = this.#colors.slice(0, 4 * this.#triangleCount);
    return mesh;
  }
}

function grown<A extends Float64Array | Uint32Array | Float32Array>(array: A): A {
  const bigger = new (array.constructor as new (length: number) => A)(2 * array.length);
  bigger.set(array);
  return bigger;
}
