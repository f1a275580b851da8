// Generated from proto/node.proto by scripts/nodeProtoCpp.mjs (npm run build): do not edit.
//
// The node protocol's messages (docs/node-protocol.md) and their codec, without libprotobuf:
// - a message is a struct with the .proto's field names (a C++ keyword takes a trailing underscore:
//   namespace_), at proto3's defaults; string and bytes are std::string, repeated std::vector; a
//   singular sub-message and every member of a oneof are std::optional: presence says which member
//   came, and a member present at its default is written (set at most one of a oneof);
// - a nested enum is named after its message and itself (JsTimer.Kind: JsTimer_Kind); name_of()
//   gives a value's name, "(unknown)" for a value the .proto does not name;
// - encode() appends a message's body to `out` (fields in number order, defaults left out, repeated
//   numbers packed), the bytes protobufjs writes; decode() replaces `out` and is false on malformed
//   input (a varint longer than ten bytes, a length past the end, a known field of another wire
//   type, field number 0, a group or wire type 6 or 7); unknown fields are skipped, a oneof member
//   replaces the one before it and a sub-message that comes twice is merged (protobuf's rules).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rclsim::node {

enum class EntityKind : int32_t {
  ENTITY_KIND_UNSPECIFIED = 0,
  NODE = 1,
  PUBLISHER = 2,
  SUBSCRIPTION = 3,
  SERVICE = 4,
  CLIENT = 5,
  TIMER = 6,
  GUARD_CONDITION = 7,
};

enum class JsTimer_Kind : int32_t {
  SET_TIMEOUT = 0,
  SET_INTERVAL = 1,
  SET_IMMEDIATE = 2,
};

enum class ParameterRead_What : int32_t {
  WHAT_UNSPECIFIED = 0,
  // The parameters of these names (all declared ones if none): `cdr` a list of parameters.
  VALUES = 1,
  // `json` the declared names.
  NAMES = 2,
  // `cdr` rcl_interfaces/srv/DescribeParameters_Response (all declared ones if no names).
  DESCRIPTORS = 3,
  // `json` whether the first name is declared / has a descriptor.
  HAS = 4,
  HAS_DESCRIPTOR = 5,
  // `cdr` the node's parameter overrides as a list of parameters, `json` where each came from
  // (a list of strings in the same order: "--ros-args -p 'rate:=5'", "params.yaml:3 (for /n)" …).
  OVERRIDES = 6,
};

enum class ParameterHook : int32_t {
  PARAMETER_HOOK_UNSPECIFIED = 0,
  // rclnodejs's addOnSetParametersCallback, rclpy's add_on_set_parameters_callback: may refuse a
  // change. Done.result is rcl_interfaces/msg/SetParametersResult in CDR.
  ON_SET = 1,
  // Told of a change that was made (rclnodejs's addPostSetParametersCallback). Done.result empty.
  POST_SET = 2,
  // rclnodejs's addPreSetParametersCallback: may change what is set. Done.result is the list of
  // parameters to set instead, or empty when a callback returned no list (the change is refused).
  PRE_SET = 3,
};

enum class Spin_How : int32_t {
  SPIN = 0,
  SPIN_ONCE = 1,
  STOP = 2,
};

enum class Assertion_Kind : int32_t {
  ALWAYS = 0,
  SOMETIMES = 1,
  REACHABLE = 2,
  UNREACHABLE = 3,
};

enum class RunKind : int32_t {
  RUN_KIND_UNSPECIFIED = 0,
  TIMER_FIRED = 1,
  MESSAGE = 2,
  REQUEST = 3,
  RESPONSE = 4,
  GUARD_TRIGGERED = 5,
  EVENT = 6,
  // Promise continuations (coroutines) that a sim-time event made ready.
  CONTINUATION = 7,
  END_HOOK = 8,
  // A JavaScript timer (JsTimer) came due.
  JS_TIMER = 9,
  // The node's (entity) parameters are to change (ParameterOp.hook): `input` the list of
  // parameters, `parameter_hook` which callbacks to run; their outcome goes in Done.result.
  PARAMETERS = 10,
  // A promise of the program that waits on a sim-time event settled (Await): `entity` the
  // Await's id (numbered apart from entities, as END_HOOK's hook ids are), `input` its value as JSON.
  SETTLED = 11,
  // May the callback of `entity` run now? Asked before each callback of an entity in a callback
  // group of the program's own class (Create.custom_group): the program runs the group's
  // can_execute and, when it says yes, beginning_execution, and answers Done.result [1] (the
  // callback's Run follows) or [0] (the simulation asks again once another callback ran).
  CAN_EXECUTE = 12,
};

// The client's first message, sent before the program's code runs.
struct Hello {
  // The highest protocol version the client speaks; the simulation answers with the one both use.
  uint32_t protocol_version = 0;
  // e.g. "rclsim-rclnodejs 0.9.0", "rclsim-rclpy 0.9.0": named in errors.
  std::string client;
  // "javascript", "python".
  std::string language;
};

struct InterfaceFolder {
  std::string path;
  // The package the folder holds when its name is not the package's ('': its name).
  std::string package;
};

