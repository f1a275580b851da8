import type { Collision, Color, Link, Visual } from '../description/description.js';
import type { TriangleMesh } from '../meshes/TriangleMesh.js';
import type { SimulatedWorld } from '../SimulatedWorld.js';

/** What a surface without a material shows: ogre2's default material, white. */
const DEFAULT: Color = { r: 1, g: 1, b: 1, a: 1 };

/**
 * The colour a camera sees on each collision a ray meets (`model::link::collision`): rays are cast
 * against the collision geometry, a camera in Gazebo renders the visuals, so each collision takes
 * the diffuse colour of the visual drawn where it is — the link's visual of the same geometry at
 * the same pose, else the link's first visual with a colour; a mesh visual without an SDF material
 * shows its Collada materials' mean colour (the colour per triangle is not kept apart).
 */
export class SurfaceColors {
  readonly #world: SimulatedWorld;
  readonly #colors = new Map<string, Color>();
  /** How many models the map was made for: a model spawned since adds its collisions. */
  #models = 0;

  constructor(world: SimulatedWorld) {
    this.#world = world;
  }

  of(collision: string): Color {
    const models = this.#world.models;
    for (; this.#models < models.length; this.#models++) {
      const model = models[this.#models]!;
      for (const link of model.description.links) {
        for (const c of link.collisions) this.#colors.set(`${model.name}::${link.name}::${c.name}`, this.#colorOf(c, link));
      }
    }
    return this.#colors.get(collision) ?? DEFAULT;
  }

  #colorOf(collision: Collision, link: Link): Color {
    const same = JSON.stringify([collision.geometry, collision.pose]);
    const visual =
      link.visuals.find((v) => JSON.stringify([v.geometry, v.pose]) === same) ?? link.visuals.find((v) => v.color !== null || v.geometry.kind === 'mesh');
    return visual === undefined ? DEFAULT : this.#visualColor(visual);
  }

  #visualColor(visual: Visual): Color {
    if (visual.color !== null) return visual.color;
    if (visual.geometry.kind !== 'mesh') return DEFAULT;
    return meanColor(this.#world.meshOf(visual.geometry.file)) ?? DEFAULT;
  }
}

/** The mean of a mesh's triangles' colours, in their order; null when it keeps none. */
function meanColor(mesh: TriangleMesh): Color | null {
  const colors = mesh.colors;
  if (colors === undefined || colors.length === 0) return null;
  let r = 0;
  let g = 0;
  let b = 0;
  const n = colors.length / 4;
  for (let i = 0; i < colors.length; i += 4) {
    r += colors[i]!;
    g += colors[i + 1]!;
    b += colors[i + 2]!;
  }
  return { r: r / n, g: g / n, b: b / n, a: 1 };
}
