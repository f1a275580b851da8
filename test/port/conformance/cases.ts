import type { ClientName } from './runners.js';

export type CaseName = 'entities' | 'parameters' | 'graph' | 'job' | 'executor';

/**
 * One row of the conformance table: a small program per runner (test/fixtures/conformance/
 * <name><ext>, the same behaviour in each client's words) and what every cell of the row must
 * give. The expected trace and stdout of each client are files beside the programs
 * (expected/<name>.<client>.trace, .out); the port operations the row covers are listed in
 * test/port/clientConformance.test.ts.
 */
export interface Case {
  name: CaseName;
  /** What the programs do, and so what their traces must show. */
  about: string;
  /** Run through a job file (the runner's jobEntry) rather than `rclsim exec`: the case uses the job's operations. */
  job?: boolean;
  /** rclsim's --until (the programs end the run sooner). */
  until: string;
  /** The program's own arguments. */
  args?: readonly string[];
  /** The run's exit code (default 0). */
  exitCode?: number;
  /** The run's fingerprint through each client (a client's runners all give it). */
  fingerprint: Partial<Record<ClientName, string>>;
  /**
   * Port operations of the row that a runner's program does not reach through the port, and why
   * (the client has no such API, or does that part in its own process). Reaching one listed here
   * fails too: the list stays true.
   */
  unreached?: Readonly<Record<string, { ops: readonly string[]; why: string }>>;
  /** Runners that do not run the case yet, and why (the cell is skipped, saying so). */
  notYet?: Readonly<Record<string, string>>;
  /** Where the clients' traces and outputs differ, and why (the same callbacks otherwise). */
  differs?: string;
}

/** What the C++ client does not reach through the port, in rclsim's process and in one of its own alike (the same client). */
function bothCppPlacements(unreached: { ops: readonly string[]; why: string }): Record<string, { ops: readonly string[]; why: string }> {
  return { rclcpp: unreached, 'rclcpp separate': unreached };
}

/** The parameter operations a client that keeps a node's parameters in the program (rclpy, rclcpp) never asks the port. */
const PARAMETERS_IN_THE_PROGRAM = [
  'declareParameters',
  'getParameter',
  'getParameters',
  'setParameters',
  'undeclareParameter',
  'hasParameter',
  'parameterNames',
  'hasParameterDescriptor',
  'parameterDescriptors',
  'hookParameters',
];

const PARAMETER_EVENTS = 'the /parameter_events records differ where the libraries do: rclpy declares use_sim_time false (rclnodejs true)';

