import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { attribute, childrenNamed, firstChild, readXml, type XmlElement, XmlError } from '../../base/xmlReader.js';
import { compose, IDENTITY, inverse, length, normalized, type Pose, rotate, type Vec3, ZERO } from '../geometry/pose.js';
import type { Collision, Color, Geometry, Inertial, Joint, JointAxis, JointType, Link, Model, Plugin, Sensor, Visual, World } from './description.js';
import { knownClassicModel, knownFuelModel } from './fuelModels.js';
import { fuelModel, type ResourcePaths, resolveUri } from './resources.js';
import { DescriptionError, SdfValues } from './sdfValues.js';

/**
 * SDF worlds and models (1.4 to 1.11) read as sdformat and gz-sim read them, into the world's
 * description (description.ts): includes through model:// and Fuel addresses, nested models
 * flattened with Gazebo's scoped names (`inner::link`), and every pose resolved through SDF's
 * frame semantics — a link's pose is in its model's frame, a joint's in its child link's, a
 * collision's, visual's or sensor's in its link's, unless `relative_to` names another frame of
 * the same model (SDF 1.7+); a joint axis is in the joint's frame (1.5+, unless
 * `use_parent_model_frame`; 1.7+ `expressed_in`), in the model's in SDF 1.4.
 */
export interface ReadOptions {
  readonly paths: ResourcePaths;
  /** One line about what is read but not modeled. */
  readonly warn: (line: string) => void;
}

/** One SDF file being read: its values' reader and its version (minor number of 1.x). */
interface Source {
  readonly values: SdfValues;
  readonly minor: number;
}

const JOINT_TYPES: ReadonlySet<string> = new Set(['fixed', 'revolute', 'continuous', 'prismatic', 'ball', 'universal', 'revolute2', 'screw', 'gearbox']);
/** What a world may hold that does not touch a robot: read past in silence. */
const WORLD_SCENERY = new Set(['light', 'scene', 'gui', 'audio', 'wind', 'atmosphere', 'spherical_coordinates', 'magnetic_field', 'state']);

/** A world file's `<world>`. */
export function readWorldFile(file: string, options: ReadOptions): World {
  return readWorldText(readText(file), file, options);
}

export function readWorldText(text: string, file: string, options: ReadOptions): World {
  const { root, source } = readRoot(text, file);
  const world = firstChild(root, 'world');
  if (world === undefined) throw source.values.error(root, 'has no <world>');
  return new WorldReader(source, options).world(world);
}

/** The first `<model>` of an SDF file's text (what `ros_gz_sim create` spawns from an SDF). */
export function readModelText(text: string, file: string, options: ReadOptions): Model {
  const { root, source } = readRoot(text, file);
  const model = firstChild(root, 'model');
  if (model === undefined) throw source.values.error(root, 'has no <model>');
  return new WorldReader(source, options).topModel(model, {});
}

/**
 * The model a model folder of the model path holds, by the folder's name (`model://NAME`, as
 * classic Gazebo's model database serves spawn_entity.py's -database): model.config's SDF file.
 */