// The simulation's answer to Hello: who the program is and what it starts with.
struct Welcome {
  uint32_t protocol_version = 0;
  // The program's name (its path relative to the job), as /rosout and the trace name it.
  std::string program;
  // The program's own argv (after the interpreter and its file), --ros-args included.
  std::vector<std::string> argv;
  // Sim time now (the start of the run, or the time of a respawn).
  int64_t now_ns = 0;
  // The run's seed: with the program's name it seeds the program's own random streams
  // (Math.random, crypto, random, uuid4 …), as in-process (docs/determinism.md).
  int64_t seed = 0;
  // What the program sees as the machine's CPU count (os.cpus, os.cpu_count …).
  uint32_t cpu_count = 0;
  // The job's distribution name ("jazzy") and RMW identifier, as the program's APIs report them.
  std::string ros_distro;
  std::string rmw_implementation;
  // Folders of the job's own interface packages, first first, ahead of the shipped ones: a
  // client that builds its codec from definitions reads the same files the simulation does.
  std::vector<InterfaceFolder> interface_folders;
  // Set for a component of the job (a `module:` entry): the export to build — a Node class,
  // constructed without arguments, or a factory called with the component's options ({ job,
  // context }) — once the module is loaded; its nodes run without spin(), and it may use JobOp.
  // Empty for a program.
  std::string component;
  // The job's strict_messages: messages are normalized strictly (no numeric strings for numbers …).
  bool strict_messages = false;
  // The program's name as the simulation's lines name it (`program` is the key of its random
  // streams): a failure that no callback names is told in its words (Done.failed_label).
  std::string program_name;
  // The job says a sleep takes no sim time (`sleeps: none`, rslcpp's semantics: a sleep stands
  // for computation whose length must not change results); unset, a sleep holds the calling
  // thread for that much sim time. A client that cannot honour it may ignore it.
  bool sleeps_take_no_time = false;
};

// Create an entity. Answered by Created (its id) or Failed (the error the API throws).
struct Create {
  EntityKind kind = EntityKind::ENTITY_KIND_UNSPECIFIED;
  // The node it belongs to (0 for a node).
  uint64_t node = 0;
  // A node's name and namespace; an endpoint's topic or service name as the API was given it
  // (the simulation expands and remaps it as rcl does).
  std::string name;
  std::string namespace_;
  // An endpoint's interface type ("std_msgs/msg/String", "example_interfaces/srv/AddTwoInts").
  std::string type;
  // The QoS as the program gave it, as JSON: a profile name ("qos_profile_sensor_data"), a
  // depth, or rclnodejs's QoS fields ({"history":1,"depth":5,"reliability":2,…}, rmw's enum
  // values; "deadline", "lifespan" and "livelinessLeaseDuration" in ns as decimal strings); the
  // simulation resolves it as in-process ('' : the default profile).
  std::string qos_json;
  // A timer's period and clock ("ros", "system", "steady").
  int64_t period_ns = 0;
  std::string clock;
  // A subscription's content filter expression and parameters (rcl's DDS-SQL subset).
  std::string filter_expression;
  std::vector<std::string> filter_parameters;
  // The executor callback group the program put it in (0: the node's default group), and
  // whether that group is reentrant: the simulation's executor models schedule by them.
  uint64_t callback_group = 0;
  bool reentrant = false;
  // Which QoS events of a publisher or subscription the program listens to, by rclnodejs's
  // callback names ("matched", "incompatibleQos", "incompatibleType", "deadline", "liveliness",
  // "messageLost"): the simulation makes a handler for each (Created.events), whose callbacks
  // come as Run kind EVENT.
  std::vector<std::string> events;
  // A node's context (ContextOp's ids), its own ROS arguments, whether the
  // context's arguments apply to it, and its NodeOptions as JSON (rclnodejs's field names).
  uint32_t context = 0;
  std::vector<std::string> args;
  bool use_global_arguments = false;
  std::string options_json;
  // A timer created canceled (rclnodejs's autostart: false) says so.
  bool canceled = false;
  // Unused: a subscription's messages come as CDR and the client shapes them (raw, typed
  // arrays, serialization mode); a content filter is filter_expression.
  std::string subscription_options_json;
  // The callback group (callback_group) is of the program's own class, whose code decides when
  // its callbacks may run: the simulation asks before each (Run kind CAN_EXECUTE).
  bool custom_group = false;
};

struct EventHandler {
  // The rclnodejs name of the event ("matched", "incompatibleQos", "incompatibleType",
  // "deadline", "liveliness", "messageLost").
  std::string name;
  uint64_t id = 0;
};

struct Created {
  uint64_t id = 0;
  // A node's name and namespace after remapping, and its logger's name.
  std::string name;
  std::string namespace_;
  std::string logger;
  // A node's parameter overrides from the job (params files, -p, parameters:), as
  // rcl_interfaces/msg/Parameter CDR, in the order rcl applies them.
  std::vector<std::string> parameter_overrides;
  // An endpoint's resolved name (expanded and remapped).
  std::string resolved_name;
  // A publisher's or subscription's event handlers (Create.events), in the order the simulation
  // made them: their callbacks come as Run kind EVENT with the handler's id.
  std::vector<EventHandler> events;
};

