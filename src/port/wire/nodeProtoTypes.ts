// Generated from proto/node.proto by scripts/nodeProtoTypes.mjs (npm run build): do not edit.
// The rules decoded messages follow are in nodeMessages.ts, which exports these types.

/** The client's first message, sent before the program's code runs. */
export interface Hello {
  /** The highest protocol version the client speaks; the simulation answers with the one both use. */
  protocolVersion: number;
  /** e.g. "rclsim-rclnodejs 0.9.0", "rclsim-rclpy 0.9.0": named in errors. */
  client: string;
  /** "javascript", "python". */
  language: string;
}

/** The simulation's answer to Hello: who the program is and what it starts with. */
export interface Welcome {
  protocolVersion: number;
  /** The program's name (its path relative to the job), as /rosout and the trace name it. */
  program: string;
  /** The program's own argv (after the interpreter and its file), --ros-args included. */
  argv: string[];
  /** Sim time now (the start of the run, or the time of a respawn). */
  nowNs: bigint;
  /**
   * The run's seed: with the program's name it seeds the program's own random streams
   * (Math.random, crypto, random, uuid4 …), as in-process (docs/determinism.md).
   */
  seed: bigint;
  /** What the program sees as the machine's CPU count (os.cpus, os.cpu_count …). */
  cpuCount: number;
  /** The job's distribution name ("jazzy") and RMW identifier, as the program's APIs report them. */
  rosDistro: string;
  rmwImplementation: string;
  /**
   * Folders of the job's own interface packages, first first, ahead of the shipped ones: a
   * client that builds its codec from definitions reads the same files the simulation does.
   */
  interfaceFolders: InterfaceFolder[];
  /**
   * Set for a component of the job (a `module:` entry): the export to build — a Node class,
   * constructed without arguments, or a factory called with the component's options ({ job,
   * context }) — once the module is loaded; its nodes run without spin(), and it may use JobOp.
   * Empty for a program.
   */
  component: string;
  /** The job's strict_messages: messages are normalized strictly (no numeric strings for numbers …). */
  strictMessages: boolean;
  /**
   * The program's name as the simulation's lines name it (`program` is the key of its random
   * streams): a failure that no callback names is told in its words (Done.failed_label).
   */
  programName: string;
  /**
   * The job says a sleep takes no sim time (`sleeps: none`, rslcpp's semantics: a sleep stands
   * for computation whose length must not change results); unset, a sleep holds the calling
   * thread for that much sim time. A client that cannot honour it may ignore it.
   */
  sleepsTakeNoTime: boolean;
}

export interface InterfaceFolder {
  path: string;
  /** The package the folder holds when its name is not the package's ('': its name). */
  package: string;
}

export type EntityKind = 'ENTITY_KIND_UNSPECIFIED' | 'NODE' | 'PUBLISHER' | 'SUBSCRIPTION' | 'SERVICE' | 'CLIENT' | 'TIMER' | 'GUARD_CONDITION';

/** Create an entity. Answered by Created (its id) or Failed (the error the API throws). */
export interface Create {
  kind: EntityKind;
  /** The node it belongs to (0 for a node). */
  node: number;
  /**
   * A node's name and namespace; an endpoint's topic or service name as the API was given it
   * (the simulation expands and remaps it as rcl does).
   */
  name: string;
  namespace: string;
  /** An endpoint's interface type ("std_msgs/msg/String", "example_interfaces/srv/AddTwoInts"). */
  type: string;
  /**
   * The QoS as the program gave it, as JSON: a profile name ("qos_profile_sensor_data"), a
   * depth, or rclnodejs's QoS fields ({"history":1,"depth":5,"reliability":2,…}, rmw's enum
   * values; "deadline", "lifespan" and "livelinessLeaseDuration" in ns as decimal strings); the
   * simulation resolves it as in-process ('' : the default profile).
   */
  qosJson: string;
  /** A timer's period and clock ("ros", "system", "steady"). */
  periodNs: bigint;
  clock: string;
  /** A subscription's content filter expression and parameters (rcl's DDS-SQL subset). */
  filterExpression: string;
  filterParameters: string[];
  /**
   * The executor callback group the program put it in (0: the node's default group), and
   * whether that group is reentrant: the simulation's executor models schedule by them.
   */
  callbackGroup: number;
  reentrant: boolean;
  /**
   * Which QoS events of a publisher or subscription the program listens to, by rclnodejs's
   * callback names ("matched", "incompatibleQos", "incompatibleType", "deadline", "liveliness",
   * "messageLost"): the simulation makes a handler for each (Created.events), whose callbacks
   * come as Run kind EVENT.
   */
  events: string[];
  /**
   * A node's context (ContextOp's ids), its own ROS arguments, whether the
   * context's arguments apply to it, and its NodeOptions as JSON (rclnodejs's field names).
   */
  context: number;
  args: string[];
  useGlobalArguments: boolean;
  optionsJson: string;
  /** A timer created canceled (rclnodejs's autostart: false) says so. */
  canceled: boolean;
  /**
   * Unused: a subscription's messages come as CDR and the client shapes them (raw, typed
   * arrays, serialization mode); a content filter is filter_expression.
   */
  subscriptionOptionsJson: string;
  /**
   * The callback group (callback_group) is of the program's own class, whose code decides when
   * its callbacks may run: the simulation asks before each (Run kind CAN_EXECUTE).
   */
  customGroup: boolean;
}

