#!/usr/bin/env node
// The C++ programs of ros2/examples (rclcpp/) and ros2/demos, Jazzy, built unchanged with
// `rclsim build` in a scratch folder and run under rclsim: each run's output is compared with the
// lines real ROS 2 prints (docs/cpp-packages.md, "ros2/examples and ros2/demos"). Not part of
// npm test: it needs the two repositories and several minutes.
//
//   node scripts/upstreamCpp.mjs [--examples REPO] [--demos REPO] [--scratch DIR] [--only PKG,…] [--runs-only]
//
// Prints a table per package (built / ran right / excluded, with the reason) and exits 1 when a
// package that should build did not, or a run did not give the expected lines.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const RCLSIM = join(ROOT, 'dist/src/cli/main.js');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : process.argv[at + 1];
}
const EXAMPLES = option('--examples', '/work/.mirror/ros2+examples/repo');
const DEMOS = option('--demos', '/work/.mirror/ros2+demos/repo');
const SCRATCH = resolve(option('--scratch', '/tmp/rclsim-upstream-cpp'));
const ONLY = option('--only', '')?.split(',').filter(Boolean) ?? [];
/** --runs-only: run what an earlier call built in the scratch folder (no extract, no build). */
const RUNS_ONLY = process.argv.includes('--runs-only');
const BRANCH = 'jazzy';

// ---- The packages: where each lies, and why a package is not built at all.
// `owner`: another feature's package (its runs are listed there); built here all the same.
const PACKAGES = [
  { repo: EXAMPLES, path: 'rclcpp/topics/minimal_publisher', name: 'examples_rclcpp_minimal_publisher' },
  { repo: EXAMPLES, path: 'rclcpp/topics/minimal_subscriber', name: 'examples_rclcpp_minimal_subscriber' },
  { repo: EXAMPLES, path: 'rclcpp/timers/minimal_timer', name: 'examples_rclcpp_minimal_timer' },
  { repo: EXAMPLES, path: 'rclcpp/services/minimal_service', name: 'examples_rclcpp_minimal_service' },
  { repo: EXAMPLES, path: 'rclcpp/services/minimal_client', name: 'examples_rclcpp_minimal_client' },
  { repo: EXAMPLES, path: 'rclcpp/services/async_client', name: 'examples_rclcpp_async_client' },
  { repo: EXAMPLES, path: 'rclcpp/composition/minimal_composition', name: 'examples_rclcpp_minimal_composition' },
  { repo: EXAMPLES, path: 'rclcpp/executors/multithreaded_executor', name: 'examples_rclcpp_multithreaded_executor' },
  { repo: EXAMPLES, path: 'rclcpp/executors/cbg_executor', name: 'examples_rclcpp_cbg_executor' },
  { repo: EXAMPLES, path: 'rclcpp/actions/minimal_action_server', name: 'examples_rclcpp_minimal_action_server' },
  { repo: EXAMPLES, path: 'rclcpp/actions/minimal_action_client', name: 'examples_rclcpp_minimal_action_client' },
  { repo: EXAMPLES, path: 'rclcpp/wait_set', name: 'examples_rclcpp_wait_set', owner: 'wait sets' },
  { repo: DEMOS, path: 'demo_nodes_cpp', name: 'demo_nodes_cpp' },
  { repo: DEMOS, path: 'composition', name: 'composition' },
  { repo: DEMOS, path: 'action_tutorials/action_tutorials_interfaces', name: 'action_tutorials_interfaces' },
  { repo: DEMOS, path: 'action_tutorials/action_tutorials_cpp', name: 'action_tutorials_cpp' },
  { repo: DEMOS, path: 'dummy_robot/dummy_map_server', name: 'dummy_map_server' },
  { repo: DEMOS, path: 'dummy_robot/dummy_sensors', name: 'dummy_sensors' },
  { repo: DEMOS, path: 'dummy_robot/dummy_robot_bringup', name: 'dummy_robot_bringup' },
  { repo: DEMOS, path: 'logging_demo', name: 'logging_demo' },
  { repo: DEMOS, path: 'pendulum_msgs', name: 'pendulum_msgs' },
  { repo: DEMOS, path: 'lifecycle', name: 'lifecycle', owner: 'lifecycle' },
  { repo: DEMOS, path: 'quality_of_service_demo/rclcpp', name: 'quality_of_service_demo_cpp', owner: 'QoS events' },
  { repo: DEMOS, path: 'topic_statistics_demo', name: 'topic_statistics_demo', owner: 'QoS events' },
  // OpenCV's (Debian's libopencv-dev): their CMakeLists find it REQUIRED.
  { repo: DEMOS, path: 'intra_process_demo', name: 'intra_process_demo' },
  { repo: DEMOS, path: 'image_tools', name: 'image_tools' },
  {
    repo: DEMOS,
    path: 'pendulum_control',
    name: 'pendulum_control',
    exclude: "ros2/realtime_support's rttest and tlsf_cpp and ros2/tlsf beside it, which this script does not fetch (built and run by hand: docs/cpp.md)",
  },
  { repo: DEMOS, path: 'demo_nodes_cpp_native', name: 'demo_nodes_cpp_native', exclude: "a DDS vendor's API (rmw_fastrtps_cpp)" },
];