struct Destroy {
  uint64_t id = 0;
  // The id is an Await's (a wake-up at a sim time): it will not come.
  bool wake = false;
  // The id is a node's (nodes and entities are numbered apart): the node goes with its entities.
  bool node = false;
};

// Not answered: each takes effect at the sim time of the callback that does it (plus its
// modeled execution time), in the order sent.
struct Publish {
  uint64_t publisher = 0;
  std::string cdr;
};

struct SendRequest {
  uint64_t client = 0;
  // The client's own sequence number; the response comes back as Run kind RESPONSE with it.
  int64_t sequence = 0;
  std::string cdr;
  // With has_timeout: when no response came within this many ms of sim time, Run kind RESPONSE
  // with timed_out comes instead (rclnodejs's sendRequestAsync timeout), and the response, if it
  // comes later, is dropped.
  bool has_timeout = false;
  double timeout_ms = 0;
};

// The program no longer waits for the response to this request (an aborted sendRequestAsync):
// it is dropped when it comes. Not answered.
struct ForgetRequest {
  uint64_t client = 0;
  int64_t sequence = 0;
};

struct SendResponse {
  uint64_t service = 0;
  // The request's id as Run gave it.
  uint64_t request = 0;
  std::string cdr;
};

struct TimerOp {
  uint64_t timer = 0;
  // oneof op: cancel, reset, change_period_ns, state (at most one set).
  std::optional<bool> cancel;
  std::optional<bool> reset;
  std::optional<int64_t> change_period_ns;
  // A question: answered by Answer with {"canceled", "period", "nextCall", "lastCall"} (ns as decimal strings).
  std::optional<bool> state;
};

// A JavaScript timer of the program (setTimeout, setInterval, setImmediate): a timer of the
// simulation, as an in-process program's is; it fires as Run kind JS_TIMER. A question,
// answered by Created (its id).
struct JsTimer {
  JsTimer_Kind kind = JsTimer_Kind::SET_TIMEOUT;
  // As the program gave it (Node's rule applies: outside [1, 2^31 - 1] it is 1).
  double delay_ms = 0;
};

// What the program does with a JavaScript timer's handle. Not answered.
struct JsTimerOp {
  uint64_t timer = 0;
  // oneof op: cancel, ref, unref, refresh (at most one set).
  std::optional<bool> cancel;
  // Whether the timer keeps the program alive (Node's ref/unref).
  std::optional<bool> ref;
  std::optional<bool> unref;
  // Starts its countdown again from now (Node's timeout.refresh()).
  std::optional<bool> refresh;
};

// Declared together, as one change (rclnodejs's declareParameters).
struct DeclareParameters {
  // A list of parameters: names, types and default values.
  std::string parameters;
  // rcl_interfaces/srv/DescribeParameters_Response as CDR: one descriptor per parameter, or none.
  std::string descriptors;
  bool ignore_overrides = false;
};

struct SetParameters {
  // A list of parameters.
  std::string parameters;
  bool atomically = false;
};

// What the node has: answered by Answer.
struct ParameterRead {
  ParameterRead_What what = ParameterRead_What::WHAT_UNSPECIFIED;
  std::vector<std::string> names;
};

// A node's parameters (kept by the simulation with their overrides and services). A question,
// answered as each op says, or by Failed (the error the API throws: a type or range the override
// breaks, an undeclared name). A list of parameters travels as
// rcl_interfaces/srv/SetParameters_Request (its `parameters`), in CDR.
struct ParameterOp {
  uint64_t node = 0;
  // oneof op: declare, get, set, undeclare, read, hook (at most one set).
  // Answered by Answer with `cdr` the parameters as they are now (a list).
  std::optional<DeclareParameters> declare;
  // Its name; answered by Answer with `cdr` the parameter (rcl_interfaces/msg/Parameter).
  std::optional<std::string> get;
  // Answered by Answer with `cdr` rcl_interfaces/srv/SetParameters_Response (a result per
  // parameter) or, atomically, SetParametersAtomically_Response. The program's set-parameters
  // callbacks run meanwhile (Run kind PARAMETERS, before the answer).
  std::optional<SetParameters> set;
  // Its name; answered by an empty Answer.
  std::optional<std::string> undeclare;
  std::optional<ParameterRead> read;
  // The program has set-parameters callbacks of this kind on the node from now on: the
  // simulation runs them as Run kind PARAMETERS whenever the node's parameters are to change
  // (by the program or by its parameter services). Answered by an empty Answer.
  std::optional<ParameterHook> hook;
};

struct Arguments {
  std::vector<std::string> argv;
};

// The program's contexts (rclnodejs's Context, rclpy's Context). Questions: create is answered
// by Created (its id), state by Answer ("uninitialized", "initialized" or "shutdown"), init and
// shutdown by an empty Answer (or Failed).
struct ContextOp {
  uint32_t context = 0;
  // oneof op: create, init, shutdown, state, default_context (at most one set).
  std::optional<bool> create;
  std::optional<Arguments> init;
  std::optional<bool> shutdown;
  std::optional<bool> state;
  // The program's default context: the one it has, or a fresh one once that was shut down.
  // Answered by Created (its id).
  std::optional<bool> default_context;
};

