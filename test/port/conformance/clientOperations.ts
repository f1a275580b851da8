import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS } from '../../../src/port/wire/nodePortOps.js';
import { repoRoot } from '../../support/helpers.js';
import type { ClientName } from './runners.js';

/**
 * How each client reaches the node port's operations (proto/node.proto, whose senders
 * scripts/nodePortOps.mjs generates for every client): where its own code is, and how a call of a
 * sender reads there. A client uses an operation when its own code (not the generated module)
 * calls the sender; one that does not says why in `lacks`.
 */
interface ClientCode {
  /** Its own code: folders and files under the repository, and the generated module left out. */
  files(): string[];
  /** A call of the sender (TypeScript's camelCase name) in that code. */
  call(sender: string): RegExp;
  /** The operations it does not use, by sender, with the reason. */
  lacks: Readonly<Record<string, string>>;
}

const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** The files of a folder whose names end so, but the generated ones. */
function sources(folder: string, endings: readonly string[], generated: readonly string[]): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => endings.some((ending) => file.endsWith(ending)) && !generated.some((name) => file.endsWith(name)))
    .map((file) => join(folder, file));
}

const BY_ENTITY_OP = 'a timer changes its period through EntityOp changeTimerPeriod, which answers the period before';
const JAVASCRIPT_TIMERS = "JavaScript's own timers (setTimeout & co.)";
const OWN_PARAMETERS = "the client keeps a node's parameters itself, as its ROS library does; it reads only the node's overrides (ParameterOp.read OVERRIDES)";
const OWN_CONTEXT = "the client's contexts keep their own state and default, as its ROS library's";

/** What the Python and the C++ client both leave to their own library, or to JavaScript. */
const PYTHON_AND_CPP_LACK: Readonly<Record<string, string>> = {
  timerOpChangePeriodNs: BY_ENTITY_OP,
  contextOpState: OWN_CONTEXT,
  contextOpDefaultContext: OWN_CONTEXT,
  jsTimer: JAVASCRIPT_TIMERS,
  jsTimerOpCancel: JAVASCRIPT_TIMERS,
  jsTimerOpRef: JAVASCRIPT_TIMERS,
  jsTimerOpUnref: JAVASCRIPT_TIMERS,
  jsTimerOpRefresh: JAVASCRIPT_TIMERS,
  parameterOpDeclare: OWN_PARAMETERS,
  parameterOpGet: OWN_PARAMETERS,
  parameterOpSet: OWN_PARAMETERS,
  parameterOpUndeclare: OWN_PARAMETERS,
  parameterOpHook: OWN_PARAMETERS,
};

const CPP_BAGS = "a program's own bags are rosbag2_cpp's Reader and Writer, a C++ API (rosbag2_py is not in the Python client)";
const CPP_HARDWARE = "the world's joints are ros2_control hardware's (gz_ros2_control's GazeboSimSystem), a C++ plugin: rclsim::WorldJoints";
/** What only the C++ client uses: rosbag2_cpp's Reader and Writer, ros2_control's hardware in the world. */
const CPP_ONLY: Readonly<Record<string, string>> = Object.fromEntries([
  ...['bagOpOpen', 'bagOpReadNext', 'bagOpSetFilter', 'bagOpSeekNs', 'bagOpCreateTopic', 'bagOpWrite', 'bagOpClose'].map((sender) => [sender, CPP_BAGS]),
  ...['worldJointsOpOpen', 'worldJointsOpRead', 'worldJointsOpWrite'].map((sender) => [sender, CPP_HARDWARE]),
]);

export const CLIENT_CODE: Readonly<Record<ClientName, ClientCode>> = {
  rclnodejs: {
    // A separate program's port; an in-process one calls DirectPort itself.
    files: () => ['src/port/WirePort.ts'],
    call: (sender) => new RegExp(`\\bops\\.${sender}\\b`),
    lacks: {
      ...CPP_ONLY,
      timerOpChangePeriodNs: BY_ENTITY_OP,
      getInterface: "the program's process reads the interface definitions itself, from Welcome's interface folders",
    },
  },
  rclpy: {
    files: () => sources('clients/python', ['.py'], ['_port_ops.py']),
    call: (sender) => new RegExp(`\\b_port(_ops)?\\.${snake(sender)}\\(`),
    lacks: {
      ...PYTHON_AND_CPP_LACK,
      ...CPP_ONLY,
      jobOpStartNs: "a start time proposed by the program is rslcpp's (Job::get_initial_time), a C++ API",
      nextGoalId: "rclpy's action client draws its goal ids from the program's own seeded uuid4, as rclpy does",
      loggerOpRemoveChild: "rclpy's loggers keep their children for the node's life",
    },
  },
  rclcpp: {
    files: () => [...sources('clients/cpp/src', ['.cpp', '.hpp'], ['port_ops.cpp', 'port_ops.hpp']), ...sources('clients/cpp/include', ['.hpp', '.h'], [])],
    call: (sender) => new RegExp(`\\bport::${snake(sender)}\\(`),
    lacks: {
      ...PYTHON_AND_CPP_LACK,
      triggerGuard: "rclcpp's guard conditions wake the program's own wait sets and executors, which the client runs",
      getInterface: 'a C++ program has its interfaces compiled in (the message headers generated when it is built)',
    },
  },
};

/** Each operation of the .proto that the client's own code does not call, and each it says it lacks but calls. */
export function clientOperationGaps(client: ClientName): { unused: string[]; listedButUsed: string[]; unknown: string[] } {
  const code = CLIENT_CODE[client];
  const text = code
    .files()
    .map((file) => readFileSync(join(repoRoot, file), 'utf8'))
    .join('\n');
  const senders = OPERATIONS.map((operation) => operation.sender);
  const used = new Set(senders.filter((sender) => code.call(sender).test(text)));
  return {
    unused: senders.filter((sender) => !used.has(sender) && !(sender in code.lacks)),
    listedButUsed: Object.keys(code.lacks).filter((sender) => used.has(sender)),
    unknown: Object.keys(code.lacks).filter((sender) => !senders.includes(sender)),
  };
}