// ---- The runs: a program (with the peers it needs) for a sim time, and the lines real ROS 2
// prints, in order: a string is a line's text after the logger's `]: ` (or the whole line), a
// RegExp is matched against the line. `file:` takes the expectations from the package's own
// launch-test files (test/<exe>.txt lines, test/<exe>.regex lines), which real ROS 2 passes.
const hello = (from, to, text = (n) => `Publishing: 'Hello, world! ${n}'`) => Array.from({ length: to - from + 1 }, (_, i) => text(from + i));
const RUNS = [
  // examples: topics
  { pkg: 'examples_rclcpp_minimal_publisher', exe: 'publisher_lambda', until: '2.1s', expect: hello(0, 3) },
  { pkg: 'examples_rclcpp_minimal_publisher', exe: 'publisher_member_function', until: '2.1s', expect: hello(0, 3) },
  { pkg: 'examples_rclcpp_minimal_publisher', exe: 'publisher_not_composable', until: '2.1s', expect: hello(0, 3) },
  { pkg: 'examples_rclcpp_minimal_publisher', exe: 'publisher_member_function_with_type_adapter', until: '2.1s', expect: hello(0, 3) },
  { pkg: 'examples_rclcpp_minimal_publisher', exe: 'publisher_wait_for_all_acked', until: '2.1s', expect: hello(0, 3) },
  {
    pkg: 'examples_rclcpp_minimal_publisher',
    exe: 'publisher_member_function_with_unique_network_flow_endpoints',
    exclude: "prints the DDS transport's addresses and ports (rmw network flow endpoints)",
  },
  ...['subscriber_lambda', 'subscriber_member_function', 'subscriber_not_composable', 'subscriber_member_function_with_type_adapter'].map((exe) => ({
    pkg: 'examples_rclcpp_minimal_subscriber',
    exe,
    peers: [{ pkg: 'examples_rclcpp_minimal_publisher', exe: 'publisher_member_function' }],
    until: '2.1s',
    expect: hello(0, 3).flatMap((line) => [line, line.replace('Publishing', 'I heard')]),
  })),
  {
    pkg: 'examples_rclcpp_minimal_subscriber',
    exe: 'subscriber_content_filtering',
    peers: [{ pkg: 'examples_rclcpp_minimal_publisher', exe: 'publisher_member_function' }],
    until: '5.6s',
    // Its filter lets 'Hello, world! 10' through first (count_ starts at 10), then the next tenth.
    expect: [
      'Content filtering expression and parameter are "data = %0" and "\'Hello, world! 10\'"',
      "I heard: 'Hello, world! 10'",
      'Content filtering expression and parameter are "data = %0" and "\'Hello, world! 20\'"',
    ],
  },
  {
    pkg: 'examples_rclcpp_minimal_subscriber',
    exe: 'subscriber_member_function_with_unique_network_flow_endpoints',
    exclude: "prints the DDS transport's addresses and ports (rmw network flow endpoints)",
  },
  { pkg: 'examples_rclcpp_minimal_subscriber', exe: 'subscriber_member_function_with_topic_statistics', owner: 'QoS events' },
  { pkg: 'examples_rclcpp_minimal_subscriber', exe: 'wait_set_subscriber', owner: 'wait sets' },
  { pkg: 'examples_rclcpp_minimal_subscriber', exe: 'static_wait_set_subscriber', owner: 'wait sets' },
  { pkg: 'examples_rclcpp_minimal_subscriber', exe: 'time_triggered_wait_set_subscriber', owner: 'wait sets' },
  // examples: timers, services, composition, executors, actions
  { pkg: 'examples_rclcpp_minimal_timer', exe: 'timer_lambda', until: '2.1s', expect: ['Hello, world!', 'Hello, world!', 'Hello, world!', 'Hello, world!'] },
  {
    pkg: 'examples_rclcpp_minimal_timer',
    exe: 'timer_member_function',
    until: '2.1s',
    expect: ['Hello, world!', 'Hello, world!', 'Hello, world!', 'Hello, world!'],
  },
  {
    pkg: 'examples_rclcpp_minimal_client',
    exe: 'client_main',
    peers: [{ pkg: 'examples_rclcpp_minimal_service', exe: 'service_main' }],
    until: '2s',
    expect: ['request: 41 + 1', 'result of 41 + 1 = 42'],
  },
  { pkg: 'examples_rclcpp_async_client', exe: 'client_main', exclude: 'reads the numbers to add from a terminal' },
  {
    pkg: 'examples_rclcpp_minimal_composition',
    exe: 'composition_composed',
    until: '1.6s',
    expect: ["Publisher: 'Hello, world! 0'", "Subscriber: 'Hello, world! 0'", "Publisher: 'Hello, world! 1'", "Subscriber: 'Hello, world! 1'"],
  },
  {
    pkg: 'examples_rclcpp_minimal_composition',
    exe: 'composition_subscriber',
    peers: [{ pkg: 'examples_rclcpp_minimal_composition', exe: 'composition_publisher' }],
    until: '1.6s',
    expect: ["Publisher: 'Hello, world! 0'", "Subscriber: 'Hello, world! 0'", "Publisher: 'Hello, world! 1'", "Subscriber: 'Hello, world! 1'"],
  },
  {
    pkg: 'examples_rclcpp_multithreaded_executor',
    exe: 'multithreaded_executor',
    until: '1.1s',
    expect: [/^<<THREAD \d+>> Publishing 'Hello World! 0'$/, /THREAD \d+ => Heard 'Hello World! 0' at /, /THREAD \d+ => Heard 'Hello World! 0' at /],
  },
  // cbg_executor: the pong node busy-waits on its thread's CPU clock (burn_cpu_cycles), which
  // reads the modeled execution time (docs/cpp-process.md): the busy-wait ends at once, every ping
  // is answered in no sim time, and the statistics are the model's, not a loaded CPU's.
  {
    pkg: 'examples_rclcpp_cbg_executor',
    exe: 'ping_pong',
    until: '11s',
    expect: [
      'Running experiment from now on for 10 seconds ...',
      /Both paths: Sent out \d+ of configured 1000 pings/,
      /High prio path: Received \d+ pongs/,
      /Low prio path: Received \d+ pongs/,
      /High priority executor thread ran for \d+ms\./,
      /Low priority executor thread ran for \d+ms\./,
    ],
  },
  {
    pkg: 'examples_rclcpp_cbg_executor',
    exe: 'pong',
    peers: [{ pkg: 'examples_rclcpp_cbg_executor', exe: 'ping' }],
    until: '11s',
    expect: [
      'Running experiment from now on for 10 seconds ...',
      /Both paths: Sent out \d+ of configured 1000 pings/,
      /High priority executor thread ran for \d+ms\./,
      /Low priority executor thread ran for \d+ms\./,
    ],
  },
  ...['action_client_member_functions', 'action_client_not_composable', 'action_client_not_composable_with_feedback'].map((exe) => ({
    pkg: 'examples_rclcpp_minimal_action_client',
    exe,
    peers: [{ pkg: 'examples_rclcpp_minimal_action_server', exe: 'action_server_member_functions' }],
    until: '12s',
    expect: ['Received goal request with order 10', 'Executing goal', 'Publish Feedback', 'Goal Succeeded', /: 55( |$)/],
  })),
  {
    pkg: 'examples_rclcpp_minimal_action_client',
    exe: 'action_client_not_composable_with_cancel',
    peers: [{ pkg: 'examples_rclcpp_minimal_action_server', exe: 'action_server_not_composable' }],
    until: '12s',
    expect: ['Sending goal', 'Got goal request with order 10', 'canceling goal', 'Got request to cancel goal', 'goal is being canceled', 'Goal was canceled'],
    // It ends as upstream's does: a canceled goal is its error, exit 1.
    exit: 1,
  },
  // demos: demo_nodes_cpp (expectations: its own launch tests' files)
  { pkg: 'demo_nodes_cpp', exe: 'talker', until: '3.5s', file: 'talker.txt' },
  { pkg: 'demo_nodes_cpp', exe: 'listener', peers: [{ pkg: 'demo_nodes_cpp', exe: 'talker' }], until: '3.5s', file: 'listener.regex' },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'listener_best_effort',
    peers: [{ pkg: 'demo_nodes_cpp', exe: 'talker' }],
    until: '3.5s',
    expect: ['I heard: [Hello World: 1]', 'I heard: [Hello World: 2]'],
  },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'talker_loaned_message',
    until: '2.5s',
    expect: ["Currently used middleware can't loan messages. Local allocator will be used.", "Publishing: '1.000000'", "Publishing: 'Hello World: 1'"],
  },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'add_two_ints_client',
    peers: [{ pkg: 'demo_nodes_cpp', exe: 'add_two_ints_server', args: ['--ros-args', '-p', 'one_shot:=True'] }],
    until: '3s',
    files: ['add_two_ints_server.txt', 'add_two_ints_client.txt'],
  },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'add_two_ints_client_async',
    peers: [{ pkg: 'demo_nodes_cpp', exe: 'add_two_ints_server', args: ['--ros-args', '-p', 'one_shot:=True'] }],
    until: '3s',
    files: ['add_two_ints_server.txt', 'add_two_ints_client_async.txt'],
  },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'introspection_client',
    peers: [{ pkg: 'demo_nodes_cpp', exe: 'introspection_service' }],
    until: '3s',
    expect: ['Incoming request', 'a: 2 b: 3', 'Result of add_two_ints: 5'],
  },
  ...['list_parameters', 'list_parameters_async', 'parameter_events', 'parameter_events_async', 'set_and_get_parameters', 'set_and_get_parameters_async'].map(
    (exe) => ({ pkg: 'demo_nodes_cpp', exe, until: '5s', file: `${exe}.txt` }),
  ),
  { pkg: 'demo_nodes_cpp', exe: 'use_logger_service', until: '5s', file: 'use_logger_service.txt' },
  { pkg: 'demo_nodes_cpp', exe: 'matched_event_detect', until: '5s', file: 'matched_event_detect.txt' },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'content_filtering_subscriber',
    peers: [{ pkg: 'demo_nodes_cpp', exe: 'content_filtering_publisher', args: ['--ros-args', '-p', 'publish_ms:=100'] }],
    until: '3s',
    files: ['content_filtering_publisher.txt', 'content_filtering_subscriber-rmw_fastrtps_cpp.txt'],
  },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'one_off_timer',
    until: '6s',
    expect: ['in periodic_timer callback', '  resetting one off timer', 'in one_off_timer callback'],
  },
  { pkg: 'demo_nodes_cpp', exe: 'reuse_timer', until: '6s', expect: ['in periodic_timer callback', 'in one_off_timer callback'] },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'even_parameters_node',
    until: '1s',
    expect: ['This example node shows a parameter callback that rejects', 'successfully set a parameter.'],
  },
  { pkg: 'demo_nodes_cpp', exe: 'parameter_blackboard', until: '1s', expect: [] },
  {
    pkg: 'demo_nodes_cpp',
    exe: 'set_parameters_callback',
    until: '1s',
    expect: ['This node demonstrates the use of parameter callbacks.', "The 2nd command will set 'param1' to 3.0 and 'param2' to 4.0."],
  },
  { pkg: 'demo_nodes_cpp', exe: 'parameter_event_handler', until: '3s', expect: ['This demo is monitoring for the following parameter changes:'] },
  { pkg: 'demo_nodes_cpp', exe: 'allocator_tutorial', exclude: "prints how many allocations rclcpp's and the middleware's internals made" },
  { pkg: 'demo_nodes_cpp', exe: 'talker_serialized_message', owner: 'QoS events (rclcpp::Serialization)' },
  { pkg: 'demo_nodes_cpp', exe: 'listener_serialized_message', owner: 'QoS events (rclcpp::Serialization)' },
  // demos: composition, action tutorials, dummy robot, logging
  { pkg: 'composition', exe: 'manual_composition', until: '3.5s', file: 'composition_all.regex' },
  { pkg: 'composition', exe: 'linktime_composition', until: '3.5s', file: 'composition_all.regex' },
  {
    pkg: 'composition',
    exe: 'dlopen_composition',
    argsOf: (install) => ['talker_component', 'listener_component'].map((lib) => join(install, `lib/lib${lib}.so`)),
    until: '3.5s',
    file: 'composition_pubsub.regex',
  },
  {
    pkg: 'action_tutorials_cpp',
    exe: 'fibonacci_action_client',
    peers: [{ pkg: 'action_tutorials_cpp', exe: 'fibonacci_action_server' }],
    until: '12s',
    expect: [
      'Sending goal',
      'Received goal request with order 10',
      'Goal accepted by server, waiting for result',
      /Next number in sequence received: 0 1 1 2 /,
      /Result received: 0 1 1 2 3 5 8 13 21 34 55 $/,
    ],
  },
  { pkg: 'dummy_map_server', exe: 'dummy_map_server', until: '1.1s', expect: [] },
  { pkg: 'dummy_sensors', exe: 'dummy_laser', until: '1s', expect: ['angle inc:\t0.004363', 'scan size:\t1081', 'scan time increment: \t0.000000'] },
  { pkg: 'dummy_sensors', exe: 'dummy_joint_states', until: '1s', expect: [] },
  { pkg: 'logging_demo', exe: 'logging_demo_main', until: '2.5s', file: 'logging_demo_main_default_severity.txt' },
  // demos: OpenCV's, headless as their launch tests run them (burger_mode, no window)
  {
    pkg: 'image_tools',
    exe: 'showimage',
    args: ['--ros-args', '-p', 'reliability:=reliable', '-p', 'show_image:=false'],
    peers: [
      {
        pkg: 'image_tools',
        exe: 'cam2image',
        args: ['--ros-args', '-p', 'reliability:=reliable', '-p', 'show_camera:=false', '-p', 'burger_mode:=true', '-p', 'frequency:=5.0'],
      },
    ],
    until: '1.1s',
    files: ['cam2image.txt', 'showimage.regex'],
  },
  { pkg: 'image_tools', exe: 'cam2image', exclude: 'a camera (/dev/video0) unless burger_mode:=true, which the showimage run uses' },
  { pkg: 'intra_process_demo', exe: 'two_node_pipeline', until: '2.5s', file: 'two_node_pipeline.regex' },
  { pkg: 'intra_process_demo', exe: 'cyclic_pipeline', until: '3.5s', file: 'cyclic_pipeline.regex' },
  ...['image_pipeline_all_in_one', 'image_pipeline_with_two_image_view', 'camera_node', 'watermark_node', 'image_view_node'].map((exe) => ({
    pkg: 'intra_process_demo',
    exe,
    exclude: 'a camera (cv::VideoCapture of /dev/video0; the pipelines start at camera_node) and a display (cv::imshow)',
  })),
];

