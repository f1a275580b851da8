/**
 * joint_state_publisher (ros/joint_state_publisher, ros2 branch: joint_state_publisher.py): the
 * movable joints of a URDF (from a file named on the command line, else the robot_description
 * topic) on /joint_states at `rate`, at their zeros (the `zeros.<joint>` parameters, else the
 * middle of a range that excludes 0, else 0), mimic joints following theirs, positions,
 * velocities and efforts taken from the `source_list` topics. SDF and COLLADA are not read.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import rclnodejs from 'rclnodejs';
import { attribute, readXml, type XmlElement, XmlError } from '../../base/xmlReader.js';

interface FreeJoint {
  min: number;
  max: number;
  zero: number;
  position?: number;
  velocity?: number;
  effort?: number;
  continuous?: boolean;
  forward?: boolean;
}

interface Dependent {
  parent: string;
  factor?: number;
  offset?: number;
}

/** An exception upstream raises (a Python Exception): its text. */
class JointError extends Error {}

const { Parameter, ParameterType } = rclnodejs;

/** argparse's reading of `[description_file]`; its usage and errors as argparse prints them. */
function descriptionFileOf(args: readonly string[]): string | undefined {
  const prog = basename(process.argv[1] ?? 'joint_state_publisher').replace(/\.js$/, '');
  const usage = `usage: ${prog} [-h] [description_file]`;
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(
      `${usage}\n\npositional arguments:\n  description_file  Robot description file to use\n\noptions:\n  -h, --help        show this help message and exit\n`,
    );
    process.exit(0);
  }
  const unknown = args.filter((arg, i) => (arg.startsWith('-') && arg !== '-') || i > 0);
  if (unknown.length > 0) {
    process.stderr.write(`${usage}\n${prog}: error: unrecognized arguments: ${unknown.join(' ')}\n`);
    process.exit(2);
  }
  return args[0];
}

/** Python's float() of a string: surrounding white space, digits with `_` between them, inf and nan. */
function pythonFloat(text: string): number | null {
  const trimmed = text.trim();
  if (/^[+-]?(inf|infinity|nan)$/i.test(trimmed)) return Number(trimmed.replace(/inf(inity)?/i, 'Infinity').replace(/nan/i, 'NaN'));
  if (!/^[+-]?(\d(_?\d)*(\.(\d(_?\d)*)?)?|\.\d(_?\d)*)([eE][+-]?\d(_?\d)*)?$/.test(trimmed)) return null;
  return Number(trimmed.replaceAll('_', ''));
}

function convertToFloat(name: string, jtype: string, limitName: string, text: string): number {
  const value = pythonFloat(text);
  if (value === null) throw new JointError(`"${limitName}" limit must be a float for joint "${name}" of type "${jtype}"`);
  return value;
}

/** float() where upstream does not catch its failure (ValueError). */
function strictFloat(text: string): number {
  const value = pythonFloat(text);
  if (value === null) throw new JointError(`could not convert string to float: '${text}'`);
  return value;
}

/** Every descendant element of that name, in document order (minidom's getElementsByTagName). */
function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...descendants(child, name)]);
}

await rclnodejs.init();
const descriptionFile = descriptionFileOf(rclnodejs.removeROSArgs(process.argv.slice(2)));
const options = new rclnodejs.NodeOptions();
options.automaticallyDeclareParametersFromOverrides = true;
const node = rclnodejs.createNode('joint_state_publisher', '', rclnodejs.Context.defaultContext(), options);
const logger = node.getLogger();

/** declare_ros_parameter: declared unless an override declared it already. */
const declare = (name: string, type: (typeof ParameterType)[keyof typeof ParameterType], value: unknown): void => {
  if (!node.hasParameter(name)) node.declareParameter(new Parameter(name, type, value));
};
declare('publish_default_efforts', ParameterType.PARAMETER_BOOL, false);
declare('publish_default_positions', ParameterType.PARAMETER_BOOL, true);
declare('publish_default_velocities', ParameterType.PARAMETER_BOOL, false);
declare('rate', ParameterType.PARAMETER_INTEGER, 10n);
declare('source_list', ParameterType.PARAMETER_STRING_ARRAY, []);
declare('use_mimic_tags', ParameterType.PARAMETER_BOOL, true);
declare('use_smallest_joint_limits', ParameterType.PARAMETER_BOOL, true);
declare('delta', ParameterType.PARAMETER_DOUBLE, 0.0);
const param = (name: string): unknown => node.getParameter(name).value;

/** The parameters under `prefix.`, by the rest of their names (get_parameters_by_prefix). */
function byPrefix(prefix: string): Map<string, unknown> {
  return new Map(
    node
      .getParameters()
      .filter((parameter) => parameter.name.startsWith(`${prefix}.`))
      .map((parameter) => [parameter.name.slice(prefix.length + 1), parameter.value] as const),
  );
}

const asNumber = (value: unknown): number => (typeof value === 'bigint' ? Number(value) : (value as number));