// spin / spinOnce / stop of a node. A question: spinOnce runs the node's ready callbacks (as Run
// messages to this client, each answered with Done) before its answer comes.
struct Spin {
  uint64_t node = 0;
  Spin_How how = Spin_How::SPIN;
  // How many threads the executor that spins the node has (rclpy's or rclcpp's
  // MultiThreadedExecutor: its pool; 0 or 1: one). A Python program's nodes run in the
  // simulation's model of rclpy's executor with that many threads; a C++ program's node spun by
  // a pool moves to the program's model of rclcpp's multi-threaded executor (docs/cpp.md).
  uint32_t threads = 0;
};

struct TriggerGuard {
  uint64_t guard = 0;
};

// A callback of `entity` (0: the program's tasks) waits — a sleep, a call — on a thread of an
// executor with several threads (`on`), or ended after such a wait (not `on`): the simulation's
// model of the program's executor (rclpy's, rclcpp's pool) keeps that thread, and the entity's
// mutually exclusive callback group, busy meanwhile, as the waiting thread is. Not answered.
struct Hold {
  uint64_t entity = 0;
  bool on = false;
};

// A log record: printed by the simulation in rcutils' format with the sim-time stamp, and
// published on /rosout when the node's logger does so. A question: Answer "true" when the record
// passed its logger's level (rclnodejs's logger methods return it).
struct Log {
  uint64_t node = 0;
  std::string logger;
  // rcutils severities: 10 debug, 20 info, 30 warn, 40 error, 50 fatal.
  uint32_t severity = 0;
  std::string message;
  // The user's function, file and line, whichever layer dispatched it.
  std::string function;
  std::string file;
  uint32_t line = 0;
};

// An assertion of the program's code (rclsim's always, sometimes, reachable, unreachable, in
// Antithesis' vocabulary): the simulation counts it by its message, and keeps the first failure
// (always false, unreachable reached) with the callback under way. Not answered.
struct Assertion {
  Assertion_Kind kind = Assertion_Kind::ALWAYS;
  std::string message;
  // Whether its condition held (reachable and unreachable: true).
  bool holds = false;
  // The details the program gave, as JSON text ('': none).
  std::string details_json;
};

struct GraphQuery {
  // "node_names", "topic_names_and_types", "service_names_and_types",
  // "publishers_info_by_topic", "subscriptions_info_by_topic", "count_publishers",
  // "count_subscribers", "count_services", "count_clients", "names_and_types_by_node", ...;
  // "service_is_ready" (arguments: the client's id): whether a server is matched now.
  std::string query;
  std::vector<std::string> arguments;
};

// Answer to GraphQuery, GetInterface and JobOp: JSON, whose shape the query names.
struct Answer {
  std::string json;
  // An answer that is a message (ParameterOp: rcl_interfaces/msg/Parameter), as CDR.
  std::string cdr;
};

// The definition of an interface type, for a client that builds its own codec and classes.
struct GetInterface {
  std::string type;
};

struct SetResult {
  std::string name;
  std::string value_json;
};

// The job's operations a component uses (a program has only start_ns: the rest are Failed).
// Results are JSON, an integer beyond JSON's as {"$bigint": "<decimal>"}.
struct JobOp {
  // oneof op: finish, set_result, get_result, on_end, start_ns (at most one set).
  // End the run with this exit code (after the step under way). Not answered.
  std::optional<int32_t> finish;
  // Not answered.
  std::optional<SetResult> set_result;
  // A result's name: answered by Answer with `json` its value (empty: none).
  std::optional<std::string> get_result;
  // The client's id of an end hook: the simulation runs it, once the run's loop ended, as Run
  // kind END_HOOK with this id, in the order end hooks were registered (in-process ones too).
  // Not answered.
  std::optional<uint64_t> on_end;
  // The run's start time (ns since the epoch) a program proposes before the run starts, as
  // rslcpp's Job::get_initial_time: its nodes, built while the clock reads 0, then see the
  // clock jump there, as a job's `start:` does. Answered by Answer with `json` true when the run
  // starts there, false when it had started or the job chose another start (the program then
  // waits for its time).
  std::optional<int64_t> start_ns;
};

// A promise of the program that a sim-time event settles (rclnodejs's client.waitForService):
// answered by Created with its id; when it settles, Run kind SETTLED with that id runs the
// program's continuations, as the event's own callback.
struct Await {
  // oneof until: service_of_client, at_ns (at most one set).
  // A server matches this client (Run input `true`), or `timeout_ms` passed (`false`).
  std::optional<uint64_t> service_of_client;
  // Sim time `at_ns` (ns since the epoch) came (a rate's tick, a timeout, a clock's sleep):
  // Run input `true`. Destroy with `wake` cancels it.
  std::optional<int64_t> at_ns;
  // Negative: no timeout.
  double timeout_ms = 0;
  // An at_ns wake-up that alone does not keep the run going (an action's result timeout).
  bool weak = false;
  // An at_ns wake-up that comes only once the callbacks ready at its time ran (a Python
  // client's waits: rclpy's wait with a timeout returns what is ready at its deadline, a
  // spin_once(timeout_sec=0) what is ready now).
  bool after_ready = false;
};