export interface Created {
  id: number;
  /** A node's name and namespace after remapping, and its logger's name. */
  name: string;
  namespace: string;
  logger: string;
  /**
   * A node's parameter overrides from the job (params files, -p, parameters:), as
   * rcl_interfaces/msg/Parameter CDR, in the order rcl applies them.
   */
  parameterOverrides: Uint8Array[];
  /** An endpoint's resolved name (expanded and remapped). */
  resolvedName: string;
  /**
   * A publisher's or subscription's event handlers (Create.events), in the order the simulation
   * made them: their callbacks come as Run kind EVENT with the handler's id.
   */
  events: EventHandler[];
}

export interface EventHandler {
  /**
   * The rclnodejs name of the event ("matched", "incompatibleQos", "incompatibleType",
   * "deadline", "liveliness", "messageLost").
   */
  name: string;
  id: number;
}

export interface Destroy {
  id: number;
  /** The id is an Await's (a wake-up at a sim time): it will not come. */
  wake: boolean;
  /** The id is a node's (nodes and entities are numbered apart): the node goes with its entities. */
  node: boolean;
}

/**
 * Not answered: each takes effect at the sim time of the callback that does it (plus its
 * modeled execution time), in the order sent.
 */
export interface Publish {
  publisher: number;
  cdr: Uint8Array;
}

export interface SendRequest {
  client: number;
  /** The client's own sequence number; the response comes back as Run kind RESPONSE with it. */
  sequence: bigint;
  cdr: Uint8Array;
  /**
   * With has_timeout: when no response came within this many ms of sim time, Run kind RESPONSE
   * with timed_out comes instead (rclnodejs's sendRequestAsync timeout), and the response, if it
   * comes later, is dropped.
   */
  hasTimeout: boolean;
  timeoutMs: number;
}

/**
 * The program no longer waits for the response to this request (an aborted sendRequestAsync):
 * it is dropped when it comes. Not answered.
 */
export interface ForgetRequest {
  client: number;
  sequence: bigint;
}

export interface SendResponse {
  service: number;
  /** The request's id as Run gave it. */
  request: number;
  cdr: Uint8Array;
}

export interface TimerOp {
  timer: number;
  cancel?: boolean;
  reset?: boolean;
  changePeriodNs?: bigint;
  /** A question: answered by Answer with {"canceled", "period", "nextCall", "lastCall"} (ns as decimal strings). */
  state?: boolean;
}

export type JsTimerKind = 'SET_TIMEOUT' | 'SET_INTERVAL' | 'SET_IMMEDIATE';

/**
 * A JavaScript timer of the program (setTimeout, setInterval, setImmediate): a timer of the
 * simulation, as an in-process program's is; it fires as Run kind JS_TIMER. A question,
 * answered by Created (its id).
 */
export interface JsTimer {
  kind: JsTimerKind;
  /** As the program gave it (Node's rule applies: outside [1, 2^31 - 1] it is 1). */
  delayMs: number;
}

/** What the program does with a JavaScript timer's handle. Not answered. */
export interface JsTimerOp {
  timer: number;
  cancel?: boolean;
  /** Whether the timer keeps the program alive (Node's ref/unref). */
  ref?: boolean;
  unref?: boolean;
  /** Starts its countdown again from now (Node's timeout.refresh()). */
  refresh?: boolean;
}

