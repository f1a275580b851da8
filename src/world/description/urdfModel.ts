import { cos, sin } from '../../base/portableMath.js';
import { attribute, childrenNamed, firstChild, readXml, type XmlElement, XmlError } from '../../base/xmlReader.js';

/**
 * URDF read as urdfdom (Jazzy, 4.0: urdf_parser/src/model.cpp, joint.cpp, pose.cpp and
 * urdfdom_headers' model.h, pose.h) reads it: the robot's links and joints, its tree and root,
 * and the errors it logs through console_bridge where it refuses one. Links keep what the
 * nodes use (name, whether it has an inertial) and their element, which the world reads further
 * (urdfFile.ts: inertials, collisions, visuals, as sdformat converts them).
 */
export type JointType = 'revolute' | 'continuous' | 'prismatic' | 'fixed' | 'floating' | 'planar';

export interface UrdfVector {
  x: number;
  y: number;
  z: number;
}

/** urdf::Rotation: a unit quaternion. */
export interface UrdfRotation extends UrdfVector {
  w: number;
}

export interface UrdfPose {
  position: UrdfVector;
  rotation: UrdfRotation;
}

export interface UrdfJoint {
  name: string;
  type: JointType;
  parent: string;
  child: string;
  origin: UrdfPose;
  axis: UrdfVector;
  limits?: { lower: number; upper: number; effort: number; velocity: number };
  mimic?: { joint: string; multiplier: number; offset: number };
  dynamics?: { damping: number; friction: number };
}

export interface UrdfLink {
  name: string;
  hasInertial: boolean;
  element: XmlElement;
  parentJoint?: UrdfJoint;
  /** The joints to its children, in the order urdfdom's initTree found them (joints by name). */
  childJoints: UrdfJoint[];
}

export interface UrdfModel {
  name: string;
  /** By name, sorted as std::map sorts them (byte order). */
  links: Map<string, UrdfLink>;
  joints: Map<string, UrdfJoint>;
  root: UrdfLink;
}

/** What console_bridge prints: its level's word, the text, and the source line that logged it. */
export type ConsoleLog = (level: 'Error' | 'Warning', text: string, where: { file: string; line: number }) => void;

/** A failure urdfdom throws as ParseError. */
class ParseError extends Error {}

/** std::map's order: by code units, as std::string compares bytes for ASCII names. */
const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * urdfdom_headers' strToDouble: `std::istringstream >> double` in the C locale, which must
 * consume the whole text (leading white space skipped); libstdc++ refuses an overflow.
 */
export function strToDouble(text: string): number {
  const match = /^[ \t\n\v\f\r]*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)$/.exec(text);
  if (match === null) throw new Error('Failed converting string to double');
  const value = Number(match[1]);
  if (!Number.isFinite(value)) throw new Error('Failed converting string to double');
  return value;
}

/** urdf::Vector3::init: three numbers split at single spaces (empty pieces skipped). */
function vector(text: string): UrdfVector {
  const values = text
    .split(' ')
    .filter((piece) => piece !== '')
    .map((piece) => {
      try {
        return strToDouble(piece);
      } catch {
        throw new ParseError(`Unable to parse component [${piece}] to a double (while parsing a vector value)`);
      }
    });
  if (values.length !== 3) throw new ParseError(`Parser found ${values.length} elements but 3 expected while parsing vector [${text}]`);
  return { x: values[0]!, y: values[1]!, z: values[2]! };
}

/**
 * urdf::Rotation::setFromRPY: half angles, each product of sines and cosines evaluated left to
 * right, then normalized (divided by the square root of the sum of squares, summed x, y, z, w).
 */
export function rotationFromRpy(roll: number, pitch: number, yaw: number): UrdfRotation {
  const phi = roll / 2.0;
  const the = pitch / 2.0;
  const psi = yaw / 2.0;
  const x = sin(phi) * cos(the) * cos(psi) - cos(phi) * sin(the) * sin(psi);
  const y = cos(phi) * sin(the) * cos(psi) + sin(phi) * cos(the) * sin(psi);
  const z = cos(phi) * cos(the) * sin(psi) - sin(phi) * sin(the) * cos(psi);
  const w = cos(phi) * cos(the) * cos(psi) + sin(phi) * sin(the) * sin(psi);
  const squared = x * x + y * y + z * z + w * w;
  if (squared <= 0.0) return { x: 0, y: 0, z: 0, w: 1 };
  const s = Math.sqrt(squared);
  return { x: x / s, y: y / s, z: z / s, w: w / s };
}