// A question on one entity whose answer is a plain value (Answer.json): rclnodejs's entity
// methods that ask rcl. `op` is one of: subscriptionCount, waitForAllAcked, assertLiveliness,
// gid (publisher); publisherCount, setContentFilter, clearContentFilter (subscription);
// qosProfile, configureIntrospection (service, client); isReady, nextCallTime,
// callTimerWithInfo, changeTimerPeriod (timer); takeData (event handler: its callback runs as a
// Run kind EVENT before the answer). Arguments and answer are JSON, an integer beyond JSON's as
// {"$bigint": "<decimal>"} and bytes as {"$bytes": "<base64>"}.
struct EntityOp {
  uint64_t entity = 0;
  std::string op;
  std::string args_json;
};

struct AddAction {
  // "pkg/action/Name".
  std::string type;
  std::vector<uint64_t> parts;
};

// An action client or server of a node (made by the client from services, topics and a guard
// condition): the simulation lists its parts as the action's and knows its type in use. A
// question: add is answered by Created (the action's id), remove by an empty Answer.
struct ActionOp {
  uint64_t node = 0;
  // oneof op: add, remove (at most one set).
  std::optional<AddAction> add;
  std::optional<uint64_t> remove;
};

// A goal id for an action client, from the run's one stream of goal ids: a question answered by
// Answer with `cdr` its 16 bytes.
struct NextGoalId {};

// A logger's level and /rosout subloggers (rclnodejs's Logging). A question answered by Answer:
// `level` with the effective level as JSON, `add_child` with whether the child publishes on
// /rosout, the others empty.
struct LoggerOp {
  std::string logger;
  // oneof op: level, set_level, add_child, remove_child (at most one set).
  std::optional<bool> level;
  std::optional<uint32_t> set_level;
  std::optional<std::string> add_child;
  std::optional<std::string> remove_child;
};

// Hold the calling thread for sim time: the simulation answers Resume when the wait is over and
// meanwhile may send Run for other threads of this process (and run other processes).
struct Wait {
  // The client's thread that waits (as Run named it; 0 for the main thread).
  uint32_t thread = 0;
  // oneof until: sleep_ns, deadline_ns (at most one set).
  // A sleep: resume at now + this.
  std::optional<int64_t> sleep_ns;
  // A spin with a timeout or until a future completes: the thread runs callbacks the
  // simulation grants it (Run) until the future's request id (SendRequest.sequence) is answered
  // or the deadline passes (0: no deadline).
  std::optional<int64_t> deadline_ns;
  int64_t client_sequence = 0;
  uint64_t client = 0;
};

struct Resume {
  uint32_t thread = 0;
  int64_t now_ns = 0;
  // The deadline passed before what was waited for came.
  bool timed_out = false;
};

// The program's thread that runs its code from now on, sent (and written at once) when the turn
// passes to another of its threads (a client whose threads take turns: docs/cpp-process.md). A
// callback that runs past --callback-timeout is told with the thread it was in. Not answered.
struct Turn {
  // As the client's lines name it ("main", "thread-2", or the name the program gave it).
  std::string thread;
};

// Run one callback. Sent only while the thread it names runs nothing else (a thread that waits
// in Wait may be given callbacks: that is spinning).
struct Run {
  // Unique in the run; Done names it.
  uint64_t run = 0;
  // Which of its executor's threads runs the callback, from 1, as the simulation's model of the
  // executor picked it (0: not said — the events executor, a callback run inside another's code).
  // A client whose executor runs a pool of threads (rclcpp's MultiThreadedExecutor) runs it on
  // that thread when it is free; a client may ignore it.
  uint32_t thread = 0;
  RunKind kind = RunKind::RUN_KIND_UNSPECIFIED;
  uint64_t entity = 0;
  int64_t now_ns = 0;
  // The input: a message, request or response as CDR; an event as JSON.
  std::string input;
  // A message's source and reception times, and the publisher's gid; a request's id.
  int64_t source_timestamp_ns = 0;
  int64_t received_timestamp_ns = 0;
  std::string publisher_gid;
  uint64_t request = 0;
  int64_t sequence = 0;
  // A timer's call: when it was due (rcl_timer_call_with_info's expected call time).
  int64_t expected_call_ns = 0;
  // A message: the publication and reception sequence numbers (MessageInfo).
  int64_t publication_sequence = 0;
  int64_t reception_sequence = 0;
  // RESPONSE: no response came in time (SendRequest.timeout_ms); `input` is empty.
  bool timed_out = false;
  ParameterHook parameter_hook = ParameterHook::PARAMETER_HOOK_UNSPECIFIED;
  // How many reads that do not block the client may make, waiting for its next message, before
  // one that blocks (0: block at once). Set only while each separate program can have a CPU of
  // its own: a process woken from a blocking read runs ~60-170 us late on a virtual machine, one
  // that reads on catches an answer at once, and an idle one blocks soon. A client may ignore it.
  uint32_t read_polls = 0;
  // How long the callback takes, as the job's execution_times: model it (ns of sim time; 0: no
  // time): its thread's CPU time grows by that much (CLOCK_THREAD_CPUTIME_ID, docs/cpp-process.md).
  int64_t execution_ns = 0;
};