function parseDependentJoints(): Map<string, Dependent> {
  const found = new Map<string, Record<string, unknown>>();
  const allowed = ['parent', 'factor', 'offset'];
  for (const [name, value] of byPrefix('dependent_joints')) {
    const split = name.split('.');
    if (split.length !== 2) throw new JointError(`Invalid dependent_joint name '${name}'`);
    const [key, field] = split as [string, string];
    if (!allowed.includes(field))
      throw new JointError(`Invalid dependent_joint name '${field}' (allowed values are ${allowed.map((word) => `'${word}'`).join(', ')})`);
    found.set(key, { ...(found.get(key) ?? {}), [field]: value });
  }
  const result = new Map<string, Dependent>();
  for (const [name, fields] of found) {
    if (fields.parent === undefined || fields.parent === null) throw new JointError('All dependent_joints must at least have a parent');
    result.set(name, {
      parent: fields.parent as string,
      ...(fields.factor === undefined ? {} : { factor: asNumber(fields.factor) }),
      ...(fields.offset === undefined ? {} : { offset: asNumber(fields.offset) }),
    });
  }
  return result;
}

let freeJoints = new Map<string, FreeJoint>();
let jointList: string[] = [];
let dependentJoints = parseDependentJoints();
const useMimic = param('use_mimic_tags') as boolean;
const useSmall = param('use_smallest_joint_limits') as boolean;
const zeros = new Map([...byPrefix('zeros')].map(([name, value]) => [name, asNumber(value)]));
const pubDefPositions = param('publish_default_positions') as boolean;
const pubDefVels = param('publish_default_velocities') as boolean;
const pubDefEfforts = param('publish_default_efforts') as boolean;

function initJoint(min: number, max: number, zero: number): FreeJoint {
  return {
    min,
    max,
    zero,
    ...(pubDefPositions ? { position: zero } : {}),
    ...(pubDefVels ? { velocity: 0.0 } : {}),
    ...(pubDefEfforts ? { effort: 0.0 } : {}),
  };
}

/** init_urdf: the robot's movable joints (its direct `<joint>` children), in document order. */
function initUrdf(top: XmlElement[]): void {
  const robot = [...top.filter((element) => element.name === 'robot'), ...top.flatMap((element) => descendants(element, 'robot'))][0];
  if (robot === undefined) throw new JointError('URDF must have a "robot" tag');
  const free = new Map<string, FreeJoint>();
  const list: string[] = [];
  const dependent = new Map(dependentJoints);
  for (const child of robot.children) {
    if (child.name !== 'joint') continue;
    const jtype = attribute(child, 'type') ?? '';
    if (['fixed', 'floating', 'planar'].includes(jtype)) continue;
    const name = attribute(child, 'name') ?? '';
    let min: number;
    let max: number;
    if (jtype === 'continuous') {
      min = -Math.PI;
      max = Math.PI;
    } else {
      const limit = descendants(child, 'limit')[0];
      if (limit === undefined) throw new JointError(`Limits must be specified for joint "${name}" of type "${jtype}"`);
      const lower = attribute(limit, 'lower');
      if (lower === undefined) throw new JointError(`"lower" limit must be specified for joint "${name}" of type "${jtype}"`);
      min = convertToFloat(name, jtype, 'lower', lower);
      const upper = attribute(limit, 'upper');
      if (upper === undefined) throw new JointError(`"upper" limit must be specified for joint "${name}" of type "${jtype}"`);
      max = convertToFloat(name, jtype, 'upper', upper);
    }
    const safety = descendants(child, 'safety_controller');
    if (useSmall && safety.length === 1) {
      const softLower = attribute(safety[0]!, 'soft_lower_limit');
      if (softLower !== undefined) min = Math.max(min, strictFloat(softLower));
      const softUpper = attribute(safety[0]!, 'soft_upper_limit');
      if (softUpper !== undefined) max = Math.min(max, strictFloat(softUpper));
    }
    list.push(name);
    const mimic = descendants(child, 'mimic');
    if (useMimic && mimic.length === 1) {
      const multiplier = attribute(mimic[0]!, 'multiplier');
      const offset = attribute(mimic[0]!, 'offset');
      dependent.set(name, {
        parent: attribute(mimic[0]!, 'joint') ?? '',
        ...(multiplier === undefined ? {} : { factor: strictFloat(multiplier) }),
        ...(offset === undefined ? {} : { offset: strictFloat(offset) }),
      });
      continue;
    }
    if (dependent.has(name)) continue;
    const zero = zeros.get(name) ?? (min > 0 || max < 0 ? (max + min) / 2 : 0);
    const joint = initJoint(min, max, zero);
    if (jtype === 'continuous') joint.continuous = true;
    free.set(name, joint);
  }
  freeJoints = free;
  jointList = list;
  dependentJoints = dependent;
}

function configureRobot(description: string): void {
  logger.debug('Got description, configuring robot');
  let top: XmlElement[];
  try {
    top = readXml(description);
  } catch (error) {
    if (error instanceof XmlError) throw new JointError(error.message);
    throw error;
  }
  initUrdf(top);
}

