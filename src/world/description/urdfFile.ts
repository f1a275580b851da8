import { attribute, childrenNamed, firstChild, readXml, type XmlElement } from '../../base/xmlReader.js';
import { compose, IDENTITY, inverse, length, normalized, type Pose, rotate, type Vec3, ZERO } from '../geometry/pose.js';
import type { Collision, Color, Geometry, Inertial, Joint, JointAxis, Link, Model, Plugin, Sensor, Visual } from './description.js';
import type { ResourcePaths } from './resources.js';
import { resolveUri } from './resources.js';
import type { ReadOptions } from './sdfFile.js';
import { DescriptionError, SdfValues } from './sdfValues.js';
import { parseUrdf, rotationFromRpy, strToDouble, type UrdfJoint, type UrdfLink, type UrdfPose } from './urdfModel.js';

/**
 * A URDF robot as Gazebo sees it: converted to a model the way sdformat's URDF parser converts
 * it (sdf_tutorials "SDFormat extensions to URDF"): fixed joints lumped — the child link's
 * collisions, visuals and sensors moved into its parent with their pose offsets, the masses and
 * inertias combined — unless a `<gazebo reference="joint">` says `preserveFixedJoint` or
 * `disableFixedJointLumping`; collisions named `<link>_collision`, `_collision_1` …, a lumped
 * one `<parent>_fixed_joint_lump__<child>_collision`; `<gazebo>` without a reference adds its
 * plugins to the model, `<gazebo reference="link">` its sensors, friction (mu1, mu2) and
 * laserRetro to that link. A joint's frame is its child link's, as in URDF.
 */