const identityPose = (): UrdfPose => ({ position: { x: 0, y: 0, z: 0 }, rotation: { x: 0, y: 0, z: 0, w: 1 } });

/** console_bridge's source lines of urdfdom 4.0 (jazzy), where each message is logged. */
const MODEL = 'urdf_parser/src/model.cpp';
const JOINT = 'urdf_parser/src/joint.cpp';
const POSE = 'urdf_parser/src/pose.cpp';
const LINK = 'urdf_parser/src/link.cpp';

/** Reads a URDF document as urdf::parseURDF; null (after logging why, as urdfdom does) when urdfdom refuses it. */
export function parseUrdf(xml: string, log: ConsoleLog): UrdfModel | null {
  const error = (text: string, file: string, line: number): null => {
    log('Error', text, { file, line });
    return null;
  };
  let top: XmlElement[];
  try {
    top = readXml(xml);
  } catch (thrown) {
    if (thrown instanceof XmlError) return error(thrown.message, MODEL, 101);
    throw thrown;
  }
  const robot = top.find((element) => element.name === 'robot');
  if (robot === undefined) return error("Could not find the 'robot' element in the xml file", MODEL, 110);
  const name = attribute(robot, 'name');
  if (name === undefined) return error('No name given for the robot.', MODEL, 119);
  const versionError = checkVersion(attribute(robot, 'version'));
  if (versionError !== null) return error(versionError, MODEL, 135);
  const materials = new Set<string>();
  for (const material of childrenNamed(robot, 'material')) {
    const materialName = attribute(material, 'name');
    if (materialName === undefined) {
      error('Material must contain a name attribute', LINK, 64);
      return error('material xml is not initialized correctly', MODEL, 162);
    }
    if (materials.has(materialName)) return error(`material '${materialName}' is not unique.`, MODEL, 150);
    materials.add(materialName);
  }
  const links = new Map<string, UrdfLink>();
  for (const element of childrenNamed(robot, 'link')) {
    const linkName = attribute(element, 'name');
    // parseLink's failure is logged, and the link kept (model.cpp does not look at its result).
    if (linkName === undefined) error('No name given for the link.', LINK, 423);
    const link: UrdfLink = {
      name: linkName ?? '',
      hasInertial: linkName !== undefined && firstChild(element, 'inertial') !== undefined,
      element,
      childJoints: [],
    };
    if (links.has(link.name)) return error(`link '${link.name}' is not unique.`, MODEL, 179);
    links.set(link.name, link);
  }
  if (links.size === 0) return error('No link elements found in urdf file', MODEL, 207);
  const joints = new Map<string, UrdfJoint>();
  for (const element of childrenNamed(robot, 'joint')) {
    const joint = parseJoint(element, error);
    if (joint === null) return error('joint xml is not initialized correctly', MODEL, 234);
    if (joints.has(joint.name)) return error(`joint '${joint.name}' is not unique.`, MODEL, 222);
    joints.set(joint.name, joint);
  }
  const sortedLinks = new Map([...links].sort(([a], [b]) => byteOrder(a, b)));
  const sortedJoints = new Map([...joints].sort(([a], [b]) => byteOrder(a, b)));
  // initTree: for every joint (by name), the child's parent; initRoot: the one link without one.
  const parentOf = new Map<string, string>();
  try {
    for (const joint of sortedJoints.values()) {
      if (joint.parent === '' || joint.child === '') throw new ParseError(`Joint [${joint.name}] is missing a parent and/or child link specification.`);
      const child = sortedLinks.get(joint.child);
      if (child === undefined) throw new ParseError(`child link [${joint.child}] of joint [${joint.name}] not found`);
      const parent = sortedLinks.get(joint.parent);
      if (parent === undefined)
        throw new ParseError(
          `parent link [${joint.parent}] of joint [${joint.name}] not found.  This is not valid according to the URDF spec. Every link you refer to from a joint needs to be explicitly defined in the robot description. To fix this problem you can either remove this joint [${joint.name}] from your urdf file, or add "<link name="${joint.parent}" />" to your urdf file.`,
        );
      child.parentJoint = joint;
      parent.childJoints.push(joint);
      parentOf.set(child.name, joint.parent);
    }
  } catch (thrown) {
    if (thrown instanceof ParseError) return error(`Failed to build tree: ${thrown.message}`, MODEL, 253);
    throw thrown;
  }
  let root: UrdfLink | undefined;
  for (const link of sortedLinks.values()) {
    if (parentOf.has(link.name)) continue;
    if (root !== undefined) return error(`Failed to find root link: Two root links found: [${root.name}] and [${link.name}]`, MODEL, 265);
    root = link;
  }
  if (root === undefined) return error('Failed to find root link: No root link found. The robot xml is not a valid tree.', MODEL, 265);
  return { name, links: sortedLinks, joints: sortedJoints, root };
}