export function readModelByName(name: string, options: ReadOptions): Model {
  const label = `model://${name}`;
  const folder = resolveUri(label, '.', options.paths);
  if (folder === null || !statSync(folder).isDirectory()) {
    const known = knownClassicModel(label);
    if (known !== null) return readModelText(known, label, options);
    throw new DescriptionError({ file: label, line: 0 }, 'is not found (model:// searches GZ_SIM_RESOURCE_PATH, SDF_PATH, GZ_FILE_PATH and GAZEBO_MODEL_PATH)');
  }
  const file = modelFile(folder, (line) => {
    throw new DescriptionError({ file: label, line: 0 }, line);
  });
  return readModelText(readText(file), file, options);
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new DescriptionError({ file, line: 0 }, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

function readRoot(text: string, file: string): { root: XmlElement; source: Source } {
  let top: XmlElement[];
  try {
    top = readXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new DescriptionError({ file, line: 0 }, `not XML: ${error.message}`);
    throw error;
  }
  const values = new SdfValues(file);
  const root = top.find((element) => element.name === 'sdf');
  if (root === undefined) throw new DescriptionError({ file, line: top[0]?.line ?? 0 }, 'is not SDF: its root element is not <sdf>');
  const version = /^1\.(\d+)$/.exec(attribute(root, 'version') ?? '');
  if (version === null) throw values.error(root, `<sdf version> must be 1.x, not '${attribute(root, 'version') ?? ''}'`);
  return { root, source: { values, minor: Number(version[1]) } };
}

/** A frame of one model's scope before it is resolved: its pose and the frame that pose is in. */
interface FrameEntry {
  readonly pose: Pose;
  readonly relativeTo: string;
  readonly element: XmlElement;
}

/** A model read but not placed: its own frames, nested models, and what refers to frames. */
interface RawModel {
  readonly name: string;
  readonly static: boolean;
  readonly source: Source;
  readonly element: XmlElement;
  /** Its pose and the parent's frame that pose is in. */
  readonly pose: Pose;
  readonly relativeTo: string | null;
  readonly placementFrame: string | null;
  readonly links: { readonly element: XmlElement; readonly entry: FrameEntry }[];
  readonly joints: { readonly element: XmlElement; readonly entry: FrameEntry }[];
  readonly frames: Map<string, FrameEntry>;
  readonly models: RawModel[];
  readonly plugins: { element: XmlElement; source: Source }[];
  readonly selfCollide: boolean;
  readonly canonicalLink: string | null;
}

/** Overrides an `<include>` gives the model it brings. */
interface IncludeOverrides {
  name?: string;
  static?: boolean;
  pose?: Pose;
  relativeTo?: string | null;
  placementFrame?: string | null;
  plugins?: { element: XmlElement; source: Source }[];
}

class WorldReader {
  readonly #source: Source;
  readonly #options: ReadOptions;

  constructor(source: Source, options: ReadOptions) {
    this.#source = source;
    this.#options = options;
  }

  world(element: XmlElement): World {
    const values = this.#source.values;
    const name = values.required(element, 'name');
    const physics = childrenNamed(element, 'physics');
    const chosen = physics.find((p) => ['true', '1'].includes((attribute(p, 'default') ?? '').toLowerCase())) ?? physics[0];
    const stepSize = chosen === undefined ? 0.001 : values.number(chosen, 'max_step_size', 0.001);
    if (!(stepSize > 0)) throw values.error(chosen!, `<max_step_size> must be more than 0, not ${stepSize}`);
    const models: RawModel[] = [];
    const frames = new Map<string, FrameEntry>();
    const plugins: Plugin[] = [];
    for (const child of element.children) {
      if (child.name === 'model') models.push(this.#rawModel(child, this.#source, {}));
      else if (child.name === 'include') {
        const model = this.#include(child, this.#source);
        if (model !== null) models.push(model);
      } else if (child.name === 'frame') frames.set(values.required(child, 'name'), this.#frameEntry(child, this.#source, 'world'));
      else if (child.name === 'plugin') plugins.push(plugin(child, this.#source, ''));
      else if (!WORLD_SCENERY.has(child.name) && !['physics', 'gravity'].includes(child.name)) {
        this.#options.warn(`${values.file}:${child.line}: <${child.name}> in a world is not modeled; it is left out`);
      }
    }
    const unique = new Set<string>();
    for (const model of models) {
      if (unique.has(model.name)) throw values.error(model.element, `the world has two models named '${model.name}'`);
      unique.add(model.name);
    }
    // The world's frames: `world` (its own), each model's frame and each <frame>.
    const placed = new Map<string, Pose>([['world', IDENTITY]]);
    const modelsByName = new Map(models.map((model) => [model.name, model]));
    const visiting = new Set<string>();
    const poseOf = (frame: string, from: XmlElement): Pose => {
      const known = placed.get(frame);
      if (known !== undefined) return known;
      const model = modelsByName.get(frame);
      const entry = frames.get(frame);
      if (model === undefined && entry === undefined) throw values.error(from, `no frame named '${frame}' in world '${name}'`);
      if (visiting.has(frame)) throw values.error(from, `the frames of world '${name}' form a cycle through '${frame}'`);
      visiting.add(frame);
      const pose = model !== undefined ? this.#placed(model, (f) => poseOf(f, model.element)) : compose(poseOf(entry!.relativeTo, entry!.element), entry!.pose);
      visiting.delete(frame);
      placed.set(frame, pose);
      return pose;
    };
    return {
      name,
      gravity: values.vector(element, 'gravity', { x: 0, y: 0, z: -9.8 }),
      stepSize,
      models: models.map((model) => this.#resolved(model, poseOf(model.name, model.element))),
      plugins,
      place: values.place(element),
    };
  }

  /** A model at the top of the world (or spawned), placed by its own pose. */
  topModel(element: XmlElement, overrides: IncludeOverrides): Model {
    const raw = this.#rawModel(element, this.#source, overrides);
    return this.#resolved(
      raw,
      this.#placed(raw, (frame) => {
        if (frame !== 'world') throw raw.source.values.error(raw.element, `no frame named '${frame}' to place model '${raw.name}' in`);
        return IDENTITY;
      }),
    );
  }

  /** The model's frame in its parent's, from its pose, the frame that pose is in and its placement frame. */
  #placed(model: RawModel, parentFrame: (frame: string) => Pose): Pose {
    const given = compose(parentFrame(model.relativeTo ?? 'world'), model.pose);
    if (model.placementFrame === null) return given;
    // The pose places the placement frame; the model's frame follows from where that frame is in the model.
    return compose(given, inverse(new ModelFrames(model).poseOf(model.placementFrame, model.element)));
  }

  #rawModel(element: XmlElement, source: Source, overrides: IncludeOverrides, parentStatic = false): RawModel {
    const values = source.values;
    const poseElement = firstChild(element, 'pose');
    const model: RawModel = {
      name: overrides.name ?? values.required(element, 'name'),
      static: parentStatic || (overrides.static ?? values.boolean(element, 'static', false)),
      source,
      element,
      pose: overrides.pose ?? values.pose(poseElement),
      relativeTo: overrides.relativeTo !== undefined ? overrides.relativeTo : relativeTo(poseElement),
      placementFrame: overrides.placementFrame ?? attribute(element, 'placement_frame') ?? null,
      links: [],
      joints: [],
      frames: new Map(),
      models: [],
      plugins: [...childrenNamed(element, 'plugin').map((child) => ({ element: child, source })), ...(overrides.plugins ?? [])],
      selfCollide: values.boolean(element, 'self_collide', false),
      canonicalLink: attribute(element, 'canonical_link') ?? null,
    };
    const names = new Set<string>();
    const claim = (child: XmlElement, name: string): void => {
      if (names.has(name)) throw values.error(child, `model '${model.name}' has two frames named '${name}'`);
      names.add(name);
    };
    for (const child of element.children) {
      if (child.name === 'link') {
        const name = values.required(child, 'name');
        claim(child, name);
        model.links.push({ element: child, entry: this.#frameEntry(child, source, '__model__') });
      } else if (child.name === 'joint') {
        const name = values.required(child, 'name');
        claim(child, name);
        const jointChild = firstChild(child, 'child');
        if (jointChild === undefined) throw values.error(child, `joint '${name}' has no <child>`);
        model.joints.push({ element: child, entry: this.#frameEntry(child, source, values.text(jointChild)) });
      } else if (child.name === 'frame') {
        const name = values.required(child, 'name');
        claim(child, name);
        model.frames.set(name, this.#frameEntry(child, source, attribute(child, 'attached_to') ?? '__model__'));
      } else if (child.name === 'model') {
        const nested = this.#rawModel(child, source, {}, model.static);
        claim(child, nested.name);
        model.models.push(nested);
      } else if (child.name === 'include') {
        const included = this.#include(child, source, model.static);
        if (included === null) continue;
        if (values.boolean(child, 'merge', false)) {
          model.links.push(...included.links);
          model.joints.push(...included.joints);
          for (const [name, frame] of included.frames) model.frames.set(name, frame);
          model.models.push(...included.models);
          model.plugins.push(...included.plugins);
        } else {
          claim(child, included.name);
          model.models.push(included);
        }
      }
    }
    return model;
  }

  /** An element's pose and the frame it is in: `relative_to`, else the kind's default. */
  #frameEntry(element: XmlElement, source: Source, fallback: string): FrameEntry {
    const poseElement = firstChild(element, 'pose');
    return { pose: source.values.pose(poseElement), relativeTo: relativeTo(poseElement) ?? fallback, element };
  }

  /** The model an `<include>` brings (null: it brings none, as a light does). */
  #include(element: XmlElement, source: Source, parentStatic = false): RawModel | null {
    const values = source.values;
    const uri = values.string(element, 'uri', null);
    if (uri === null || uri === '') throw values.error(element, '<include> needs a <uri>');
    const included = this.#includedFile(uri, element, source);
    if (included === null) return null;
    const { root, source: inner } = included;
    const model = firstChild(root, 'model');
    if (model === undefined) {
      const other = root.children[0]?.name;
      if (other !== 'light') this.#options.warn(`${values.file}:${element.line}: ${uri} brings no <model> (it has <${other ?? 'nothing'}>); it is left out`);
      return null;
    }
    const poseElement = firstChild(element, 'pose');
    const overrides: IncludeOverrides = {
      plugins: childrenNamed(element, 'plugin').map((child) => ({ element: child, source })),
    };
    const name = values.string(element, 'name', null);
    if (name !== null) overrides.name = name;
    if (firstChild(element, 'static') !== undefined) overrides.static = values.boolean(element, 'static', false);
    if (poseElement !== undefined) {
      overrides.pose = values.pose(poseElement);
      overrides.relativeTo = relativeTo(poseElement);
    }
    const placement = values.string(element, 'placement_frame', null);
    if (placement !== null) overrides.placementFrame = placement;
    return this.#rawModel(model, inner, overrides, parentStatic);
  }

  /** The SDF file an include's address names (a model folder's model.config chooses it). */
  #includedFile(uri: string, element: XmlElement, source: Source): { root: XmlElement; source: Source } | null {
    const values = source.values;
    const path = resolveUri(uri, values.file, this.#options.paths);
    if (path === null) {
      const fuel = fuelModel(uri);
      const known = fuel === null ? knownClassicModel(uri) : knownFuelModel(fuel.owner, fuel.name);
      if (known !== null) return readRoot(known, uri);
      throw values.error(
        element,
        fuel !== null
          ? `${uri} is a Fuel model that is not in Gazebo's cache (${this.#options.paths.fuelCache ?? '~/.gz/fuel'}) and rclsim does not download: put it there or in a folder of GZ_SIM_RESOURCE_PATH`
          : `${uri} is not found (model:// searches GZ_SIM_RESOURCE_PATH, SDF_PATH, GZ_FILE_PATH and GAZEBO_MODEL_PATH)`,
      );
    }
    const file = statSync(path).isDirectory() ? modelFile(path, (line) => values.fail(element, line)) : path;
    return readRoot(readText(file), file);
  }

  /** A model read and placed at `pose` in the world: every link, joint and nested model in its frame. */
  #resolved(raw: RawModel, pose: Pose): Model {
    const links: Link[] = [];
    const joints: Joint[] = [];
    const plugins: Plugin[] = [];
    this.#flatten(raw, new ModelFrames(raw), IDENTITY, '', links, joints, plugins);
    if (links.length === 0 && !raw.static) throw raw.source.values.error(raw.element, `model '${raw.name}' has no <link>`);
    return {
      name: raw.name,
      static: raw.static,
      pose,
      links,
      joints,
      plugins,
      selfCollide: raw.selfCollide,
      canonicalLink: raw.canonicalLink ?? links[0]?.name ?? null,
      place: raw.source.values.place(raw.element),
    };
  }

  /** `raw`'s links, joints and plugins, placed by `inModel` (its frame in the top model's), named in `scope`. */
  #flatten(raw: RawModel, frames: ModelFrames, inModel: Pose, scope: string, links: Link[], joints: Joint[], plugins: Plugin[]): void {
    const { values, minor } = raw.source;
    const placed = (frame: string, from: XmlElement): Pose => compose(inModel, frames.poseOf(frame, from));
    for (const { element } of raw.links) {
      const name = values.required(element, 'name');
      const linkPose = placed(name, element);
      links.push(this.#link(element, raw.source, `${scope}${name}`, linkPose, (frame, from) => compose(inverse(linkPose), placed(frame, from))));
    }
    for (const { element } of raw.joints) {
      const name = values.required(element, 'name');
      const type = attribute(element, 'type') ?? '';
      if (!JOINT_TYPES.has(type)) throw values.error(element, `joint '${name}' has type '${type}', not one of ${[...JOINT_TYPES].join(', ')}`);
      const jointPose = placed(name, element);
      const scoped = (link: string): string => (link === 'world' ? 'world' : `${scope}${link}`);
      const axisOf = (axisName: string): JointAxis | null => {
        const axis = firstChild(element, axisName);
        if (axis === undefined) return null;
        return jointAxis(axis, raw.source, type as JointType, (xyz, xyzElement) => {
          const expressedIn = xyzElement === undefined ? undefined : attribute(xyzElement, 'expressed_in');
          if (minor >= 7) return rotate(expressedIn === undefined ? jointPose.rotation : placed(expressedIn, element).rotation, xyz);
          const parentModelFrame = minor <= 4 || values.boolean(axis, 'use_parent_model_frame', false);
          return rotate(parentModelFrame ? inModel.rotation : jointPose.rotation, xyz);
        });
      };
      joints.push({
        name: `${scope}${name}`,
        type: type as JointType,
        parent: scoped(values.string(element, 'parent', '')),
        child: scoped(values.string(element, 'child', '')),
        pose: jointPose,
        axis: axisOf('axis'),
        axis2: axisOf('axis2'),
        place: values.place(element),
      });
    }
    for (const { element, source } of raw.plugins) plugins.push(plugin(element, source, scope));
    for (const nested of raw.models) {
      this.#flatten(
        nested,
        new ModelFrames(nested),
        compose(inModel, frames.poseOf(nested.name, nested.element)),
        `${scope}${nested.name}::`,
        links,
        joints,
        plugins,
      );
    }
  }

  /** A link; `inLink` places a frame of the model in the link's frame (for a sensor's `relative_to`). */
  #link(element: XmlElement, source: Source, name: string, pose: Pose, inLink: (frame: string, from: XmlElement) => Pose): Link {
    const { values } = source;
    const local = (child: XmlElement): Pose => {
      const poseElement = firstChild(child, 'pose');
      const frame = relativeTo(poseElement);
      const own = values.pose(poseElement);
      return frame === null ? own : compose(inLink(frame, child), own);
    };
    const inertialElement = firstChild(element, 'inertial');
    return {
      name,
      pose,
      inertial: inertialElement === undefined ? null : inertial(inertialElement, source),
      collisions: childrenNamed(element, 'collision').map((child, index): Collision => {
        const geometry = this.#geometry(child, source);
        const friction = firstChild(firstChild(firstChild(child, 'surface') ?? child, 'friction') ?? child, 'ode');
        const pose = local(child);
        const fdir1 = friction === undefined ? undefined : firstChild(friction, 'fdir1');
        // gz-physics' DART turns fdir1 by the link `gz:expressed_in` names, else by the collision's own frame.
        const expressedIn = fdir1 === undefined ? undefined : attribute(fdir1, 'gz:expressed_in');
        const direction = fdir1 === undefined ? ZERO : normalized(values.vector(friction!, 'fdir1', ZERO));
        return {
          name: attribute(child, 'name') ?? `collision_${index}`,
          pose,
          geometry,
          friction: {
            mu: friction === undefined ? 1 : values.number(friction, 'mu', 1),
            mu2: friction === undefined ? 1 : values.number(friction, 'mu2', 1),
            slip1: friction === undefined ? 0 : values.number(friction, 'slip1', 0),
            slip2: friction === undefined ? 0 : values.number(friction, 'slip2', 0),
            fdir1: length(direction) === 0 ? null : rotate(expressedIn === undefined ? pose.rotation : inLink(expressedIn, fdir1!).rotation, direction),
          },
          laserRetro: values.number(child, 'laser_retro', 0),
          place: values.place(child),
        };
      }),
      visuals: childrenNamed(element, 'visual').map(
        (child, index): Visual => ({
          name: attribute(child, 'name') ?? `visual_${index}`,
          pose: local(child),
          geometry: this.#geometry(child, source),
          color: diffuse(child, source),
          place: values.place(child),
        }),
      ),
      sensors: childrenNamed(element, 'sensor').map(
        (child): Sensor => ({
          name: values.required(child, 'name'),
          type: values.required(child, 'type'),
          pose: local(child),
          updateRate: values.number(child, 'update_rate', 0),
          alwaysOn: values.boolean(child, 'always_on', false),
          topic: values.string(child, 'topic', null),
          frameId: values.string(child, 'gz_frame_id', null) ?? values.string(child, 'ignition_frame_id', null),
          element: child,
          place: values.place(child),
        }),
      ),
      gravity: values.boolean(element, 'gravity', true),
      kinematic: values.boolean(element, 'kinematic', false),
      place: values.place(element),
    };
  }

  #geometry(owner: XmlElement, source: Source): Geometry {
    const { values } = source;
    const element = firstChild(owner, 'geometry');
    if (element === undefined) throw values.error(owner, `<${owner.name}> has no <geometry>`);
    const shape = element.children[0];
    if (shape === undefined) return { kind: 'empty' };
    switch (shape.name) {
      case 'box':
        return { kind: 'box', size: values.vector(shape, 'size', { x: 1, y: 1, z: 1 }) };
      case 'cylinder':
        return { kind: 'cylinder', radius: values.number(shape, 'radius', 1), length: values.number(shape, 'length', 1) };
      case 'sphere':
        return { kind: 'sphere', radius: values.number(shape, 'radius', 1) };
      case 'capsule':
        return { kind: 'capsule', radius: values.number(shape, 'radius', 0.5), length: values.number(shape, 'length', 1) };
      case 'ellipsoid':
        return { kind: 'ellipsoid', radii: values.vector(shape, 'radii', { x: 1, y: 1, z: 1 }) };
      case 'plane': {
        const size = firstChild(shape, 'size');
        const [x, y] = size === undefined ? [1, 1] : (values.numbers(size, 2) as [number, number]);
        return { kind: 'plane', normal: normalized(values.vector(shape, 'normal', { x: 0, y: 0, z: 1 })), size: { x, y } };
      }
      case 'mesh': {
        const uri = values.string(shape, 'uri', '');
        if (uri === '') throw values.error(shape, '<mesh> needs a <uri>');
        const file = resolveUri(uri, values.file, this.#options.paths);
        if (file === null) {
          const missing = `mesh ${uri} is not found (model:// searches GZ_SIM_RESOURCE_PATH, SDF_PATH, GZ_FILE_PATH and GAZEBO_MODEL_PATH)`;
          // A visual only colours camera images; a collision is the physics, and must be there.
          if (owner.name !== 'visual') throw values.error(shape, missing);
          this.#options.warn(`${values.file}:${shape.line}: ${missing}; visual '${attribute(owner, 'name') ?? ''}' is left out of camera images`);
          return { kind: 'empty' };
        }
        const submesh = firstChild(shape, 'submesh');
        return {
          kind: 'mesh',
          file,
          scale: values.vector(shape, 'scale', { x: 1, y: 1, z: 1 }),
          submesh: submesh === undefined ? null : values.string(submesh, 'name', ''),
        };
      }
      case 'polyline':
        return {
          kind: 'polyline',
          prisms: childrenNamed(element, 'polyline').map((polyline) => ({
            points: childrenNamed(polyline, 'point').map((point) => {
              const [x, y] = values.numbers(point, 2) as [number, number];
              return { x, y };
            }),
            height: values.number(polyline, 'height', 1),
          })),
        };
      case 'empty':
        return { kind: 'empty' };
      default:
        this.#options.warn(
          `${values.file}:${shape.line}: <${shape.name}> geometry is not modeled; <${owner.name}> '${attribute(owner, 'name') ?? ''}' is left out of collisions and rays`,
        );
        return { kind: 'empty' };
    }
  }
}

/** Every frame of one model's scope, resolved into the model's frame on demand. */
class ModelFrames {
  readonly #model: RawModel;
  readonly #entries = new Map<string, FrameEntry | RawModel>();
  readonly #resolved = new Map<string, Pose>([['__model__', IDENTITY]]);
  readonly #visiting = new Set<string>();

  constructor(model: RawModel) {
    this.#model = model;
    const values = model.source.values;
    for (const { element, entry } of [...model.links, ...model.joints]) this.#entries.set(values.required(element, 'name'), entry);
    for (const [name, entry] of model.frames) this.#entries.set(name, entry);
    for (const nested of model.models) this.#entries.set(nested.name, nested);
  }

  /** The frame `name` (`nested::frame` reaches into a nested model) in the model's frame. */
  poseOf(name: string, from: XmlElement): Pose {
    const known = this.#resolved.get(name);
    if (known !== undefined) return known;
    const values = this.#model.source.values;
    const scoped = name.indexOf('::');
    if (scoped > 0) {
      const nested = this.#entries.get(name.slice(0, scoped));
      if (nested === undefined || !('links' in nested)) throw values.error(from, `no model named '${name.slice(0, scoped)}' in model '${this.#model.name}'`);
      return compose(this.poseOf(nested.name, from), new ModelFrames(nested).poseOf(name.slice(scoped + 2), from));
    }
    const entry = this.#entries.get(name);
    if (entry === undefined) throw values.error(from, `no frame named '${name}' in model '${this.#model.name}'`);
    if (this.#visiting.has(name)) throw values.error(from, `the frames of model '${this.#model.name}' form a cycle through '${name}'`);
    this.#visiting.add(name);
    let pose: Pose;
    if ('links' in entry) {
      const given = compose(this.poseOf(entry.relativeTo ?? '__model__', entry.element), entry.pose);
      pose = entry.placementFrame === null ? given : compose(given, inverse(new ModelFrames(entry).poseOf(entry.placementFrame, entry.element)));
    } else {
      pose = compose(this.poseOf(entry.relativeTo, entry.element), entry.pose);
    }
    this.#visiting.delete(name);
    this.#resolved.set(name, pose);
    return pose;
  }
}

/** A model folder's SDF file: model.config's `<sdf>` of the highest version, else model.sdf. */
function modelFile(folder: string, fail: (line: string) => never): string {
  let config: string | null = null;
  try {
    config = readFileSync(join(folder, 'model.config'), 'utf8');
  } catch {
    return join(folder, 'model.sdf');
  }
  const configFile = join(folder, 'model.config');
  let top: XmlElement[];
  try {
    top = readXml(config);
  } catch (error) {
    throw new DescriptionError({ file: configFile, line: 0 }, `not XML: ${(error as Error).message}`);
  }
  const model = top.find((element) => element.name === 'model');
  const choices = model === undefined ? [] : childrenNamed(model, 'sdf');
  if (choices.length === 0) fail(`${configFile} names no <sdf> file`);
  const version = (element: XmlElement): number => Number(/^1\.(\d+)$/.exec(attribute(element, 'version') ?? '')?.[1] ?? -1);
  const best = choices.reduce((a, b) => (version(b) > version(a) ? b : a));
  return join(folder, (best.text ?? '').trim());
}

function relativeTo(poseElement: XmlElement | undefined): string | null {
  const frame = poseElement === undefined ? undefined : attribute(poseElement, 'relative_to');
  return frame === undefined || frame === '' ? null : frame;
}

function plugin(element: XmlElement, source: Source, scope: string): Plugin {
  return {
    filename: source.values.required(element, 'filename'),
    name: attribute(element, 'name') ?? '',
    element,
    scope,
    place: source.values.place(element),
  };
}

function inertial(element: XmlElement, source: Source): Inertial {
  const { values } = source;
  const inertia = firstChild(element, 'inertia') ?? element;
  const mass = values.number(element, 'mass', 1);
  if (!(mass >= 0)) throw values.error(element, `<mass> must not be negative, not ${mass}`);
  return {
    mass,
    pose: values.pose(firstChild(element, 'pose')),
    ixx: values.number(inertia, 'ixx', 1),
    ixy: values.number(inertia, 'ixy', 0),
    ixz: values.number(inertia, 'ixz', 0),
    iyy: values.number(inertia, 'iyy', 1),
    iyz: values.number(inertia, 'iyz', 0),
    izz: values.number(inertia, 'izz', 1),
  };
}

/** A joint's axis; `toModel` turns its xyz into the model's frame by the version's rules. */
function jointAxis(element: XmlElement, source: Source, type: JointType, toModel: (xyz: Vec3, xyzElement: XmlElement | undefined) => Vec3): JointAxis {
  const { values } = source;
  const xyzElement = firstChild(element, 'xyz');
  const xyz = values.vector(element, 'xyz', { x: 0, y: 0, z: 1 });
  const limit = firstChild(element, 'limit') ?? element;
  const dynamics = firstChild(element, 'dynamics') ?? element;
  const unlimited = type === 'continuous';
  return {
    xyz: normalized(toModel(xyz, xyzElement)),
    lower: unlimited ? -Infinity : values.number(limit, 'lower', -1e16),
    upper: unlimited ? Infinity : values.number(limit, 'upper', 1e16),
    effort: values.number(limit, 'effort', -1),
    velocity: values.number(limit, 'velocity', -1),
    damping: values.number(dynamics, 'damping', 0),
    friction: values.number(dynamics, 'friction', 0),
  };
}

function diffuse(visual: XmlElement, source: Source): Color | null {
  const material = firstChild(visual, 'material');
  const element = material === undefined ? undefined : (firstChild(material, 'diffuse') ?? firstChild(material, 'ambient'));
  if (element === undefined) return null;
  const words = source.values.text(element).split(/\s+/).filter(Boolean);
  const [r, g, b, a] = source.values.numbers(element, words.length === 3 ? 3 : 4) as [number, number, number, number?];
  return { r, g, b, a: a ?? 1 };
}