// The callback ran (its promise continuations that could run, ran).
struct Done {
  uint64_t run = 0;
  // The callback threw (or its promise rejected) and nothing in the program handled it: what it
  // says (a client may leave `failed` unset when this is not empty).
  std::string error;
  // Continuations still wait on sim-time events (they come back as Run kind CONTINUATION).
  bool pending = false;
  // The first Done only (run 0): the program's code could not be loaded (a syntax error, a
  // module not found); `error` says why. The run ends as for bad input.
  bool load_failed = false;
  // What the callback returned that the simulation uses (Run kind PARAMETERS).
  std::string result;
  // The program wrote to its stdout or stderr since its last Done (as far as the client can
  // tell): the simulation reads that output out before it goes on, and skips the read otherwise.
  bool wrote_output = false;
  // The error is bad input the program met (an error of a Failed with input_error, or a
  // parameter override the program refused, in the error's chain of causes): the line that says
  // so, naming its source. The run ends as for bad input (exit code 2), with this line.
  std::string input_error;
  // Which code failed, when it was not this run's callback: a promise that an earlier callback
  // returned (that Run's kind, entity and sim time name the failure, as in-process) …
  RunKind failed_kind = RunKind::RUN_KIND_UNSPECIFIED;
  uint64_t failed_entity = 0;
  int64_t failed_at_ns = 0;
  // … or what failed, in the words of an in-process failure, when no callback of the simulation's
  // names it ("a promise of talker.js without a rejection handler", "a queueMicrotask callback of
  // talker.js"): the failure is told at the sim time of this Done.
  std::string failed_label;
  // process.exitCode as the program's code left it (JavaScript; set: it has a value). The
  // simulation's own follows each change, as an in-process program's write would: the run's exit
  // code unless the job's or a failure's decides.
  bool exit_code_set = false;
  int64_t exit_code = 0;
  // The program's code failed: set with every failure, since `error` may be empty (`throw ''`).
  bool failed = false;
  // A CONTINUATION of a Python client let one task go on, as each turn of rclpy's executor
  // generator yields one, and the snapshot of tasks the pass began with holds another that is
  // neither done nor executing: the executor's model yields the tasks again before it waits.
  bool more_tasks = false;
  // A Python client triggered its executor's guard condition (rclpy's create_task, a future's
  // done callback becoming a task, a coroutine callback finishing): the executor's wait returns,
  // and its generator's next pass begins with the tasks, as rclpy's does.
  bool woke = false;
};

// The program ends: exit code, as process.exit / sys.exit gave it. The socket closes after it.
struct Exit {
  int32_t code = 0;
  // The client ends the program itself (a thread busy-waiting on the clock, which sim time never
  // answers): what it did, as the one line about its end tells it after the program's name. The
  // program then ends as one that died does (exit code 3 with on_exit: fail), whatever `code`.
  std::string reason;
};

// The simulation ends the program: it is asked to stop (rclpy raises KeyboardInterrupt where
// it waits, rclpy.ok() turns false; its contexts stay valid until it shuts them down, as a
// run's end is no Ctrl-C), then its end hooks; the client answers Exit.
struct Shutdown {
  std::string reason;
};

// An error the simulation met in the client's request (a name that does not resolve, an
// unknown type, an operation on a destroyed entity): the client throws it where the call was.
struct Failed {
  std::string message;
  // The rclnodejs/rclpy exception kind to raise ("TypeError", "RangeError", "InvalidTopicNameException" …).
  std::string kind;
  // The request met bad input of the run (a parameter override, a params file, the program's ROS
  // arguments): when the error this raises ends the program, its Done says input_error.
  bool input_error = false;
};

struct BagOpen {
  // As the program gave it (StorageOptions.uri), relative to `cwd`, the program's directory.
  std::string uri;
  // 'mcap', 'sqlite3' or '' (a reader: what the bag is; a writer: mcap, rosbag2's default).
  std::string storage_id;
  std::string cwd;
  bool write = false;
  // A writer's StorageOptions.storage_preset_profile and storage_config_uri (relative to `cwd`),
  // as rosbag2's storage plugins read them ('' for none).
  std::string storage_preset_profile;
  std::string storage_config_uri;
};

// rosbag2_storage::StorageFilter.
struct BagFilter {
  std::vector<std::string> topics;
  std::string topics_regex;
  std::string regex_to_exclude;
  std::vector<std::string> exclude_topics;
};

// rosbag2_storage::TopicMetadata.
struct BagTopicInfo {
  std::string name;
  std::string type;
  std::string serialization_format;
  // rosbag2's YAML of the offered QoS profiles ('': none).
  std::string offered_qos_profiles;
  std::string type_description_hash;
};

