/**
 * tf2_ros's static_transform_publisher (tf2_ros/src/static_transform_broadcaster_program.cpp and
 * static_transform_broadcaster_node.cpp, Jazzy): one transform from its command line, published
 * once on /tf_static (transient local, so that every later listener gets it), then spinning.
 */
import rclnodejs from 'rclnodejs';
import { cFixed, stod } from '../cNumbers.js';
import { terminate } from '../cppRuntime.js';
import { staticTransformBroadcaster, type TransformStamped } from '../tfBroadcasters.js';
import { IDENTITY, type Quaternion, quaternionFromRpy, type Vector3 } from '../transforms.js';

const USAGE = [
  'usage: static_transform_publisher [--x X] [--y Y] [--z Z] [--qx QX] [--qy QY] [--qz QZ] [--qw QW] [--roll ROLL] [--pitch PITCH] [--yaw YAW] --frame-id FRAME_ID --child-frame-id CHILD_FRAME_ID',
  '',
  'A command line utility for manually sending a static transform.',
  '',
  'If no translation or orientation is provided, the identity transform will be published.',
  '',
  'The translation offsets are in meters.',
  '',
  'The rotation may be provided with roll, pitch, yaw euler angles in radians, or as a quaternion.',
  '',
  'required arguments:',
  '  --frame-id FRAME_ID parent frame',
  '  --child-frame-id CHILD_FRAME_ID child frame id',
  '',
  'optional arguments:',
  '  --x X                 x component of translation',
  '  --y Y                 y component of translation',
  '  --z Z                 z component of translation',
  '  --qx QX               x component of quaternion rotation',
  '  --qy QY               y component of quaternion rotation',
  '  --qz QZ               z component of quaternion rotation',
  '  --qw QW               w component of quaternion rotation',
  '  --roll ROLL           roll component Euler rotation',
  '  --pitch PITCH         pitch component Euler rotation',
  '  --yaw YAW             yaw component Euler rotation',
].join('\n');

/** What the command line asks for. */
interface Request {
  help: boolean;
  rotation: Quaternion;
  translation: Vector3;
  frameId: string;
  childFrameId: string;
}

/** A failure of std::stod that upstream does not catch: the program dies as a C++ program does. */
class OutOfRange extends Error {}

/** A number option's value as upstream's DoubleOption reads it (std::stod), or the line saying why not. */
function numberOf(option: string, text: string): number | string {
  const value = stod(text);
  if (value === 'invalid_argument') return `Failed to parse ${option} argument as float`;
  if (value === 'out_of_range') throw new OutOfRange('stod');
  return value;
}

/**
 * Reads the arguments (without the ROS ones; `args[0]` is the program) as upstream's parse_args
 * does: flags anywhere, the rest positional (8: x y z yaw pitch roll frame child; 9: x y z qx qy
 * qz qw frame child). Returns the request or the error line.
 */
function parseArgs(args: readonly string[], warn: (line: string) => void): Request | string {
  if (args.length < 1) return 'Not enough arguments to parse';
  const request: Request = { help: false, rotation: { ...IDENTITY }, translation: { x: 0, y: 0, z: 0 }, frameId: '', childFrameId: '' };
  const rpy = { roll: 0, pitch: 0, yaw: 0 };
  const saw = { frame: false, quat: false, rpy: false, trans: false };
  const numbers: Record<string, [keyof typeof saw, (value: number) => void]> = {
    '--qx': ['quat', (value) => (request.rotation.x = value)],
    '--qy': ['quat', (value) => (request.rotation.y = value)],
    '--qz': ['quat', (value) => (request.rotation.z = value)],
    '--qw': ['quat', (value) => (request.rotation.w = value)],
    '--roll': ['rpy', (value) => (rpy.roll = value)],
    '--pitch': ['rpy', (value) => (rpy.pitch = value)],
    '--yaw': ['rpy', (value) => (rpy.yaw = value)],
    '--x': ['trans', (value) => (request.translation.x = value)],
    '--y': ['trans', (value) => (request.translation.y = value)],
    '--z': ['trans', (value) => (request.translation.z = value)],
  };
  const strings: Record<string, (value: string) => void> = {
    '--frame-id': (value) => (request.frameId = value),
    '--child-frame-id': (value) => (request.childFrameId = value),
  };
  /** Sets a number option as its flag would; the error line when its text is no number. */
  const visit = (flag: string, shown: string, text: string): string => {
    const [kind, set] = numbers[flag]!;
    const value = numberOf(shown, text);
    if (typeof value === 'string') return value;
    set(value);
    saw[kind] = true;
    return '';
  };
  const positional: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const option = args[i]!;
    if (option === '--help' || option === '-h') {
      request.help = true;
      continue;
    }
    const isNumber = Object.hasOwn(numbers, option);
    if (!isNumber && !Object.hasOwn(strings, option)) {
      positional.push(option);
      continue;
    }
    if (i === args.length - 1) return `Not enough arguments for ${option}`;
    const text = args[++i]!;
    if (isNumber) {
      const error = visit(option, option, text);
      if (error !== '') return error;
    } else {
      strings[option]!(text);
      saw.frame = true;
    }
  }
  if (request.help) return request;
  if (saw.rpy && saw.quat) return 'Cannot specify both quaternion and Euler rotations';
  if (saw.rpy) request.rotation = quaternionFromRpy(rpy.roll, rpy.pitch, rpy.yaw);
  if (positional.length === 8 || positional.length === 9) {
    warn('Old-style arguments are deprecated; see --help for new-style arguments');
    if (saw.frame || saw.trans || saw.quat) return 'Cannot specify both new-style (flags) and old-style (arguments)';
    const order = positional.length === 8 ? ['x', 'y', 'z', 'yaw', 'pitch', 'roll'] : ['x', 'y', 'z', 'qx', 'qy', 'qz', 'qw'];
    for (const [j, name] of order.entries()) {
      const error = visit(`--${name}`, name, positional[j]!);
      if (error !== '') return error;
    }
    if (positional.length === 8) request.rotation = quaternionFromRpy(rpy.roll, rpy.pitch, rpy.yaw);
    request.frameId = positional[order.length]!;
    request.childFrameId = positional[order.length + 1]!;
  } else if (positional.length !== 0) return 'Extra unparsed arguments on command-line';
  if (request.frameId === '') return 'Frame id must not be empty';
  if (request.childFrameId === '') return 'Child frame id must not be empty';
  return request;
}