// ---- The steps.
function extract() {
  rmSync(SCRATCH, { recursive: true, force: true });
  const src = join(SCRATCH, 'src');
  mkdirSync(src, { recursive: true });
  for (const pkg of PACKAGES) {
    if (pkg.exclude) continue;
    const archive = execFileSync('git', ['-C', pkg.repo, 'archive', BRANCH, pkg.path], { maxBuffer: 1 << 28 });
    execFileSync('tar', ['-x', '-C', src], { input: archive });
  }
}

/** `rclsim build`; a package that fails is set aside (COLCON_IGNORE) and the rest built again. */
function build() {
  const failed = new Map();
  for (;;) {
    const result = spawnSync(process.execPath, [RCLSIM, 'build'], { cwd: SCRATCH, encoding: 'utf8', maxBuffer: 1 << 28 });
    writeFileSync(join(SCRATCH, 'build.log'), `${result.stdout}\n${result.stderr}`, { flag: 'a' });
    if (result.status === 0) return failed;
    const line = /rclsim: package (\S+) \((\S+)\) did not build[^\n]*/.exec(result.stderr);
    if (!line) throw new Error(`rclsim build failed:\n${result.stderr.slice(-4000)}`);
    const errors = `${result.stdout}\n${result.stderr}`.split('\n').filter((l) => /error:|CMake Error/.test(l));
    failed.set(line[1], errors[0]?.trim() ?? line[0]);
    writeFileSync(join(SCRATCH, line[2], 'COLCON_IGNORE'), '');
  }
}