export function readUrdfText(text: string, file: string, options: ReadOptions): Model {
  const logged: string[] = [];
  const urdf = parseUrdf(text, (level, line) => {
    if (level === 'Error') logged.push(line);
  });
  if (urdf === null) throw new DescriptionError({ file, line: 0 }, `not a URDF robot: ${logged.at(-1) ?? 'urdfdom refused it'}`);
  const robot = readXml(text).find((element) => element.name === 'robot')!;
  const values = new SdfValues(file);
  const extensions = gazeboExtensions(robot);
  const materials = new Map(childrenNamed(robot, 'material').map((material) => [attribute(material, 'name') ?? '', colorOf(material)]));

  // Each link's frame in the model's (the root's), every joint at 0.
  const poses = new Map<string, Pose>([[urdf.root.name, IDENTITY]]);
  const order: UrdfLink[] = [];
  const visit = (link: UrdfLink): void => {
    order.push(link);
    for (const joint of link.childJoints) {
      poses.set(joint.child, compose(poses.get(link.name)!, urdfPose(joint.origin)));
      visit(urdf.links.get(joint.child)!);
    }
  };
  visit(urdf.root);

  const lumped = (joint: UrdfJoint | undefined): boolean => {
    if (joint === undefined || joint.type !== 'fixed') return false;
    const extension = extensions.joints.get(joint.name);
    return !(extension !== undefined && (flag(extension, 'preserveFixedJoint') || flag(extension, 'disableFixedJointLumping')));
  };
  // The link each link's contents end up in: itself, or the nearest ancestor across lumped joints.
  const bodyOf = (link: UrdfLink): UrdfLink => (lumped(link.parentJoint) ? bodyOf(urdf.links.get(link.parentJoint!.parent)!) : link);

  const bodies = order.filter((link) => bodyOf(link) === link);
  const links: Link[] = bodies.map((body) => {
    const members = order.filter((link) => bodyOf(link) === body);
    const bodyPose = poses.get(body.name)!;
    const collisions: Collision[] = [];
    const visuals: Visual[] = [];
    const sensors: Sensor[] = [];
    const inertials: Inertial[] = [];
    for (const member of members) {
      const offset = compose(inverse(bodyPose), poses.get(member.name)!);
      const prefix = member === body ? body.name : `${body.name}_fixed_joint_lump__${member.name}`;
      const extension = extensions.links.get(member.name);
      childrenNamed(member.element, 'collision').forEach((element, index) => {
        collisions.push({
          name: attribute(element, 'name') ?? `${prefix}_collision${index === 0 ? '' : `_${index}`}`,
          pose: compose(offset, originOf(element)),
          geometry: geometry(element, values, options),
          friction: {
            mu: extension === undefined ? 1 : number(extension, 'mu1', 1, values),
            mu2: extension === undefined ? 1 : number(extension, 'mu2', 1, values),
            slip1: 0,
            slip2: 0,
            // sdformat writes `<fdir1>` into the collision's ode friction: its own frame.
            fdir1: fdir1Of(extension, compose(offset, originOf(element)), values),
          },
          laserRetro: extension === undefined ? 0 : number(extension, 'laserRetro', 0, values),
          place: values.place(element),
        });
      });
      childrenNamed(member.element, 'visual').forEach((element, index) => {
        const material = firstChild(element, 'material');
        visuals.push({
          name: attribute(element, 'name') ?? `${prefix}_visual${index === 0 ? '' : `_${index}`}`,
          pose: compose(offset, originOf(element)),
          geometry: geometry(element, values, options),
          color: material === undefined ? null : (colorOf(material) ?? materials.get(attribute(material, 'name') ?? '') ?? null),
          place: values.place(element),
        });
      });
      for (const element of extension === undefined ? [] : childrenNamed(extension, 'sensor')) {
        sensors.push({
          name: values.required(element, 'name'),
          type: values.required(element, 'type'),
          pose: compose(offset, values.pose(firstChild(element, 'pose'))),
          updateRate: values.number(element, 'update_rate', 0),
          alwaysOn: values.boolean(element, 'always_on', false),
          topic: values.string(element, 'topic', null),
          frameId: values.string(element, 'gz_frame_id', null) ?? values.string(element, 'ignition_frame_id', null),
          element,
          place: values.place(element),
        });
      }
      const inertialElement = firstChild(member.element, 'inertial');
      if (inertialElement !== undefined) inertials.push(movedInertial(inertialOf(inertialElement, values), offset));
    }
    const extension = extensions.links.get(body.name);
    return {
      name: body.name,
      pose: bodyPose,
      inertial: inertials.length === 0 ? null : inertials.reduce(combined),
      collisions,
      visuals,
      sensors,
      gravity: extension === undefined || !flag(extension, 'turnGravityOff'),
      kinematic: false,
      place: values.place(body.element),
    };
  });

  const joints: Joint[] = [];
  for (const link of order) {
    const joint = link.parentJoint;
    if (joint === undefined || lumped(joint)) continue;
    if (joint.type === 'floating' || joint.type === 'planar') {
      options.warn(`${file}: joint '${joint.name}' is ${joint.type}, which Gazebo does not model: '${joint.child}' moves with '${joint.parent}'`);
    }
    const childPose = poses.get(joint.child)!;
    const disabled = joint.type === 'fixed';
    const axis: JointAxis | null =
      joint.type === 'fixed' || joint.type === 'floating' || joint.type === 'planar'
        ? null
        : {
            xyz: normalized(rotate(childPose.rotation, joint.axis)),
            lower: joint.type === 'continuous' ? -Infinity : (joint.limits?.lower ?? -1e16),
            upper: joint.type === 'continuous' ? Infinity : (joint.limits?.upper ?? 1e16),
            effort: joint.limits?.effort ?? -1,
            velocity: joint.limits?.velocity ?? -1,
            damping: joint.dynamics?.damping ?? 0,
            friction: joint.dynamics?.friction ?? 0,
          };
    const extension = extensions.joints.get(joint.name);
    const asRevolute = disabled && extension !== undefined && !flag(extension, 'preserveFixedJoint') && flag(extension, 'disableFixedJointLumping');
    joints.push({
      name: joint.name,
      type: asRevolute ? 'revolute' : joint.type === 'floating' || joint.type === 'planar' ? 'fixed' : joint.type,
      parent: bodyOf(urdf.links.get(joint.parent)!).name,
      child: joint.child,
      pose: childPose,
      axis: asRevolute ? { xyz: { x: 0, y: 0, z: 1 }, lower: 0, upper: 0, effort: -1, velocity: -1, damping: 0, friction: 0 } : axis,
      axis2: null,
      place: { file, line: 0 },
    });
  }

  const model = extensions.model;
  const plugins: Plugin[] = model.flatMap((element) =>
    childrenNamed(element, 'plugin').map((plugin) => ({
      filename: values.required(plugin, 'filename'),
      name: attribute(plugin, 'name') ?? '',
      element: plugin,
      scope: '',
      place: values.place(plugin),
    })),
  );
  const isStatic = model.some((element) => flag(element, 'static'));
  return {
    name: urdf.name,
    static: isStatic,
    pose: IDENTITY,
    links,
    joints,
    plugins,
    selfCollide: model.some((element) => flag(element, 'self_collide')),
    canonicalLink: links[0]?.name ?? null,
    place: values.place(robot),
  };
}

