/**
 * robot_state_publisher (ros/robot_state_publisher 3.3, Jazzy: src/robot_state_publisher.cpp):
 * a URDF from the `robot_description` parameter (or, deprecated, a file named on the command
 * line) → its fixed joints on /tf_static, its moving joints on /tf from /joint_states (mimic
 * joints following theirs), the URDF itself on /robot_description (transient local). A new
 * `robot_description` is checked when set and taken when its parameter event arrives.
 */
import { readFileSync } from 'node:fs';
import rclnodejs from 'rclnodejs';
import { parseUrdf, type UrdfJoint } from '../../world/description/urdfModel.js';
import { consoleBridge, terminate } from '../cppRuntime.js';
import { staticTransformBroadcaster, type TransformStamped, transformBroadcaster } from '../tfBroadcasters.js';
import { kdlTree, type Segment, segmentTransform } from '../urdf/kdlTree.js';

type Stamp = { sec: number; nanosec: number };

/** What parseURDF throws as std::runtime_error. */
class UrdfError extends Error {}

/** The robot's segments and its root link, or why not (parseURDF's two failures; a loop below the root crashes kdl_parser). */
function parseURDF(xml: string): { segments: Segment[]; root: string } {
  const model = parseUrdf(xml, consoleBridge);
  if (model === null) throw new UrdfError('Unable to initialize urdf::model from robot description');
  const kdlParser = rclnodejs.Logging.getLogger('kdl_parser');
  if (model.root.hasInertial)
    kdlParser.warn(
      `The root link ${model.root.name} has an inertia specified in the URDF, but KDL does not support a root link with an inertia.  As a workaround, you can add an extra dummy link to your URDF.`,
    );
  const tree = kdlTree(model, (text) => kdlParser.warn(text));
  if (tree === 'loop') {
    // kdl_parser's addChildrenToTree recurses around the loop until the stack overflows.
    process.stderr.write('Segmentation fault (core dumped)\n');
    process.exit(139);
  }
  return { segments: tree, root: model.root.name };
}

const { Parameter, ParameterType } = rclnodejs;

await rclnodejs.init();
const node = rclnodejs.createNode('robot_state_publisher');
const logger = node.getLogger();
const stringParameter = (name: string, value: string) => node.declareParameter(new Parameter(name, ParameterType.PARAMETER_STRING, value)).value as string;

let urdfXml = stringParameter('robot_description', '');
if (urdfXml === '') {
  // The node's arguments (the command line without its ROS arguments) may name a URDF file.
  const args = rclnodejs.removeROSArgs(process.argv.slice(2));
  if (args.length > 0) {
    logger.warn(
      'No robot_description parameter, but command-line argument available.  Assuming argument is name of URDF file.  This backwards compatibility fallback will be removed in the future.',
    );
    try {
      urdfXml = readFileSync(args[0]!, 'utf8');
    } catch (error) {
      const what = `Failed to open URDF file: ${args[0]}: ${systemMessage(error)}`;
      logger.fatal(what);
      terminate('std::system_error', what);
    }
    node.setParameter(new Parameter('robot_description', ParameterType.PARAMETER_STRING, urdfXml));
  } else {
    logger.fatal('robot_description parameter must not be empty');
    terminate('std::runtime_error', 'robot_description parameter must not be empty');
  }
}

const publishFrequency = node.declareParameter(new Parameter('publish_frequency', ParameterType.PARAMETER_DOUBLE, 20.0)).value as number;
if (publishFrequency < 0.0 || publishFrequency > 1000.0) terminate('std::runtime_error', 'publish_frequency must be between 0 and 1000');
stringParameter('frame_prefix', '');
node.declareParameter(new Parameter('ignore_timestamp', ParameterType.PARAMETER_BOOL, false));

const sendTransforms = transformBroadcaster(node);
const sendStaticTransforms = staticTransformBroadcaster(node);
const { QoS } = rclnodejs;
const descriptionPublisher = node.createPublisher('std_msgs/msg/String', 'robot_description', {
  qos: new QoS(
    QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
    1,
    QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
    QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
  ),
});