/** The packages an earlier build set aside (their COLCON_IGNORE), for --runs-only. */
function ignored() {
  const failed = new Map();
  for (const pkg of PACKAGES) {
    if (!pkg.exclude && existsSync(join(SCRATCH, 'src', pkg.path, 'COLCON_IGNORE'))) failed.set(pkg.name, 'did not build (earlier run)');
  }
  return failed;
}

/**
 * The lines a run must print, as sequences each met in order on its own: one per launch-test
 * file (each is one program's output, and two programs' lines interleave), else `expect`.
 */
function expectations(run, pkgPath) {
  const files = run.files ?? (run.file ? [run.file] : []);
  if (!files.length) return [run.expect];
  return files.map((file) => {
    const text = readFileSync(join(SCRATCH, 'src', pkgPath, 'test', file), 'utf8');
    const lines = text
      .split('\n')
      .map((l) => l.replace(/\r$/, ''))
      .filter((l) => l.trim() !== '');
    return file.endsWith('.regex') ? lines.map((l) => new RegExp(l.split('(\\n.*)*')[0])) : lines;
  });
}

/** A line as a wanted one: a RegExp matches it, a string is its text after the logger's `]: `. */
function meets(line, want) {
  if (want instanceof RegExp) return want.test(line);
  const text = line.replace(/^\[[A-Z]+\] \[[^\]]*\] \[[^\]]*\]: /, '');
  // A launch test's file may hold the whole line in the format `[{severity}] [{name}]: {message}`.
  const withoutStamp = line.replace(/^(\[[A-Z]+\]) \[[0-9.]+\] /, '$1 ');
  return text === want || line === want || withoutStamp === want || text.trim() === want.trim();
}