/**
 * A node's parameters (kept by the simulation with their overrides and services). A question,
 * answered as each op says, or by Failed (the error the API throws: a type or range the override
 * breaks, an undeclared name). A list of parameters travels as
 * rcl_interfaces/srv/SetParameters_Request (its `parameters`), in CDR.
 */
export interface ParameterOp {
  node: number;
  /** Answered by Answer with `cdr` the parameters as they are now (a list). */
  declare?: DeclareParameters;
  /** Its name; answered by Answer with `cdr` the parameter (rcl_interfaces/msg/Parameter). */
  get?: string;
  /**
   * Answered by Answer with `cdr` rcl_interfaces/srv/SetParameters_Response (a result per
   * parameter) or, atomically, SetParametersAtomically_Response. The program's set-parameters
   * callbacks run meanwhile (Run kind PARAMETERS, before the answer).
   */
  set?: SetParameters;
  /** Its name; answered by an empty Answer. */
  undeclare?: string;
  read?: ParameterRead;
  /**
   * The program has set-parameters callbacks of this kind on the node from now on: the
   * simulation runs them as Run kind PARAMETERS whenever the node's parameters are to change
   * (by the program or by its parameter services). Answered by an empty Answer.
   */
  hook?: ParameterHook;
}

export interface SetParameters {
  /** A list of parameters. */
  parameters: Uint8Array;
  atomically: boolean;
}

export type ParameterReadWhat = 'WHAT_UNSPECIFIED' | 'VALUES' | 'NAMES' | 'DESCRIPTORS' | 'HAS' | 'HAS_DESCRIPTOR' | 'OVERRIDES';

/** What the node has: answered by Answer. */
export interface ParameterRead {
  what: ParameterReadWhat;
  names: string[];
}

export type ParameterHook = 'PARAMETER_HOOK_UNSPECIFIED' | 'ON_SET' | 'POST_SET' | 'PRE_SET';

/** Declared together, as one change (rclnodejs's declareParameters). */
export interface DeclareParameters {
  /** A list of parameters: names, types and default values. */
  parameters: Uint8Array;
  /** rcl_interfaces/srv/DescribeParameters_Response as CDR: one descriptor per parameter, or none. */
  descriptors: Uint8Array;
  ignoreOverrides: boolean;
}

/**
 * The program's contexts (rclnodejs's Context, rclpy's Context). Questions: create is answered
 * by Created (its id), state by Answer ("uninitialized", "initialized" or "shutdown"), init and
 * shutdown by an empty Answer (or Failed).
 */
export interface ContextOp {
  context: number;
  create?: boolean;
  init?: Arguments;
  shutdown?: boolean;
  state?: boolean;
  /**
   * The program's default context: the one it has, or a fresh one once that was shut down.
   * Answered by Created (its id).
   */
  defaultContext?: boolean;
}

export interface Arguments {
  argv: string[];
}

export type SpinHow = 'SPIN' | 'SPIN_ONCE' | 'STOP';

/**
 * spin / spinOnce / stop of a node. A question: spinOnce runs the node's ready callbacks (as Run
 * messages to this client, each answered with Done) before its answer comes.
 */
export interface Spin {
  node: number;
  how: SpinHow;
  /**
   * How many threads the executor that spins the node has (rclpy's or rclcpp's
   * MultiThreadedExecutor: its pool; 0 or 1: one). A Python program's nodes run in the
   * simulation's model of rclpy's executor with that many threads; a C++ program's node spun by
   * a pool moves to the program's model of rclcpp's multi-threaded executor (docs/cpp.md).
   */
  threads: number;
}

export interface TriggerGuard {
  guard: number;
}

/**
 * A callback of `entity` (0: the program's tasks) waits — a sleep, a call — on a thread of an
 * executor with several threads (`on`), or ended after such a wait (not `on`): the simulation's
 * model of the program's executor (rclpy's, rclcpp's pool) keeps that thread, and the entity's
 * mutually exclusive callback group, busy meanwhile, as the waiting thread is. Not answered.
 */
export interface Hold {
  entity: number;
  on: boolean;
}

/**
 * A log record: printed by the simulation in rcutils' format with the sim-time stamp, and
 * published on /rosout when the node's logger does so. A question: Answer "true" when the record
 * passed its logger's level (rclnodejs's logger methods return it).
 */
