import type { Collision, Color, Link, Visual } from '../description/description.js';
import { compose, inverse, type Pose, rotate, transformPoint, type Vec3 } from '../geometry/pose.js';
import { RAY_LENGTH, type RayHit, RayScene } from '../geometry/RayScene.js';
import type { SimulatedModel } from '../SimulatedModel.js';
import type { SimulatedWorld } from '../SimulatedWorld.js';

/** What a surface without a material shows: ogre2's default material, white. */
const DEFAULT: Color = { r: 1, g: 1, b: 1, a: 1 };

/** A collision's look: one colour, or a Collada mesh's colour per triangle (each tagged by its index in a scene of its own). */
interface Surface {
  readonly color: Color;
  readonly mesh: { readonly scene: RayScene; readonly colors: Float32Array; readonly model: SimulatedModel; readonly link: string; readonly pose: Pose } | null;
}

/**
 * The colour a camera sees where a ray meets a collision (`model::link::collision`): rays are
 * cast against the collision geometry, a camera in Gazebo renders the visuals, so each collision
 * takes the look of the visual drawn where it is — the link's visual of the same geometry at the
 * same pose, else the link's first visual with a colour or a mesh. An SDF material's diffuse
 * colour is the colour; a mesh visual without one shows its Collada materials: the ray is cast
 * again against the visual's own triangles and takes the colour of the first it meets.
 */
export class SurfaceColors {
  readonly #world: SimulatedWorld;
  readonly #surfaces = new Map<string, Surface>();
  /** How many models the map was made for: a model spawned since adds its collisions. */
  #models = 0;
  readonly #hit: RayHit = { distance: 0, tag: 0 };
  readonly #ray = new Float64Array(RAY_LENGTH);

  constructor(world: SimulatedWorld) {
    this.#world = world;
  }

  /** The colour along the ray from `o` in direction `d` (unit) where it met `collision`. */
  at(collision: string, o: Vec3, d: Vec3): Color {
    const surface = this.#surface(collision);
    if (surface.mesh === null) return surface.color;
    const { scene, colors, model, link, pose } = surface.mesh;
    const frame = inverse(compose(model.linkPose(link), pose));
    const lo = transformPoint(frame, o);
    const ld = rotate(frame.rotation, d);
    const hit = this.#hit;
    const ray = this.#ray;
    ray.set([lo.x, lo.y, lo.z, ld.x, ld.y, ld.z, 0, Infinity]);
    scene.cast(ray, hit);
    if (hit.tag < 0) return surface.color;
    const k = hit.tag * 4;
    return { r: colors[k]!, g: colors[k + 1]!, b: colors[k + 2]!, a: colors[k + 3]! };
  }

  #surface(collision: string): Surface {
    const models = this.#world.models;
    for (; this.#models < models.length; this.#models++) {
      const model = models[this.#models]!;
      for (const link of model.description.links) {
        for (const c of link.collisions) this.#surfaces.set(`${model.name}::${link.name}::${c.name}`, this.#surfaceOf(c, link, model));
      }
    }
    return this.#surfaces.get(collision) ?? { color: DEFAULT, mesh: null };
  }

  #surfaceOf(collision: Collision, link: Link, model: SimulatedModel): Surface {
    const same = JSON.stringify([collision.geometry, collision.pose]);
    const visual: Visual | undefined =
      link.visuals.find((v) => JSON.stringify([v.geometry, v.pose]) === same) ?? link.visuals.find((v) => v.color !== null || v.geometry.kind === 'mesh');
    if (visual === undefined) return { color: DEFAULT, mesh: null };
    if (visual.color !== null || visual.geometry.kind !== 'mesh') return { color: visual.color ?? DEFAULT, mesh: null };
    const { file, scale } = visual.geometry;
    const mesh = this.#world.meshOf(file);
    const colors = mesh.colors;
    if (colors === undefined || colors.length === 0) return { color: DEFAULT, mesh: null };
    const scene = new RayScene();
    const p = mesh.positions;
    const vertex = (i: number): Vec3 => ({ x: p[i * 3]! * scale.x, y: p[i * 3 + 1]! * scale.y, z: p[i * 3 + 2]! * scale.z });
    const t = mesh.triangles;
    for (let k = 0; k < t.length; k += 3) scene.addTriangle(vertex(t[k]!), vertex(t[k + 1]!), vertex(t[k + 2]!), k / 3);
    return { color: DEFAULT, mesh: { scene, colors, model, link: link.name, pose: visual.pose } };
  }
}