/** The `<gazebo>` elements of a robot: without a reference (the model's), by link and by joint. */
function gazeboExtensions(robot: XmlElement): { model: XmlElement[]; links: Map<string, XmlElement>; joints: Map<string, XmlElement> } {
  const model: XmlElement[] = [];
  const links = new Map<string, XmlElement>();
  const joints = new Map<string, XmlElement>();
  const jointNames = new Set(childrenNamed(robot, 'joint').map((joint) => attribute(joint, 'name') ?? ''));
  for (const element of childrenNamed(robot, 'gazebo')) {
    const reference = attribute(element, 'reference');
    if (reference === undefined || reference === '') {
      model.push(element);
      continue;
    }
    const into = jointNames.has(reference) ? joints : links;
    const known = into.get(reference);
    // Several elements for one reference add up, in order.
    into.set(reference, known === undefined ? element : { ...known, children: [...known.children, ...element.children] });
  }
  return { model, links, joints };
}

/** A boolean child of a `<gazebo>` element (`true`/`1`, anything else false), as sdformat reads it. */
function flag(element: XmlElement, name: string): boolean {
  const child = firstChild(element, name);
  return child !== undefined && ['true', '1'].includes((child.text ?? '').trim().toLowerCase());
}

/** A link's `<gazebo>` fdir1, unit, turned from its collision's frame into the link's; null without one (or zero). */
function fdir1Of(extension: XmlElement | undefined, collision: Pose, values: SdfValues): Vec3 | null {
  const direction = extension === undefined ? ZERO : normalized(values.vector(extension, 'fdir1', ZERO));
  return length(direction) === 0 ? null : rotate(collision.rotation, direction);
}

function number(element: XmlElement, name: string, fallback: number, values: SdfValues): number {
  return values.number(element, name, fallback);
}

function urdfPose(pose: UrdfPose): Pose {
  return { position: pose.position, rotation: pose.rotation };
}

/** An `<origin xyz rpy>` (its absence: the identity). */
function originOf(element: XmlElement): Pose {
  const origin = firstChild(element, 'origin');
  if (origin === undefined) return IDENTITY;
  const xyz = numbers3(attribute(origin, 'xyz') ?? '0 0 0');
  const rpy = numbers3(attribute(origin, 'rpy') ?? '0 0 0');
  return { position: xyz, rotation: rotationFromRpy(rpy.x, rpy.y, rpy.z) };
}

function numbers3(text: string): Vec3 {
  const [x = 0, y = 0, z = 0] = text
    .split(' ')
    .filter((piece) => piece !== '')
    .map(strToDouble);
  return { x, y, z };
}

function geometry(owner: XmlElement, values: SdfValues, options: ReadOptions): Geometry {
  const shape = firstChild(owner, 'geometry')?.children[0];
  if (shape === undefined) return { kind: 'empty' };
  const get = (name: string): string => attribute(shape, name) ?? '';
  switch (shape.name) {
    case 'box':
      return { kind: 'box', size: numbers3(get('size')) };
    case 'cylinder':
      return { kind: 'cylinder', radius: strToDouble(get('radius')), length: strToDouble(get('length')) };
    case 'sphere':
      return { kind: 'sphere', radius: strToDouble(get('radius')) };
    case 'mesh': {
      const uri = get('filename');
      const file = resolveUri(uri, values.file, options.paths as ResourcePaths);
      if (file === null) {
        const missing = `mesh ${uri} is not found (package:// searches AMENT_PREFIX_PATH's share folders)`;
        if (owner.name !== 'visual') throw values.error(shape, missing);
        options.warn(`${values.file}:${shape.line}: ${missing}; a visual is left out of camera images`);
        return { kind: 'empty' };
      }
      return { kind: 'mesh', file, scale: attribute(shape, 'scale') === undefined ? { x: 1, y: 1, z: 1 } : numbers3(get('scale')), submesh: null };
    }
    default:
      options.warn(`${values.file}:${shape.line}: <${shape.name}> geometry is not modeled; it is left out of collisions and rays`);
      return { kind: 'empty' };
  }
}