export interface Log {
  node: number;
  logger: string;
  /** rcutils severities: 10 debug, 20 info, 30 warn, 40 error, 50 fatal. */
  severity: number;
  message: string;
  /** The user's function, file and line, whichever layer dispatched it. */
  function: string;
  file: string;
  line: number;
}

export type AssertionKind = 'ALWAYS' | 'SOMETIMES' | 'REACHABLE' | 'UNREACHABLE';

/**
 * An assertion of the program's code (rclsim's always, sometimes, reachable, unreachable, in
 * Antithesis' vocabulary): the simulation counts it by its message, and keeps the first failure
 * (always false, unreachable reached) with the callback under way. Not answered.
 */
export interface Assertion {
  kind: AssertionKind;
  message: string;
  /** Whether its condition held (reachable and unreachable: true). */
  holds: boolean;
  /** The details the program gave, as JSON text ('': none). */
  detailsJson: string;
}

export interface GraphQuery {
  /**
   * "node_names", "topic_names_and_types", "service_names_and_types",
   * "publishers_info_by_topic", "subscriptions_info_by_topic", "count_publishers",
   * "count_subscribers", "count_services", "count_clients", "names_and_types_by_node", ...;
   * "service_is_ready" (arguments: the client's id): whether a server is matched now.
   */
  query: string;
  arguments: string[];
}

/** Answer to GraphQuery, GetInterface and JobOp: JSON, whose shape the query names. */
export interface Answer {
  json: string;
  /** An answer that is a message (ParameterOp: rcl_interfaces/msg/Parameter), as CDR. */
  cdr: Uint8Array;
}

/** The definition of an interface type, for a client that builds its own codec and classes. */
export interface GetInterface {
  type: string;
}

/**
 * The job's operations a component uses (a program has only start_ns: the rest are Failed).
 * Results are JSON, an integer beyond JSON's as {"$bigint": "<decimal>"}.
 */
export interface JobOp {
  /** End the run with this exit code (after the step under way). Not answered. */
  finish?: number;
  /** Not answered. */
  setResult?: SetResult;
  /** A result's name: answered by Answer with `json` its value (empty: none). */
  getResult?: string;
  /**
   * The client's id of an end hook: the simulation runs it, once the run's loop ended, as Run
   * kind END_HOOK with this id, in the order end hooks were registered (in-process ones too).
   * Not answered.
   */
  onEnd?: number;
  /**
   * The run's start time (ns since the epoch) a program proposes before the run starts, as
   * rslcpp's Job::get_initial_time: its nodes, built while the clock reads 0, then see the
   * clock jump there, as a job's `start:` does. Answered by Answer with `json` true when the run
   * starts there, false when it had started or the job chose another start (the program then
   * waits for its time).
   */
  startNs?: bigint;
}

export interface SetResult {
  name: string;
  valueJson: string;
}

/**
 * A promise of the program that a sim-time event settles (rclnodejs's client.waitForService):
 * answered by Created with its id; when it settles, Run kind SETTLED with that id runs the
 * program's continuations, as the event's own callback.
 */
export interface Await {
  /** A server matches this client (Run input `true`), or `timeout_ms` passed (`false`). */
  serviceOfClient?: number;
  /**
   * Sim time `at_ns` (ns since the epoch) came (a rate's tick, a timeout, a clock's sleep):
   * Run input `true`. Destroy with `wake` cancels it.
   */
  atNs?: bigint;
  /** Negative: no timeout. */
  timeoutMs: number;
  /** An at_ns wake-up that alone does not keep the run going (an action's result timeout). */
  weak: boolean;
  /**
   * An at_ns wake-up that comes only once the callbacks ready at its time ran (a Python
   * client's waits: rclpy's wait with a timeout returns what is ready at its deadline, a
   * spin_once(timeout_sec=0) what is ready now).
   */
  afterReady: boolean;
}

/**
 * A question on one entity whose answer is a plain value (Answer.json): rclnodejs's entity
 * methods that ask rcl. `op` is one of: subscriptionCount, waitForAllAcked, assertLiveliness,
 * gid (publisher); publisherCount, setContentFilter, clearContentFilter (subscription);
 * qosProfile, configureIntrospection (service, client); isReady, nextCallTime,
 * callTimerWithInfo, changeTimerPeriod (timer); takeData (event handler: its callback runs as a
 * Run kind EVENT before the answer). Arguments and answer are JSON, an integer beyond JSON's as
 * {"$bigint": "<decimal>"} and bytes as {"$bytes": "<base64>"}.
 */