/** URDFVersion: absent is 1.0; else `<major>.<minor>`, each an unsigned integer; only 1.0 is read. */
function checkVersion(version: string | undefined): string | null {
  if (version === undefined) return null;
  const parts = version.split('.');
  // split_string drops an empty last piece ("1." is one piece).
  if (parts.at(-1) === '') parts.pop();
  if (parts.length !== 2) return "The version attribute should be in the form 'x.y'";
  const numbers: number[] = [];
  for (const part of parts) {
    if (part === '') return 'One of the fields of the version attribute is blank';
    const match = /^[ \t\n\v\f\r]*[+-]?\d+/.exec(part);
    if (match === null) return 'Version attribute is not an integer';
    if (match[0].length !== part.length) return 'Extra characters after the version number';
    const value = Number(match[0].trim());
    if (value < 0) return 'Version number must be positive';
    numbers.push(value);
  }
  return numbers[0] === 1 && numbers[1] === 0 ? null : "Invalid 'version' specified; only version 1.0 is currently supported";
}

type ErrorLog = (text: string, file: string, line: number) => null;

/** urdf::parsePoseInternal: `xyz` and `rpy`, each three numbers; null (logged) when one is not. */
function parsePose(element: XmlElement, error: ErrorLog): UrdfPose | null {
  const pose = identityPose();
  for (const [key, line] of [
    ['xyz', 104],
    ['rpy', 116],
  ] as const) {
    const text = attribute(element, key);
    if (text === undefined) continue;
    try {
      const value = vector(text);
      if (key === 'xyz') pose.position = value;
      else pose.rotation = rotationFromRpy(value.x, value.y, value.z);
    } catch (thrown) {
      if (!(thrown instanceof ParseError)) throw thrown;
      return error(thrown.message, POSE, line);
    }
  }
  return pose;
}

/** A number attribute of a joint's sub-element; `undefined` when absent, null (logged) when not a number. */
function numberAttribute(element: XmlElement, name: string, error: ErrorLog, line: number): number | undefined | null {
  const text = attribute(element, name);
  if (text === undefined) return undefined;
  try {
    return strToDouble(text);
  } catch {
    return error(`${name} value (${text}) is not a valid float`, JOINT, line);
  }
}