struct BagWrite {
  std::string topic;
  int64_t recv_ns = 0;
  int64_t send_ns = 0;
  std::string data;
};

// A bag a program reads or writes itself (rosbag2_cpp's Reader and Writer): the simulation's own
// bag code (src/bag/) reads or writes it, and answers before the program goes on. A bag that
// cannot be opened, read or written is answered by Failed with rosbag2's text.
struct BagOp {
  // The bag, as its open's answer named it (0 for open).
  uint64_t bag = 0;
  // oneof op: open, read_next, set_filter, seek_ns, create_topic, write, close (at most one set).
  // Answered by Answer with `json` {"bag": <id>, "metadata": <rosbag2's BagMetadata>}.
  std::optional<BagOpen> open;
  // The next message (in receive-time order, through the filter): Answer with `json`
  // {"topic", "recv_ns", "send_ns"} and `cdr` its bytes; `json` empty after the last.
  std::optional<bool> read_next;
  std::optional<BagFilter> set_filter;
  // The next message read is the first received at or after this time (ns).
  std::optional<int64_t> seek_ns;
  std::optional<BagTopicInfo> create_topic;
  std::optional<BagWrite> write;
  // A writer's close finishes its files and metadata.yaml.
  std::optional<bool> close;
};

struct WorldJointsOpen {
  // The model ('': the world's one model with gz_ros2_control's plugin).
  std::string model;
  std::vector<std::string> joints;
};

struct WorldJointsWrite {
  // A velocity command a joint (rad/s or m/s), in the open's order; NaN: none (the joint is free).
  std::vector<double> velocities;
};

// A model's joints in the run's world, read and commanded by a program's ros2_control hardware
// (rclsim's gz_ros2_control/GazeboSimSystem), as gz_ros2_control's plugin exchanges them with
// Gazebo's physics: a read answers the state of the world's last step at or before now; a write
// gives each joint a velocity command, in force from the next step on until the next write.
struct WorldJointsOp {
  // The claim, as its open's answer named it (0 for open).
  uint64_t claim = 0;
  // oneof op: open, read, write (at most one set).
  // Answered by Answer with `json` {"claim": <id>, "model": <its name>}; a model without
  // gz_ros2_control's plugin or a joint it has not is a Failed with one line saying so.
  std::optional<WorldJointsOpen> open;
  // The joints' state now: Answer with `json` {"position": [...], "velocity": [...], "effort": [...]}.
  std::optional<bool> read;
  std::optional<WorldJointsWrite> write;
};

struct ToSimulation {
  // Set on questions (Create, GraphQuery, GetInterface, JobOp get_result): the answer carries it.
  uint64_t ask = 0;
  // oneof message: hello, create, destroy, publish, send_request, send_response, timer, trigger, log, graph, get_interface, job, wait, done, exit, context, spin, js_timer, js_timer_op, parameter, forget_request, await_event, entity, action, next_goal_id, logger, hold, assertion, turn, bag, world_joints (at most one set).
  std::optional<Hello> hello;
  std::optional<Create> create;
  std::optional<Destroy> destroy;
  std::optional<Publish> publish;
  std::optional<SendRequest> send_request;
  std::optional<SendResponse> send_response;
  std::optional<TimerOp> timer;
  std::optional<TriggerGuard> trigger;
  std::optional<Log> log;
  std::optional<GraphQuery> graph;
  std::optional<GetInterface> get_interface;
  std::optional<JobOp> job;
  std::optional<Wait> wait;
  std::optional<Done> done;
  std::optional<Exit> exit;
  std::optional<ContextOp> context;
  std::optional<Spin> spin;
  std::optional<JsTimer> js_timer;
  std::optional<JsTimerOp> js_timer_op;
  std::optional<ParameterOp> parameter;
  std::optional<ForgetRequest> forget_request;
  std::optional<Await> await_event;
  std::optional<EntityOp> entity;
  std::optional<ActionOp> action;
  std::optional<NextGoalId> next_goal_id;
  std::optional<LoggerOp> logger;
  std::optional<Hold> hold;
  std::optional<Assertion> assertion;
  std::optional<Turn> turn;
  std::optional<BagOp> bag;
  std::optional<WorldJointsOp> world_joints;
};

struct ToClient {
  // The question this answers (0: not an answer).
  uint64_t answers = 0;
  // oneof message: welcome, created, answer, failed, run, resume, shutdown (at most one set).
  std::optional<Welcome> welcome;
  std::optional<Created> created;
  std::optional<Answer> answer;
  std::optional<Failed> failed;
  std::optional<Run> run;
  std::optional<Resume> resume;
  std::optional<Shutdown> shutdown;
};

const char * name_of(EntityKind value);
const char * name_of(JsTimer_Kind value);
const char * name_of(ParameterRead_What value);
const char * name_of(ParameterHook value);
const char * name_of(Spin_How value);
const char * name_of(Assertion_Kind value);
const char * name_of(RunKind value);