export interface EntityOp {
  entity: number;
  op: string;
  argsJson: string;
}

/**
 * An action client or server of a node (made by the client from services, topics and a guard
 * condition): the simulation lists its parts as the action's and knows its type in use. A
 * question: add is answered by Created (the action's id), remove by an empty Answer.
 */
export interface ActionOp {
  node: number;
  add?: AddAction;
  remove?: number;
}

export interface AddAction {
  /** "pkg/action/Name". */
  type: string;
  parts: number[];
}

/**
 * A logger's level and /rosout subloggers (rclnodejs's Logging). A question answered by Answer:
 * `level` with the effective level as JSON, `add_child` with whether the child publishes on
 * /rosout, the others empty.
 */
export interface LoggerOp {
  logger: string;
  level?: boolean;
  setLevel?: number;
  addChild?: string;
  removeChild?: string;
}

/**
 * Hold the calling thread for sim time: the simulation answers Resume when the wait is over and
 * meanwhile may send Run for other threads of this process (and run other processes).
 */
export interface Wait {
  /** The client's thread that waits (as Run named it; 0 for the main thread). */
  thread: number;
  /** A sleep: resume at now + this. */
  sleepNs?: bigint;
  /**
   * A spin with a timeout or until a future completes: the thread runs callbacks the
   * simulation grants it (Run) until the future's request id (SendRequest.sequence) is answered
   * or the deadline passes (0: no deadline).
   */
  deadlineNs?: bigint;
  clientSequence: bigint;
  client: number;
}

export interface Resume {
  thread: number;
  nowNs: bigint;
  /** The deadline passed before what was waited for came. */
  timedOut: boolean;
}

/**
 * The program's thread that runs its code from now on, sent (and written at once) when the turn
 * passes to another of its threads (a client whose threads take turns: docs/cpp-process.md). A
 * callback that runs past --callback-timeout is told with the thread it was in. Not answered.
 */
export interface Turn {
  /** As the client's lines name it ("main", "thread-2", or the name the program gave it). */
  thread: string;
}

export type RunKind =
  | 'RUN_KIND_UNSPECIFIED'
  | 'TIMER_FIRED'
  | 'MESSAGE'
  | 'REQUEST'
  | 'RESPONSE'
  | 'GUARD_TRIGGERED'
  | 'EVENT'
  | 'CONTINUATION'
  | 'END_HOOK'
  | 'JS_TIMER'
  | 'PARAMETERS'
  | 'SETTLED'
  | 'CAN_EXECUTE';

/**
 * Run one callback. Sent only while the thread it names runs nothing else (a thread that waits
 * in Wait may be given callbacks: that is spinning).
 */
export interface Run {
  /** Unique in the run; Done names it. */
  run: number;
  /**
   * Which of its executor's threads runs the callback, from 1, as the simulation's model of the
   * executor picked it (0: not said — the events executor, a callback run inside another's code).
   * A client whose executor runs a pool of threads (rclcpp's MultiThreadedExecutor) runs it on
   * that thread when it is free; a client may ignore it.
   */
  thread: number;
  kind: RunKind;
  entity: number;
  nowNs: bigint;
  /** The input: a message, request or response as CDR; an event as JSON. */
  input: Uint8Array;
  /** A message's source and reception times, and the publisher's gid; a request's id. */
  sourceTimestampNs: bigint;
  receivedTimestampNs: bigint;
  publisherGid: Uint8Array;
  request: number;
  sequence: bigint;
  /** A timer's call: when it was due (rcl_timer_call_with_info's expected call time). */
  expectedCallNs: bigint;
  /** A message: the publication and reception sequence numbers (MessageInfo). */
  publicationSequence: bigint;
  receptionSequence: bigint;
  /** RESPONSE: no response came in time (SendRequest.timeout_ms); `input` is empty. */
  timedOut: boolean;
  parameterHook: ParameterHook;
  /**
   * How many reads that do not block the client may make, waiting for its next message, before
   * one that blocks (0: block at once). Set only while each separate program can have a CPU of
   * its own: a process woken from a blocking read runs ~60-170 us late on a virtual machine, one
   * that reads on catches an answer at once, and an idle one blocks soon. A client may ignore it.
   */
  readPolls: number;
  /**
   * How long the callback takes, as the job's execution_times: model it (ns of sim time; 0: no
   * time): its thread's CPU time grows by that much (CLOCK_THREAD_CPUTIME_ID, docs/cpp-process.md).
   */
  executionNs: bigint;
}