/**
 * The first expectation not met, in order: log lines come on rclsim's stderr, what a program
 * prints itself on stdout, so each stream keeps its own place and a line may come from either.
 */
function missing(streams, expect) {
  const places = streams.map(() => 0);
  for (const want of expect) {
    let found = false;
    for (const [s, stream] of streams.entries()) {
      const hit = stream.findIndex((line, i) => i >= (places[s] ?? 0) && meets(line, want));
      if (hit >= 0) {
        places[s] = hit + 1;
        found = true;
        break;
      }
    }
    if (!found) return want;
  }
  return null;
}

function runOne(run, install) {
  const nodes = [run, ...(run.peers ?? [])].map((node) => ({
    package: node.pkg,
    executable: node.exe,
    ...(node.argsOf || node.args ? { args: node.argsOf ? node.argsOf(install) : node.args } : {}),
  }));
  // The peers first (a server before its client), the program under test last.
  nodes.push(nodes.shift());
  // JSON is YAML: a job file of rclsim run.
  const job = join(SCRATCH, 'jobs', `${run.pkg}-${run.exe}.yaml`);
  mkdirSync(join(SCRATCH, 'jobs'), { recursive: true });
  writeFileSync(job, JSON.stringify({ name: `${run.pkg}-${run.exe}`, workspace: install, end: { after: run.until }, nodes }, null, 2));
  const result = spawnSync(process.execPath, [RCLSIM, 'run', job], { encoding: 'utf8', maxBuffer: 1 << 26, timeout: 300_000 });
  return { stdout: result.stdout ?? '', stderr: result.stderr ?? '', status: result.status };
}