/** urdf::parseJoint; null when it fails (after logging why). */
function parseJoint(element: XmlElement, error: ErrorLog): UrdfJoint | null {
  const name = attribute(element, 'name');
  if (name === undefined) return error('unnamed joint found', JOINT, 345);
  let origin = identityPose();
  const originElement = firstChild(element, 'origin');
  if (originElement !== undefined) {
    const pose = parsePose(originElement, error);
    if (pose === null) return error(`Malformed parent origin element for joint [${name}]`, JOINT, 362);
    origin = pose;
  }
  const linkOf = (tag: string): string => {
    const found = firstChild(element, tag);
    return found === undefined ? '' : (attribute(found, 'link') ?? '');
  };
  const parent = linkOf('parent');
  const child = linkOf('child');
  const typeText = attribute(element, 'type');
  if (typeText === undefined) return error(`joint [${name}] has no type, check to see if it's a reference.`, JOINT, 401);
  const types: readonly string[] = ['planar', 'floating', 'revolute', 'continuous', 'prismatic', 'fixed'];
  if (!types.includes(typeText)) return error(`Joint [${name}] has no known type [${typeText}]`, JOINT, 420);
  const type = typeText as JointType;
  let axis: UrdfVector = { x: 1, y: 0, z: 0 };
  const axisElement = firstChild(element, 'axis');
  if (type !== 'floating' && type !== 'fixed' && axisElement !== undefined) {
    const xyz = attribute(axisElement, 'xyz');
    if (xyz !== undefined) {
      try {
        axis = vector(xyz);
      } catch (thrown) {
        if (!(thrown instanceof ParseError)) throw thrown;
        return error(`Malformed axis element for joint [${name}]: ${thrown.message}`, JOINT, 440);
      }
    }
  }
  const joint: UrdfJoint = { name, type, parent, child, origin, axis };
  const limit = firstChild(element, 'limit');
  if (limit !== undefined) {
    const limits = parseLimits(limit, error);
    if (limits === null) return error(`Could not parse limit element for joint [${name}]`, JOINT, 454);
    joint.limits = limits;
  } else if (type === 'revolute') return error(`Joint [${name}] is of type REVOLUTE but it does not specify limits`, JOINT, 461);
  else if (type === 'prismatic') return error(`Joint [${name}] is of type PRISMATIC without limits`, JOINT, 466);
  const safety = firstChild(element, 'safety_controller');
  if (safety !== undefined && !checkNumbers(safety, ['soft_lower_limit', 'soft_upper_limit', 'k_position'], 'k_velocity', error, SAFETY_LINES))
    return error(`Could not parse safety element for joint [${name}]`, JOINT, 477);
  const calibration = firstChild(element, 'calibration');
  if (calibration !== undefined && !checkNumbers(calibration, ['rising', 'falling'], null, error, CALIBRATION_LINES))
    return error(`Could not parse calibration element for joint  [${name}]`, JOINT, 490);
  const mimic = firstChild(element, 'mimic');
  if (mimic !== undefined) {
    const parsed = parseMimic(mimic, error);
    if (parsed === null) return error(`Could not parse mimic element for joint  [${name}]`, JOINT, 503);
    joint.mimic = parsed;
  }
  const dynamics = firstChild(element, 'dynamics');
  if (dynamics !== undefined) {
    const damping = numberAttribute(dynamics, 'damping', error, 65);
    const friction = damping === null ? null : numberAttribute(dynamics, 'friction', error, 81);
    if (damping === null || friction === null) return error(`Could not parse joint_dynamics element for joint [${name}]`, JOINT, 516);
    if (damping === undefined && friction === undefined) {
      error('joint dynamics element specified with no damping and no friction', JOINT, 88);
      return error(`Could not parse joint_dynamics element for joint [${name}]`, JOINT, 516);
    }
    joint.dynamics = { damping: damping ?? 0, friction: friction ?? 0 };
  }
  return joint;
}

const SAFETY_LINES: Record<string, number> = { soft_lower_limit: 184, soft_upper_limit: 201, k_position: 218, k_velocity: 234, missing: 226 };
const CALIBRATION_LINES: Record<string, number> = { rising: 258, falling: 275 };

/** Optional number attributes, then a required one (its absence logged as `<element> …: no <name>`); false when one fails. */
function checkNumbers(element: XmlElement, optional: readonly string[], required: string | null, error: ErrorLog, lines: Record<string, number>): boolean {
  for (const name of optional) if (numberAttribute(element, name, error, lines[name]!) === null) return false;
  if (required === null) return true;
  if (attribute(element, required) === undefined) {
    error(`joint safety: no ${required}`, JOINT, lines.missing!);
    return false;
  }
  return numberAttribute(element, required, error, lines[required]!) !== null;
}

/** urdf::parseJointLimits. */
function parseLimits(element: XmlElement, error: ErrorLog): UrdfJoint['limits'] | null {
  const lower = numberAttribute(element, 'lower', error, 112);
  if (lower === null) return null;
  const upper = numberAttribute(element, 'upper', error, 128);
  if (upper === null) return null;
  if (attribute(element, 'effort') === undefined) return error('joint limit: no effort', JOINT, 136);
  const effort = numberAttribute(element, 'effort', error, 144);
  if (effort === null || effort === undefined) return null;
  if (attribute(element, 'velocity') === undefined) return error('joint limit: no velocity', JOINT, 152);
  const velocity = numberAttribute(element, 'velocity', error, 160);
  if (velocity === null || velocity === undefined) return null;
  return { lower: lower ?? 0, upper: upper ?? 0, effort, velocity };
}

/** urdf::parseJointMimic. */
function parseMimic(element: XmlElement, error: ErrorLog): UrdfJoint['mimic'] | null {
  const joint = attribute(element, 'joint');
  if (joint === undefined) return error('joint mimic: no mimic joint specified', JOINT, 292);
  const multiplier = numberAttribute(element, 'multiplier', error, 311);
  if (multiplier === null) return null;
  const offset = numberAttribute(element, 'offset', error, 329);
  if (offset === null) return null;
  return { joint, multiplier: multiplier ?? 1, offset: offset ?? 0 };
}