export const CASES: readonly Case[] = [
  {
    name: 'entities',
    about:
      'publisher and subscription with QoS event callbacks (matched, liveliness), their counts, a content filter set then cleared; a timer read, re-periodized, canceled and reset; a service with introspection and its client (callback, async, a wait for an absent service that times out, an aborted request, a request that times out); a guard condition; an action goal; entities and the node destroyed',
    until: '2s',
    fingerprint: { rclnodejs: '01c55628b8a51c35', rclpy: 'cf70351c844435a2', rclcpp: '8df9a71a2e83836d' },
    unreached: {
      'rclnodejs in-process': {
        ops: ['publish'],
        why: "an in-process publisher hands its messages to the simulation's publisher itself (the sink createPublisher gives it), with no lookup of the publisher by id per message",
      },
      'rclnodejs separate': { ops: ['defaultMessage'], why: "the client's own codec makes a response's template in the program's process" },
      rclpy: {
        ops: [
          'nodeEntities',
          'defaultMessage',
          'nextGoalId',
          'entityOp:waitForAllAcked',
          'entityOp:gid',
          'entityOp:setContentFilter',
          'entityOp:clearContentFilter',
          'entityOp:qosProfile',
          'entityOp:nextCallTime',
          'entityOp:callTimerWithInfo',
          'entityOp:takeData',
        ],
        why: "rclpy has no API for them (content filters, a timer's call with info, an event handler's takeData, a publisher's gid, a service's options), keeps its node's entity lists itself, makes messages and goal ids in the program (uuid4 from the program's seeded stream) and answers wait_for_all_acked without asking (every simulated delivery is acknowledged)",
      },
      ...bothCppPlacements({
        ops: [
          'nodeEntities',
          'defaultMessage',
          'createGuardCondition',
          'triggerGuard',
          'entityOp:setContentFilter',
          'entityOp:qosProfile',
          'entityOp:nextCallTime',
          'entityOp:callTimerWithInfo',
          'entityOp:changeTimerPeriod',
          'entityOp:takeData',
        ],
        why: "rclcpp gives a content filter in the subscription's options (its Create carries it; the program then clears it), keeps its node's entity lists in its callback groups, makes messages from the generated headers, and its guard conditions and wait sets in the program; the QoS it reports is what it asked for as rmw resolves it, a timer's next call comes with its state, an event's data with the event's run; Jazzy's TimerBase has no call with info and no change of period",
      }),
    },
    differs:
      "rclpy has no content filter, so its subscription also hears 'dropped'; its QoS event callbacks run as callbacks after the program's top-level code (trace: two `event` lines at 0) where rclnodejs's takeData runs them at once; it has no callTimerWithInfo, whose call of the 700 ms tick moves rclnodejs's later ticks 100 ms on (800, 1000 ms against 700, 900 ms); the action server publishes its goal statuses in another order; rclcpp filters as rclnodejs does (no 'dropped'), prints the response publisher's QoS depth and a gid of 16 bytes, triggers its guard condition inside the program (no trace line; its wait set wakes before the 200 ms message is heard), publishes the service's events (introspection, METADATA) and cannot change a timer's period (Jazzy has no such call), so its ticks stay 100 ms apart; " +
      PARAMETER_EVENTS,
  },
  {
    name: 'parameters',
    about:
      'parameters declared with a range and descriptors under an override from --ros-args; a set out of range refused, a pre-set callback rewriting a value, an on-set callback refusing an atomic set, a post-set callback told; undeclare; a second node reading, setting and listing them through the parameter services and hearing /parameter_events',
    until: '2s',
    args: ['--ros-args', '-p', 'tuned:rate:=3'],
    fingerprint: { rclnodejs: 'bafa600c80e54569', rclpy: '19b8281ea040adca', rclcpp: '39346b1eb63e2d22' },
    unreached: {
      rclpy: {
        ops: PARAMETERS_IN_THE_PROGRAM,
        why: "rclpy keeps a node's parameters in the program, as rclpy does (python.md): it asks the port only for the overrides, and publishes /parameter_events and serves the parameter services itself",
      },
      ...bothCppPlacements({
        ops: PARAMETERS_IN_THE_PROGRAM,
        why: "rclcpp keeps a node's parameters in its NodeParameters, in the program, as rclpy does: the C++ client asks the port only for the overrides, and publishes /parameter_events and serves the parameter services itself",
      }),
    },
    differs:
      "rclpy publishes one parameter event per declared parameter (rclnodejs one for the declareParameters call) and none for an undeclared one, has no getParameterOverrides (no 'overrides' line), and refuses an out-of-range value in its own words; " +
      "rclcpp likewise publishes an event per parameter, declares use_sim_time false and the four read-only qos_overrides./parameter_events.publisher.* parameters (NodeOptions' default QosOverridingOptions), lists names sorted (its parameters are a std::map), undeclares only a dynamically typed parameter (so the program declares 'spare' so), says 'Parameter {rate} doesn't comply with integer range.' (rclcpp/src/rclcpp/node_interfaces/node_parameters.cpp, format_range_reason), has no start_type_description_service parameter in the client yet, and chains the remote calls through their callbacks (no coroutines); " +
      PARAMETER_EVENTS,
  },
  {
    name: 'graph',
    about:
      'node names, namespaces and enclaves, topics and services with types, endpoints by node and by topic, counts of publishers, subscribers, services, clients and action servers and clients, resolved names; again after the peer node is destroyed',
    until: '1s',
    fingerprint: { rclnodejs: '3545dacfbd47a735', rclpy: 'd0e72b0b856bb96e', rclcpp: '767dee166947710d' },
    unreached: {
      rclpy: {
        ops: ['queryGraph:countActionClients', 'queryGraph:countActionServers', 'queryGraph:isSpinning'],
        why: 'rclpy has no such functions: its action graph functions list names and types by node (queried as such), and a node does not say whether it spins',
      },
      ...bothCppPlacements({
        ops: ['queryGraph:getNodeNames', 'queryGraph:countActionClients', 'queryGraph:countActionServers', 'queryGraph:isSpinning'],
        why: "rclcpp's get_node_names makes fully qualified names from the names and namespaces (rcl_get_node_names answers both), rclcpp_action has no graph functions (the program counts the send_goal service's servers and clients), and a node does not say whether it spins",
      }),
    },
    differs:
      "a query by the name of a node that left raises NodeNameNonExistentError in rclpy (rcl's error) where rclnodejs answers an empty list, and rclcpp::exceptions::RCLError in rclcpp (throw_from_rcl_error maps RCL_RET_NODE_NAME_NON_EXISTENT to no class of its own: rclcpp/src/rclcpp/exceptions/exceptions.cpp); rclpy and rclcpp print no 'spinning' lines; rclcpp's get_node_names lists fully qualified names (/ns/watcher), its maps sort names, and its peer goes by dropping the last reference (the watcher is not destroyed before shutdown: rclcpp::spin holds it); rclcpp publishes a parameter event per parameter, with the qos_overrides./parameter_events.publisher.* ones; " +
      PARAMETER_EVENTS,
  },
  {
    name: 'job',
    about:
      "results set and read back, an end hook that reads and sets them, the job finished with exit code 5 on the third tick; log records below and above their level, a child logger on /rosout; always, sometimes and reachable assertions; in C++ the run's start proposed (rslcpp::run_job's)",
    job: true,
    until: '2s',
    exitCode: 5,
    fingerprint: { rclnodejs: 'a063c20fe652e5ea', rclpy: '04ae9692b3de2574', rclcpp: 'a43087a3c854550f' },
    unreached: {
      'rclnodejs in-process': {
        ops: ['finishJob', 'setResult', 'getResult', 'onEnd', 'proposeStartTime'],
        why: "an in-process component's factory gets the job's own JobHandle, not the port; only the C++ client proposes a start (rslcpp::run_job's initial time)",
      },
      'rclnodejs separate': { ops: ['proposeStartTime'], why: "only the C++ client proposes a start (rslcpp::run_job's initial time)" },
      rclpy: {
        ops: ['removeSublogger', 'proposeStartTime'],
        why: "rclpy cannot destroy a child logger; only the C++ client proposes a start (rslcpp::run_job's initial time)",
      },
    },
    differs: `the /rosout records name each program's own function, file and line; rclcpp's log macros return nothing (its 'logged' lines give levels alone) and it publishes a parameter event per parameter, with the qos_overrides./parameter_events.publisher.* ones; ${PARAMETER_EVENTS}`,
  },
  {
    name: 'executor',
    about:
      'a node spun by the program, a node of a second context run only when stepped by spin once (at 120 and 240 ms), a first callback of the program (setImmediate, an rclpy task, an rclcpp 0 ms timer that cancels itself), a wait for a message, a rate, a sleep; in rclpy and rclcpp then a pool of two threads (MultiThreadedExecutor) where two callbacks of a mutually exclusive group take turns while a reentrant one runs beside the first; the second context and then the default one shut down, exit 0',
    until: '2s',
    fingerprint: { rclnodejs: 'c23984c7641a0c81', rclpy: '4e6c57693e1720af', rclcpp: 'c6ae54436900a1c6' },
    unreached: {
      'rclnodejs in-process': {
        ops: ['startJsTimer', 'jsTimer', 'exit', 'hold'],
        why: "an in-process program's setTimeout & co. and process.exit are the simulation's virtual globals, which call the simulation directly; rclnodejs has no executor of its own to hold callbacks",
      },
      'rclnodejs separate': {
        ops: ['resume', 'hold'],
        why: 'a separate program runs its promise continuations in its own process and says so in Done (pending); rclnodejs has no executor of its own to hold callbacks',
      },
      rclpy: {
        ops: ['defaultContext', 'contextState', 'resume', 'startJsTimer', 'jsTimer'],
        why: "rclpy keeps its contexts' state and its default context in the program, runs its coroutines as its executor's tasks, and has no JavaScript timers",
      },
      ...bothCppPlacements({
        ops: ['defaultContext', 'contextState', 'resume', 'startJsTimer', 'jsTimer'],
        why: "rclcpp keeps its contexts' state in the program and makes its default context as any other, and has no coroutines and no JavaScript timers",
      }),
    },
    differs:
      "rclpy's program steps the second context from a timer of the spinning node (rclnodejs: setInterval) and starts with an executor task (rclnodejs: setImmediate, then a refreshed setTimeout); once spin_until_future_complete returns, nothing spins the node while the main thread waits on the rate and the sleep, as in rclpy, so the 240 ms step that rclnodejs runs (its spin never blocks) does not come and the 300 ms tick comes late, at 330 ms, when the pool spins (rcl runs a timer overdue once); the pool's part has no rclnodejs counterpart (rclnodejs has no executors or callback groups); " +
      "rclcpp has no tasks: its first callback is a 0 ms timer (a `timer` line at 0 where rclpy has `tasks`), which also prints the call's expected time; its Rate sleeps where rclpy's is a timer of the node (rclpy's timer lines at 330, 350 and 400 ms that print nothing); the step timer canceled at 330 ms with its 240 ms call held does not run, as in rclpy (rclcpp calls a timer when its executor takes it and skips it once canceled: GenericTimer::call answers null for RCL_RET_TIMER_CANCELED and Executor::get_next_ready_executable passes it over); at 400 ms, once both of the pool's threads are free, rclcpp takes exclusive b, which it passed over at 380 ms for its busy group and left in that wait result (get_next_ready_executable clears a timer from it only once it takes it), before it waits again and takes the 400 ms tick, where rclpy waits again first and takes the tick first (its node's timers in creation order); within a kind rclcpp's wait set lists entities in the order of unordered maps keyed by handle addresses (executors/executor_entities_collection.hpp), here by creation, as rclpy's lists; " +
      PARAMETER_EVENTS,
  },
];