function colorOf(material: XmlElement): Color | null {
  const color = firstChild(material, 'color');
  const rgba = color === undefined ? undefined : attribute(color, 'rgba');
  if (rgba === undefined) return null;
  const [r = 0, g = 0, b = 0, a = 1] = rgba
    .split(' ')
    .filter((piece) => piece !== '')
    .map(strToDouble);
  return { r, g, b, a };
}

function inertialOf(element: XmlElement, values: SdfValues): Inertial {
  const mass = firstChild(element, 'mass');
  const inertia = firstChild(element, 'inertia');
  const value = (name: string): number => (inertia === undefined ? 0 : strToDouble(attribute(inertia, name) ?? '0'));
  const m = mass === undefined ? 0 : strToDouble(attribute(mass, 'value') ?? '0');
  if (!(m >= 0)) throw values.error(element, `<mass value> must not be negative, not ${m}`);
  return { mass: m, pose: originOf(element), ixx: value('ixx'), ixy: value('ixy'), ixz: value('ixz'), iyy: value('iyy'), iyz: value('iyz'), izz: value('izz') };
}

/** An inertial placed by `offset` into another link's frame, its axes turned to that frame's. */
function movedInertial(inertial: Inertial, offset: Pose): Inertial {
  const pose = compose(offset, inertial.pose);
  const c = (v: Vec3): Vec3 => rotate(pose.rotation, v);
  const ex = c({ x: 1, y: 0, z: 0 });
  const ey = c({ x: 0, y: 1, z: 0 });
  const ez = c({ x: 0, y: 0, z: 1 });
  // I' = R I Rᵀ, R's columns the inertia frame's axes in the link's.
  const I = [
    [inertial.ixx, inertial.ixy, inertial.ixz],
    [inertial.ixy, inertial.iyy, inertial.iyz],
    [inertial.ixz, inertial.iyz, inertial.izz],
  ];
  const R = [
    [ex.x, ey.x, ez.x],
    [ex.y, ey.y, ez.y],
    [ex.z, ey.z, ez.z],
  ];
  const at = (i: number, j: number): number => {
    let sum = 0;
    for (let k = 0; k < 3; k++) for (let l = 0; l < 3; l++) sum += R[i]![k]! * I[k]![l]! * R[j]![l]!;
    return sum;
  };
  return {
    mass: inertial.mass,
    pose: { position: pose.position, rotation: IDENTITY.rotation },
    ixx: at(0, 0),
    ixy: at(0, 1),
    ixz: at(0, 2),
    iyy: at(1, 1),
    iyz: at(1, 2),
    izz: at(2, 2),
  };
}

/** Two inertials (axes aligned with the link's) as one: masses summed, about the common centre of mass. */
function combined(a: Inertial, b: Inertial): Inertial {
  const mass = a.mass + b.mass;
  if (mass === 0) return a;
  const pa = a.pose.position;
  const pb = b.pose.position;
  const centre = { x: (a.mass * pa.x + b.mass * pb.x) / mass, y: (a.mass * pa.y + b.mass * pb.y) / mass, z: (a.mass * pa.z + b.mass * pb.z) / mass };
  // The parallel axis theorem: I + m (|d|² E − d dᵀ), d from the common centre.
  const shifted = (i: Inertial, p: Vec3) => {
    const d = { x: p.x - centre.x, y: p.y - centre.y, z: p.z - centre.z };
    const dd = d.x * d.x + d.y * d.y + d.z * d.z;
    return {
      ixx: i.ixx + i.mass * (dd - d.x * d.x),
      iyy: i.iyy + i.mass * (dd - d.y * d.y),
      izz: i.izz + i.mass * (dd - d.z * d.z),
      ixy: i.ixy - i.mass * d.x * d.y,
      ixz: i.ixz - i.mass * d.x * d.z,
      iyz: i.iyz - i.mass * d.y * d.z,
    };
  };
  const sa = shifted(a, pa);
  const sb = shifted(b, pb);
  return {
    mass,
    pose: { position: centre, rotation: IDENTITY.rotation },
    ixx: sa.ixx + sb.ixx,
    ixy: sa.ixy + sb.ixy,
    ixz: sa.ixz + sb.ixz,
    iyy: sa.iyy + sb.iyy,
    iyz: sa.iyz + sb.iyz,
    izz: sa.izz + sb.izz,
  };
}