/** The callback ran (its promise continuations that could run, ran). */
export interface Done {
  run: number;
  /**
   * The callback threw (or its promise rejected) and nothing in the program handled it: what it
   * says (a client may leave `failed` unset when this is not empty).
   */
  error: string;
  /** Continuations still wait on sim-time events (they come back as Run kind CONTINUATION). */
  pending: boolean;
  /**
   * The first Done only (run 0): the program's code could not be loaded (a syntax error, a
   * module not found); `error` says why. The run ends as for bad input.
   */
  loadFailed: boolean;
  /** What the callback returned that the simulation uses (Run kind PARAMETERS). */
  result: Uint8Array;
  /**
   * The program wrote to its stdout or stderr since its last Done (as far as the client can
   * tell): the simulation reads that output out before it goes on, and skips the read otherwise.
   */
  wroteOutput: boolean;
  /**
   * The error is bad input the program met (an error of a Failed with input_error, or a
   * parameter override the program refused, in the error's chain of causes): the line that says
   * so, naming its source. The run ends as for bad input (exit code 2), with this line.
   */
  inputError: string;
  /**
   * Which code failed, when it was not this run's callback: a promise that an earlier callback
   * returned (that Run's kind, entity and sim time name the failure, as in-process) …
   */
  failedKind: RunKind;
  failedEntity: number;
  failedAtNs: bigint;
  /**
   * … or what failed, in the words of an in-process failure, when no callback of the simulation's
   * names it ("a promise of talker.js without a rejection handler", "a queueMicrotask callback of
   * talker.js"): the failure is told at the sim time of this Done.
   */
  failedLabel: string;
  /**
   * process.exitCode as the program's code left it (JavaScript; set: it has a value). The
   * simulation's own follows each change, as an in-process program's write would: the run's exit
   * code unless the job's or a failure's decides.
   */
  exitCodeSet: boolean;
  exitCode: bigint;
  /** The program's code failed: set with every failure, since `error` may be empty (`throw ''`). */
  failed: boolean;
  /**
   * A CONTINUATION of a Python client let one task go on, as each turn of rclpy's executor
   * generator yields one, and the snapshot of tasks the pass began with holds another that is
   * neither done nor executing: the executor's model yields the tasks again before it waits.
   */
  moreTasks: boolean;
  /**
   * A Python client triggered its executor's guard condition (rclpy's create_task, a future's
   * done callback becoming a task, a coroutine callback finishing): the executor's wait returns,
   * and its generator's next pass begins with the tasks, as rclpy's does.
   */
  woke: boolean;
}

/** The program ends: exit code, as process.exit / sys.exit gave it. The socket closes after it. */
export interface Exit {
  code: number;
  /**
   * The client ends the program itself (a thread busy-waiting on the clock, which sim time never
   * answers): what it did, as the one line about its end tells it after the program's name. The
   * program then ends as one that died does (exit code 3 with on_exit: fail), whatever `code`.
   */
  reason: string;
}

/**
 * The simulation ends the program: it is asked to stop (rclpy raises KeyboardInterrupt where
 * it waits, rclpy.ok() turns false; its contexts stay valid until it shuts them down, as a
 * run's end is no Ctrl-C), then its end hooks; the client answers Exit.
 */
export interface Shutdown {
  reason: string;
}

/**
 * An error the simulation met in the client's request (a name that does not resolve, an
 * unknown type, an operation on a destroyed entity): the client throws it where the call was.
 */
export interface Failed {
  message: string;
  /** The rclnodejs/rclpy exception kind to raise ("TypeError", "RangeError", "InvalidTopicNameException" …). */
  kind: string;
  /**
   * The request met bad input of the run (a parameter override, a params file, the program's ROS
   * arguments): when the error this raises ends the program, its Done says input_error.
   */
  inputError: boolean;
}