/**
 * The node's name, as upstream's get_unique_node_name: `static_transform_publisher_` and 16
 * characters drawn from [0-9a-zA-Z]. Upstream seeds from std::random_device; here the draws
 * come from the program's seeded Math.random, so a run's seed and the entry decide the name, and
 * two entries of it draw two (job/entryInstances.ts).
 */
function uniqueNodeName(): string {
  const chars = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = 'static_transform_publisher_';
  for (let i = 0; i < 16; i++) name += chars[Math.floor(Math.random() * chars.length)];
  return name;
}

await rclnodejs.init();
const cli = rclnodejs.Logging.getLogger('');
let parsed: Request | string;
try {
  parsed = parseArgs([process.argv[1] ?? 'static_transform_publisher', ...rclnodejs.removeROSArgs(process.argv.slice(2))], (line) => cli.warn(line));
} catch (error) {
  if (!(error instanceof OutOfRange)) throw error;
  terminate('std::out_of_range', error.message);
}
if (typeof parsed === 'string') {
  cli.error(`error parsing command line arguments: ${parsed}`);
  process.stdout.write(`${USAGE}\n`);
  process.exit(1);
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const { translation, rotation, frameId, childFrameId } = parsed;
const { Parameter, ParameterType, ParameterDescriptor } = rclnodejs;
const overrides = [
  new Parameter('translation.x', ParameterType.PARAMETER_DOUBLE, translation.x),
  new Parameter('translation.y', ParameterType.PARAMETER_DOUBLE, translation.y),
  new Parameter('translation.z', ParameterType.PARAMETER_DOUBLE, translation.z),
  new Parameter('rotation.x', ParameterType.PARAMETER_DOUBLE, rotation.x),
  new Parameter('rotation.y', ParameterType.PARAMETER_DOUBLE, rotation.y),
  new Parameter('rotation.z', ParameterType.PARAMETER_DOUBLE, rotation.z),
  new Parameter('rotation.w', ParameterType.PARAMETER_DOUBLE, rotation.w),
  new Parameter('frame_id', ParameterType.PARAMETER_STRING, frameId),
  new Parameter('child_frame_id', ParameterType.PARAMETER_STRING, childFrameId),
];
const options = new rclnodejs.NodeOptions();
// As upstream's NodeOptions::parameter_overrides: the command line's transform wins over -p.
options.parameterOverrides = overrides;
const node = rclnodejs.createNode(uniqueNodeName(), '', rclnodejs.Context.defaultContext(), options);
/** The node's read-only parameter, declared with upstream's default (static_transform_broadcaster_node.cpp). */
const declared = <T>(name: string, type: (typeof ParameterType)[keyof typeof ParameterType], fallback: T): T =>
  node.declareParameter(new Parameter(name, type, fallback), new ParameterDescriptor(name, type, '', true)).value as T;
const message: TransformStamped = {
  header: { stamp: node.now().toMsg(), frame_id: '' },
  child_frame_id: '',
  transform: {
    translation: {
      x: declared('translation.x', ParameterType.PARAMETER_DOUBLE, 0.0),
      y: declared('translation.y', ParameterType.PARAMETER_DOUBLE, 0.0),
      z: declared('translation.z', ParameterType.PARAMETER_DOUBLE, 0.0),
    },
    rotation: {
      x: declared('rotation.x', ParameterType.PARAMETER_DOUBLE, 0.0),
      y: declared('rotation.y', ParameterType.PARAMETER_DOUBLE, 0.0),
      z: declared('rotation.z', ParameterType.PARAMETER_DOUBLE, 0.0),
      w: declared('rotation.w', ParameterType.PARAMETER_DOUBLE, 1.0),
    },
  },
};
message.header.frame_id = declared('frame_id', ParameterType.PARAMETER_STRING, '/frame');
message.child_frame_id = declared('child_frame_id', ParameterType.PARAMETER_STRING, '/child');
if (message.header.frame_id === message.child_frame_id) {
  node.getLogger().error(`cannot publish static transform from '${message.header.frame_id}' to '${message.child_frame_id}', exiting`);
  terminate('std::runtime_error', 'child_frame_id cannot equal frame_id');
}
staticTransformBroadcaster(node)([message]);
node
  .getLogger()
  .info(
    `Spinning until stopped - publishing transform\ntranslation: ('${cFixed(translation.x)}', '${cFixed(translation.y)}', '${cFixed(translation.z)}')\n` +
      `rotation: ('${cFixed(rotation.x)}', '${cFixed(rotation.y)}', '${cFixed(rotation.z)}', '${cFixed(rotation.w)}')\nfrom '${frameId}' to '${childFrameId}'`,
  );
rclnodejs.spin(node);