void encode(const Hello & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Hello & out);
void encode(const InterfaceFolder & message, std::string & out);
bool decode(const uint8_t * data, size_t size, InterfaceFolder & out);
void encode(const Welcome & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Welcome & out);
void encode(const Create & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Create & out);
void encode(const EventHandler & message, std::string & out);
bool decode(const uint8_t * data, size_t size, EventHandler & out);
void encode(const Created & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Created & out);
void encode(const Destroy & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Destroy & out);
void encode(const Publish & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Publish & out);
void encode(const SendRequest & message, std::string & out);
bool decode(const uint8_t * data, size_t size, SendRequest & out);
void encode(const ForgetRequest & message, std::string & out);
bool decode(const uint8_t * data, size_t size, ForgetRequest & out);
void encode(const SendResponse & message, std::string & out);
bool decode(const uint8_t * data, size_t size, SendResponse & out);
void encode(const TimerOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, TimerOp & out);
void encode(const JsTimer & message, std::string & out);
bool decode(const uint8_t * data, size_t size, JsTimer & out);
void encode(const JsTimerOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, JsTimerOp & out);
void encode(const DeclareParameters & message, std::string & out);
bool decode(const uint8_t * data, size_t size, DeclareParameters & out);
void encode(const SetParameters & message, std::string & out);
bool decode(const uint8_t * data, size_t size, SetParameters & out);
void encode(const ParameterRead & message, std::string & out);
bool decode(const uint8_t * data, size_t size, ParameterRead & out);
void encode(const ParameterOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, ParameterOp & out);
void encode(const Arguments & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Arguments & out);
void encode(const ContextOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, ContextOp & out);
void encode(const Spin & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Spin & out);
void encode(const TriggerGuard & message, std::string & out);
bool decode(const uint8_t * data, size_t size, TriggerGuard & out);
void encode(const Hold & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Hold & out);
void encode(const Log & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Log & out);
void encode(const Assertion & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Assertion & out);
void encode(const GraphQuery & message, std::string & out);
bool decode(const uint8_t * data, size_t size, GraphQuery & out);
void encode(const Answer & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Answer & out);
void encode(const GetInterface & message, std::string & out);
bool decode(const uint8_t * data, size_t size, GetInterface & out);
void encode(const SetResult & message, std::string & out);
bool decode(const uint8_t * data, size_t size, SetResult & out);
void encode(const JobOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, JobOp & out);
void encode(const Await & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Await & out);
void encode(const EntityOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, EntityOp & out);
void encode(const AddAction & message, std::string & out);
bool decode(const uint8_t * data, size_t size, AddAction & out);
void encode(const ActionOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, ActionOp & out);
void encode(const NextGoalId & message, std::string & out);
bool decode(const uint8_t * data, size_t size, NextGoalId & out);
void encode(const LoggerOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, LoggerOp & out);
void encode(const Wait & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Wait & out);
void encode(const Resume & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Resume & out);
void encode(const Turn & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Turn & out);
void encode(const Run & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Run & out);
void encode(const Done & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Done & out);
void encode(const Exit & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Exit & out);
void encode(const Shutdown & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Shutdown & out);
void encode(const Failed & message, std::string & out);
bool decode(const uint8_t * data, size_t size, Failed & out);
void encode(const BagOpen & message, std::string & out);
bool decode(const uint8_t * data, size_t size, BagOpen & out);
void encode(const BagFilter & message, std::string & out);
bool decode(const uint8_t * data, size_t size, BagFilter & out);
void encode(const BagTopicInfo & message, std::string & out);
bool decode(const uint8_t * data, size_t size, BagTopicInfo & out);
void encode(const BagWrite & message, std::string & out);
bool decode(const uint8_t * data, size_t size, BagWrite & out);
void encode(const BagOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, BagOp & out);
void encode(const WorldJointsOpen & message, std::string & out);
bool decode(const uint8_t * data, size_t size, WorldJointsOpen & out);
void encode(const WorldJointsWrite & message, std::string & out);
bool decode(const uint8_t * data, size_t size, WorldJointsWrite & out);
void encode(const WorldJointsOp & message, std::string & out);
bool decode(const uint8_t * data, size_t size, WorldJointsOp & out);
void encode(const ToSimulation & message, std::string & out);
bool decode(const uint8_t * data, size_t size, ToSimulation & out);
void encode(const ToClient & message, std::string & out);
bool decode(const uint8_t * data, size_t size, ToClient & out);

// The in-process link's hot messages in their fixed layout (scripts/fixedLayout.mjs), little-endian:
// ToClient.run, ToSimulation.publish, ToSimulation.done. A body in it starts with 0, which no protobuf body does.
inline bool is_fixed(const uint8_t * data, size_t size) { return size >= 2 && data[0] == 0; }
// Appends the message as a frame in the fixed layout when its member has one (false: nothing appended).
bool append_fixed_frame(const ToSimulation & message, std::string & out);
// Replaces `out` with the body in the fixed layout; false when it is malformed or of a member without one.
bool decode_fixed(const uint8_t * data, size_t size, ToClient & out);

}  // namespace rclsim::node