if (descriptionFile !== undefined) {
  let description: string;
  try {
    description = readFileSync(descriptionFile, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    process.stderr.write(
      code === 'ENOENT' ? `FileNotFoundError: [Errno 2] No such file or directory: '${descriptionFile}'\n` : `OSError: ${(error as Error).message}\n`,
    );
    process.exit(1);
  }
  try {
    configureRobot(description);
  } catch (error) {
    if (!(error instanceof JointError)) throw error;
    process.stderr.write(`Exception: ${error.message}\n`);
    process.exit(1);
  }
} else logger.info('Waiting for robot_description to be published on the robot_description topic...');

const { QoS } = rclnodejs;
node.createSubscription(
  'std_msgs/msg/String',
  'robot_description',
  {
    qos: new QoS(
      QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
      1,
      QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
      QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
    ),
  },
  (message) => {
    try {
      configureRobot((message as { data: string }).data);
    } catch (error) {
      if (!(error instanceof JointError)) throw error;
      logger.warn(error.message);
    }
  },
);

const delta = asNumber(param('delta'));

interface JointState {
  name: string[];
  position: ArrayLike<number>;
  velocity: ArrayLike<number>;
  effort: ArrayLike<number>;
}

for (const source of param('source_list') as string[]) {
  node.createSubscription('sensor_msgs/msg/JointState', source, {}, (message) => {
    const state = message as unknown as JointState;
    for (const [i, name] of state.name.entries()) {
      const joint = freeJoints.get(name);
      if (joint === undefined) continue;
      if (state.position.length > 0) joint.position = state.position[i]!;
      if (state.velocity.length > 0) joint.velocity = state.velocity[i]!;
      if (state.effort.length > 0) joint.effort = state.effort[i]!;
    }
  });
}

const publisher = node.createPublisher('sensor_msgs/msg/JointState', 'joint_states');

/** update: each free joint a step of `delta` forward (back at its limits; a continuous one wraps). */
function update(step: number): void {
  for (const joint of freeJoints.values()) {
    const forward = joint.forward ?? true;
    if (forward) {
      joint.position = (joint.position ?? 0) + step;
      if (joint.position > joint.max) {
        if (joint.continuous === true) joint.position = joint.min;
        else {
          joint.position = joint.max;
          joint.forward = !forward;
        }
      }
    } else {
      joint.position = (joint.position ?? 0) - step;
      if (joint.position < joint.min) {
        joint.position = joint.min;
        joint.forward = !forward;
      }
    }
  }
}

function timerCallback(): void {
  const stamp = node.now().toMsg();
  if (delta > 0) update(delta);
  const free = [...freeJoints.values()];
  const hasPosition = dependentJoints.size > 0 || free.some((joint) => joint.position !== undefined);
  const hasVelocity = free.some((joint) => joint.velocity !== undefined);
  const hasEffort = free.some((joint) => joint.effort !== undefined);
  const count = freeJoints.size + dependentJoints.size;
  const position = hasPosition ? new Array<number>(count).fill(0.0) : [];
  const velocity = hasVelocity ? new Array<number>(count).fill(0.0) : [];
  const effort = hasEffort ? new Array<number>(count).fill(0.0) : [];
  const names: string[] = [];
  for (const [i, name] of jointList.entries()) {
    names.push(name);
    let joint: FreeJoint | undefined;
    let factor = 1;
    let offset = 0;
    if (freeJoints.has(name)) joint = freeJoints.get(name);
    else if (dependentJoints.has(name)) {
      let entry = dependentJoints.get(name)!;
      let parent = entry.parent;
      factor = entry.factor ?? 1.0;
      offset = entry.offset ?? 0.0;
      // A mimic of a mimic: follow the chain to a free joint.
      const chain = [name];
      while (dependentJoints.has(parent)) {
        if (chain.includes(parent)) {
          logger.error(`Found an infinite recursive mimic chain: [${[...chain, parent].map((joint) => `'${joint}'`).join(', ')}]`);
          process.exit(1);
        }
        chain.push(parent);
        entry = dependentJoints.get(parent)!;
        parent = entry.parent;
        offset += factor * (entry.offset ?? 0);
        factor *= entry.factor ?? 1;
      }
      joint = freeJoints.get(parent);
      if (joint === undefined) throw new JointError(`KeyError: '${parent}'`);
    }
    if (joint === undefined) continue;
    if (hasPosition && joint.position !== undefined) position[i] = joint.position * factor + offset;
    if (hasVelocity && joint.velocity !== undefined) velocity[i] = joint.velocity * factor;
    if (hasEffort && joint.effort !== undefined) effort[i] = joint.effort;
  }
  // Only non-empty messages are published.
  if (names.length > 0 || position.length > 0 || velocity.length > 0 || effort.length > 0)
    publisher.publish({ header: { stamp, frame_id: '' }, name: names, position, velocity, effort });
}

// rclpy's create_timer(1.0 / rate): its period in whole nanoseconds, int(float(period) * 1e9).
const period = Math.trunc((1.0 / asNumber(param('rate'))) * 1e9);
node.createTimer(BigInt(period), timerCallback);
rclnodejs.spin(node);