export interface ToSimulation {
  /** Set on questions (Create, GraphQuery, GetInterface, JobOp get_result): the answer carries it. */
  ask: number;
  hello?: Hello;
  create?: Create;
  destroy?: Destroy;
  publish?: Publish;
  sendRequest?: SendRequest;
  sendResponse?: SendResponse;
  timer?: TimerOp;
  trigger?: TriggerGuard;
  log?: Log;
  graph?: GraphQuery;
  getInterface?: GetInterface;
  job?: JobOp;
  wait?: Wait;
  done?: Done;
  exit?: Exit;
  context?: ContextOp;
  spin?: Spin;
  jsTimer?: JsTimer;
  jsTimerOp?: JsTimerOp;
  parameter?: ParameterOp;
  forgetRequest?: ForgetRequest;
  awaitEvent?: Await;
  entity?: EntityOp;
  action?: ActionOp;
  nextGoalId?: Record<string, never>;
  logger?: LoggerOp;
  hold?: Hold;
  assertion?: Assertion;
  turn?: Turn;
  bag?: BagOp;
  worldJoints?: WorldJointsOp;
}

export interface ToClient {
  /** The question this answers (0: not an answer). */
  answers: number;
  welcome?: Welcome;
  created?: Created;
  answer?: Answer;
  failed?: Failed;
  run?: Run;
  resume?: Resume;
  shutdown?: Shutdown;
}

/**
 * A bag a program reads or writes itself (rosbag2_cpp's Reader and Writer): the simulation's own
 * bag code (src/bag/) reads or writes it, and answers before the program goes on. A bag that
 * cannot be opened, read or written is answered by Failed with rosbag2's text.
 */
export interface BagOp {
  /** The bag, as its open's answer named it (0 for open). */
  bag: number;
  /** Answered by Answer with `json` {"bag": <id>, "metadata": <rosbag2's BagMetadata>}. */
  open?: BagOpen;
  /**
   * The next message (in receive-time order, through the filter): Answer with `json`
   * {"topic", "recv_ns", "send_ns"} and `cdr` its bytes; `json` empty after the last.
   */
  readNext?: boolean;
  setFilter?: BagFilter;
  /** The next message read is the first received at or after this time (ns). */
  seekNs?: bigint;
  createTopic?: BagTopicInfo;
  write?: BagWrite;
  /** A writer's close finishes its files and metadata.yaml. */
  close?: boolean;
}

/**
 * A model's joints in the run's world, read and commanded by a program's ros2_control hardware
 * (rclsim's gz_ros2_control/GazeboSimSystem), as gz_ros2_control's plugin exchanges them with
 * Gazebo's physics: a read answers the state of the world's last step at or before now; a write
 * gives each joint a velocity command, in force from the next step on until the next write.
 */
export interface WorldJointsOp {
  /** The claim, as its open's answer named it (0 for open). */
  claim: number;
  /**
   * Answered by Answer with `json` {"claim": <id>, "model": <its name>}; a model without
   * gz_ros2_control's plugin or a joint it has not is a Failed with one line saying so.
   */
  open?: WorldJointsOpen;
  /** The joints' state now: Answer with `json` {"position": [...], "velocity": [...], "effort": [...]}. */
  read?: boolean;
  write?: WorldJointsWrite;
}

export interface WorldJointsOpen {
  /** The model ('': the world's one model with gz_ros2_control's plugin). */
  model: string;
  joints: string[];
}

export interface WorldJointsWrite {
  /** A velocity command a joint (rad/s or m/s), in the open's order; NaN: none (the joint is free). */
  velocities: number[];
}

export interface BagOpen {
  /** As the program gave it (StorageOptions.uri), relative to `cwd`, the program's directory. */
  uri: string;
  /** 'mcap', 'sqlite3' or '' (a reader: what the bag is; a writer: mcap, rosbag2's default). */
  storageId: string;
  cwd: string;
  write: boolean;
  /**
   * A writer's StorageOptions.storage_preset_profile and storage_config_uri (relative to `cwd`),
   * as rosbag2's storage plugins read them ('' for none).
   */
  storagePresetProfile: string;
  storageConfigUri: string;
}

/** rosbag2_storage::StorageFilter. */
export interface BagFilter {
  topics: string[];
  topicsRegex: string;
  regexToExclude: string;
  excludeTopics: string[];
}

/** rosbag2_storage::TopicMetadata. */
export interface BagTopicInfo {
  name: string;
  type: string;
  serializationFormat: string;
  /** rosbag2's YAML of the offered QoS profiles ('': none). */
  offeredQosProfiles: string;
  typeDescriptionHash: string;
}

export interface BagWrite {
  topic: string;
  recvNs: bigint;
  sendNs: bigint;
  data: Uint8Array;
}