function main() {
  if (!existsSync(RCLSIM)) throw new Error('build rclsim first (npm run build)');
  if (!RUNS_ONLY) extract();
  const failed = RUNS_ONLY ? ignored() : build();
  const install = join(SCRATCH, 'install');
  const rows = [];
  let regressions = 0;
  for (const pkg of PACKAGES) {
    if (ONLY.length && !ONLY.includes(pkg.name)) continue;
    if (pkg.exclude) {
      rows.push(`${pkg.name}: excluded — needs ${pkg.exclude}`);
      continue;
    }
    const built = !failed.has(pkg.name);
    const runs = RUNS.filter((run) => run.pkg === pkg.name);
    const checked = runs.filter((run) => !run.exclude && !run.owner);
    let right = 0;
    const notes = [];
    for (const run of checked) {
      if (!built) break;
      // The run must also end as a run that reached its end does (exit 0, no program failed).
      const { stdout, stderr, status } = runOne(run, install);
      const streams = [stderr.split('\n'), stdout.split('\n')];
      const want = expectations(run, pkg.path).reduce((first, sequence) => first ?? missing(streams, sequence), null);
      if (want === null && status === (run.exit ?? 0)) {
        right++;
      } else {
        const why = want === null ? `exit ${status}` : `no line ${want instanceof RegExp ? want : JSON.stringify(want)}`;
        notes.push(
          `  ${run.exe}: ${why}; got:\n${`${stdout}\n${stderr}`
            .trim()
            .split('\n')
            .slice(0, 12)
            .map((l) => `      ${l}`)
            .join('\n')}`,
        );
      }
    }
    const excluded = runs.filter((run) => run.exclude);
    const owned = runs.filter((run) => run.owner);
    const status = built ? 'built' : `NOT BUILT (${failed.get(pkg.name)})`;
    rows.push(
      `${pkg.name}: ${status}; ran right ${right}/${checked.length}${excluded.length ? `; excluded ${excluded.length}` : ''}${owned.length ? `; ${owned.length} checked by other features` : ''}${pkg.owner ? ` (package of the ${pkg.owner} feature)` : ''}`,
    );
    for (const run of excluded) rows.push(`  ${run.exe}: excluded — ${run.exclude}`);
    rows.push(...notes);
    if (!pkg.owner && (!built || right < checked.length)) regressions++;
  }
  console.log(rows.join('\n'));
  process.exit(regressions ? 1 : 0);
}

main();