/** The segments by joint name (std::map's order): moving ones, and fixed ones. */
let moving = new Map<string, Segment>();
let fixed = new Map<string, Segment>();
/** Mimic joints by name: the joint each follows, its multiplier and offset. */
let mimic = new Map<string, NonNullable<UrdfJoint['mimic']>>();
const byName = <T>(entries: [string, T][]): Map<string, T> => new Map(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** setupURDF: the model, its mimic joints, its segments; publishes the description. */
function setupURDF(xml: string): void {
  const { segments, root } = parseURDF(xml);
  mimic = byName(segments.flatMap(({ joint }) => (joint.mimic === undefined ? [] : [[joint.name, { ...joint.mimic }] as [string, typeof joint.mimic]])));
  // KDL's SegmentMap: every segment by name, the root's too.
  for (const name of [root, ...segments.map((segment) => segment.name)].sort()) logger.debug(`Got segment ${name}`);
  const movingSegments: [string, Segment][] = [];
  const fixedSegments: [string, Segment][] = [];
  for (const segment of segments) {
    if (!segment.moving) {
      if (segment.joint.type === 'floating') {
        logger.debug(`Floating joint is not supported; skipping segment from ${segment.parent} to ${segment.name}.`);
      } else {
        fixedSegments.push([segment.joint.name, segment]);
        logger.debug(`Adding fixed segment from ${segment.parent} to ${segment.name}`);
      }
    } else {
      movingSegments.push([segment.joint.name, segment]);
      logger.debug(`Adding moving segment from ${segment.parent} to ${segment.name}`);
    }
  }
  moving = byName(movingSegments);
  fixed = byName(fixedSegments);
  descriptionPublisher.publish({ data: xml });
  logger.info('Robot initialized');
}

/** A segment's transform at position `q`, its frames prefixed. */
function transformOf(segment: Segment, q: number, stamp: Stamp): TransformStamped {
  const prefix = node.getParameter('frame_prefix').value as string;
  return { header: { stamp, frame_id: `${prefix}${segment.parent}` }, child_frame_id: `${prefix}${segment.name}`, transform: segmentTransform(segment, q) };
}

function publishFixedTransforms(): void {
  logger.debug('Publishing transforms for fixed joints');
  const now = node.now().toMsg() as Stamp;
  sendStaticTransforms([...fixed.values()].map((segment) => transformOf(segment, 0, now)));
}

try {
  setupURDF(urdfXml);
} catch (error) {
  if (error instanceof UrdfError) terminate('std::runtime_error', error.message);
  throw error;
}

/** Nanoseconds of a stamp. */
const nanosOf = (stamp: Stamp): bigint => BigInt(stamp.sec) * 1_000_000_000n + BigInt(stamp.nanosec);
/** When each joint's transform was last published (its message's stamp). */
let lastPublished = new Map<string, bigint>();
let lastCallback = 0n;

interface JointState {
  header: { stamp: Stamp };
  name: string[];
  position: ArrayLike<number>;
}

function callbackJointState(state: JointState): void {
  if (state.name.length !== state.position.length) {
    if (state.position.length === 0)
      logger.warn(`Robot state publisher ignored a JointState message about joint(s) "${state.name[0]}"(,...) whose position member was empty.`);
    else logger.error('Robot state publisher ignored an invalid JointState message');
    return;
  }
  const now = node.now().nanoseconds;
  if (lastCallback > now) {
    logger.warn('Moved backwards in time, re-publishing joint transforms!');
    lastPublished = new Map();
  }
  lastCallback = now;
  // The least recently published of the message's joints (a joint not seen yet: 0).
  let leastRecent = now;
  for (const name of state.name) {
    const at = lastPublished.get(name) ?? 0n;
    if (!lastPublished.has(name)) lastPublished.set(name, 0n);
    if (at < leastRecent) leastRecent = at;
  }
  const frequency = node.getParameter('publish_frequency').value as number;
  // std::chrono::milliseconds(static_cast<uint64_t>(1000.0 / publish_freq)).
  const intervalMs = 1000.0 / frequency;
  const interval = Number.isFinite(intervalMs) ? BigInt(Math.trunc(intervalMs)) * 1_000_000n : null;
  const ignoreTimestamp = node.getParameter('ignore_timestamp').value as boolean;
  if (!(ignoreTimestamp || (interval !== null && nanosOf(state.header.stamp) >= leastRecent + interval))) return;
  // std::map::insert: the first of a name wins; then each mimic joint (by name) whose joint is known.
  const positions = new Map<string, number>();
  for (const [i, name] of state.name.entries()) if (!positions.has(name)) positions.set(name, state.position[i]!);
  for (const [name, { joint, multiplier, offset }] of mimic) {
    const followed = positions.get(joint);
    if (followed !== undefined && !positions.has(name)) positions.set(name, followed * multiplier + offset);
  }
  logger.debug('Publishing transforms for moving joints');
  const transforms: TransformStamped[] = [];
  for (const [name, q] of byName([...positions])) {
    const segment = moving.get(name);
    if (segment !== undefined) transforms.push(transformOf(segment, q, state.header.stamp));
  }
  sendTransforms(transforms);
  for (const name of state.name) lastPublished.set(name, nanosOf(state.header.stamp));
}

const sensorData = new QoS(
  QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
  5,
  QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT,
  QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_VOLATILE,
);
node.createSubscription(
  'sensor_msgs/msg/JointState',
  'joint_states',
  { qos: sensorData, qosOverridingOptions: rclnodejs.QoSOverridingOptions.withDefaultPolicies() },
  (state) => callbackJointState(state as unknown as JointState),
);

publishFixedTransforms();

node.addOnSetParametersCallback((parameters) => {
  for (const parameter of parameters) {
    if (parameter.name === 'robot_description') {
      const xml = parameter.value as string;
      if (xml === '') return { successful: false, reason: 'Empty URDF is not allowed' };
      try {
        parseURDF(xml);
      } catch (error) {
        if (!(error instanceof UrdfError)) throw error;
        logger.warn(error.message);
        return { successful: false, reason: error.message };
      }
    } else if (parameter.name === 'publish_frequency') {
      const frequency = parameter.value as number;
      if (frequency < 0.0 || frequency > 1000.0) return { successful: false, reason: 'publish_frequency must be between 0.0 and 1000.0' };
    }
  }
  return { successful: true, reason: '' };
});

interface ParameterEvent {
  node: string;
  changed_parameters: { name: string; value: { string_value: string } }[];
}

// A new robot_description is taken when its change is announced (AsyncParametersClient::on_parameter_event).
node.createSubscription('rcl_interfaces/msg/ParameterEvent', '/parameter_events', { qos: QoS.profileParameterEvents }, (message) => {
  const event = message as unknown as ParameterEvent;
  if (event.node !== node.getFullyQualifiedName()) return;
  for (const changed of event.changed_parameters) {
    if (changed.name !== 'robot_description') continue;
    try {
      setupURDF(changed.value.string_value);
      publishFixedTransforms();
    } catch (error) {
      if (!(error instanceof UrdfError)) throw error;
      logger.warn(`Failed to parse new URDF: ${error.message}`);
    }
  }
});

rclnodejs.spin(node);

/** strerror's text of a failed open, as std::system_error's what() ends. */
function systemMessage(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'No such file or directory';
  if (code === 'EACCES') return 'Permission denied';
  if (code === 'EISDIR') return 'Is a directory';
  return String(code);
}
