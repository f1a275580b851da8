import assert from 'node:assert/strict';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/**
 * ros2cli's graph verbs as job actions, against graphside.cjs (/demo/talker publishing /chatter
 * at 0.1 s ticks but every third, with parameters of several types; /listener). Each expected
 * text is what ros2cli (Jazzy) prints for that graph, written from its source (named at each).
 */
function run(events: string, extra: string[] = []): { stdout: string[]; stderr: string[]; logs: string[] } {
  const dir = tempDir();
  cpSync(join(repoRoot, 'test/fixtures/events/graphside.cjs'), join(dir, 'graphside.cjs'));
  const job = writeTemp(dir, 'job.yaml', `nodes:\n  - script: graphside.cjs\nevents:\n${events}`);
  const result = runCli(['run', job, ...extra], dir, 60_000);
  assert.equal(result.status, 0, result.stderr);
  const lines = (text: string) => text.split('\n').filter((line) => line.startsWith('[ros2-'));
  return { stdout: lines(result.stdout), stderr: lines(result.stderr), logs: result.stderr.split('\n').filter((line) => line.includes('[launch.user]')) };
}

/** The lines of command N. */
function of(lines: string[], n: number): string[] {
  return lines.filter((line) => line.startsWith(`[ros2-${n}] `)).map((line) => line.slice(`[ros2-${n}] `.length));
}

describe('ros2 graph verbs as event actions (the graph at that sim time, printed as ros2cli prints it)', () => {
  it('node list (sorted full names; -a shows its own hidden node) and node info (its sections as the graph gives them, an empty line for none)', () => {
    const { stdout } = run(`  - on: start
    do:
      - ros2: [node, list]
      - after: 1s
        do: [{ ros2: [node, list, -a] }]
      - after: 2s
        do: [{ ros2: [node, info, /demo/talker] }]
      - after: 3s
        do: [{ ros2: [node, list, --count-nodes] }]
`);
    // ros2node/verb/list.py: sorted(full_name), print(*names, sep='\\n').
    assert.deepEqual(of(stdout, 1), ['/demo/talker', '/listener']);
    assert.deepEqual(of(stdout, 2), ['/_ros2cli_2', '/demo/talker', '/listener']);
    // ros2node/verb/info.py: print_names_and_types prints `print(*[], sep='\\n')` — an empty line — for a section with nothing.
    assert.deepEqual(of(stdout, 3), [
      '/demo/talker',
      '  Subscribers:',
      '',
      '  Publishers:',
      '    /chatter: std_msgs/msg/String',
      '    /parameter_events: rcl_interfaces/msg/ParameterEvent',
      '    /rosout: rcl_interfaces/msg/Log',
      '  Service Servers:',
      '    /demo/talker/describe_parameters: rcl_interfaces/srv/DescribeParameters',
      '    /demo/talker/get_parameter_types: rcl_interfaces/srv/GetParameterTypes',
      '    /demo/talker/get_parameters: rcl_interfaces/srv/GetParameters',
      '    /demo/talker/get_type_description: type_description_interfaces/srv/GetTypeDescription',
      '    /demo/talker/list_parameters: rcl_interfaces/srv/ListParameters',
      '    /demo/talker/set_parameters: rcl_interfaces/srv/SetParameters',
      '    /demo/talker/set_parameters_atomically: rcl_interfaces/srv/SetParametersAtomically',
      '  Service Clients:',
      '',
      '  Action Servers:',
      '',
      '  Action Clients:',
      '',
    ]);
    assert.deepEqual(of(stdout, 4), ['2']);
  });

  it('topic list (-t, -v) and topic info -v: counts, and each endpoint as rclpy TopicEndpointInfo.__str__ prints it', () => {
    const { stdout } = run(`  - on: start
    do:
      - ros2: [topic, list, -t]
      - after: 1s
        do: [{ ros2: [topic, list, -v] }]
      - after: 2s
        do: [{ ros2: [topic, info, /chatter] }]
      - after: 3s
        do: [{ ros2: [topic, info, -v, /chatter] }]
`);
    // ros2topic/verb/list.py: '{topic_name} [{types}]' in the graph's (rmw's, sorted) order, hidden topics left out.
    assert.deepEqual(of(stdout, 1), [
      '/chatter [std_msgs/msg/String]',
      '/parameter_events [rcl_interfaces/msg/ParameterEvent]',
      '/rosout [rcl_interfaces/msg/Log]',
    ]);
    // list.py's show_topic_info: ' * name [type] N publisher(s)', each block then an empty line; ros2cli's own node publishes too.
    assert.deepEqual(of(stdout, 2), [
      'Published topics:',
      ' * /chatter [std_msgs/msg/String] 1 publisher',
      ' * /parameter_events [rcl_interfaces/msg/ParameterEvent] 3 publishers',
      ' * /rosout [rcl_interfaces/msg/Log] 3 publishers',
      '',
      'Subscribed topics:',
      ' * /chatter [std_msgs/msg/String] 1 subscriber',
      '',
    ]);
    // ros2topic/verb/info.py.
    assert.deepEqual(of(stdout, 3), ['Type: std_msgs/msg/String', 'Publisher count: 1', 'Subscription count: 1']);
    // info.py -v: every print ends in '\\n\\n'; rclpy/topic_endpoint_info.py's __str__ for each endpoint.
    const endpoint = (node: string, namespace: string, kind: string, gid: string) => [
      `Node name: ${node}`,
      `Node namespace: ${namespace}`,
      'Topic type: std_msgs/msg/String',
      'Topic type hash: RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18',
      `Endpoint type: ${kind}`,
      `GID: 00.00.00.00.00.00.00.00.00.00.00.00.00.00.00.${gid}`,
      'QoS profile:',
      '  Reliability: RELIABLE',
      '  History (Depth): KEEP_LAST (10)',
      '  Durability: VOLATILE',
      '  Lifespan: Infinite',
      '  Deadline: Infinite',
      '  Liveliness: AUTOMATIC',
      '  Liveliness lease duration: Infinite',
      '',
    ];
    const verbose = of(stdout, 4);
    assert.deepEqual(verbose, [
      'Type: std_msgs/msg/String',
      '',
      'Publisher count: 1',
      '',
      ...endpoint('talker', '/demo', 'PUBLISHER', verbose[9]!.slice(-2)),
      'Subscription count: 1',
      '',
      ...endpoint('listener', '/', 'SUBSCRIPTION', verbose[26]!.slice(-2)),
    ]);
  });

  it("param list, get, describe and dump through the nodes' parameter services, printed as ros2param prints them", () => {
    const { stdout } = run(`  - on: start
    do:
      - ros2: [param, list, --param-type]
      - ros2: [param, list, /demo/talker, --filter, '[a-n]']
      - ros2: [param, get, /demo/talker, names]
      - ros2: [param, get, demo/talker, rate]
      - ros2: [param, get, /demo/talker, verbose, --hide-type]
      - ros2: [param, get, /demo/talker, limits.max]
      - ros2: [param, describe, /demo/talker, rate, names]
      - ros2: [param, dump, /demo/talker]
`);
    // ros2param/verb/list.py: the nodes in the order of their NodeName tuples (name first: listener before talker), a header without a node given.
    assert.deepEqual(of(stdout, 1), [
      '/listener:',
      '  start_type_description_service (type: boolean)',
      '  use_sim_time (type: boolean)',
      '/demo/talker:',
      '  limits.max (type: integer)',
      '  names (type: string array)',
      '  rate (type: double)',
      '  start_type_description_service (type: boolean)',
      '  use_sim_time (type: boolean)',
      '  verbose (type: boolean)',
    ]);
    // --filter: re.match, at the start of the name.
    assert.deepEqual(of(stdout, 2), ['  limits.max', '  names']);
    // ros2param/verb/get.py: print(label, value) — Python's str of the value.
    assert.deepEqual(of(stdout, 3), [`String values are: ['a', "it's"]`]);
    assert.deepEqual(of(stdout, 4), ['Double value is: 2.5']);
    assert.deepEqual(of(stdout, 5), ['False']);
    assert.deepEqual(of(stdout, 6), ['Integer value is: 7']);
    // ros2param/verb/describe.py's _print_descriptor.
    assert.deepEqual(of(stdout, 7), [
      'Parameter name: rate',
      '  Type: double',
      '  Description: how often it talks',
      '  Constraints:',
      '    Min value: 0.5',
      '    Max value: 10.0',
      '    Step: 0.5',
      'Parameter name: names',
      '  Type: string array',
      '  Description: Created from parameter.',
      '  Constraints:',
    ]);
    // ros2param/verb/dump.py: yaml.dump(default_flow_style=False), `limits.max` nested, then print's newline.
    assert.deepEqual(of(stdout, 8), [
      '/demo/talker:',
      '  ros__parameters:',
      '    limits:',
      '      max: 7',
      '    names:',
      '    - a',
      "    - it's",
      '    rate: 2.5',
      '    start_type_description_service: true',
      '    use_sim_time: true',
      '    verbose: false',
      '',
    ]);
  });

  it("says ros2cli's errors for a node or topic that is not there, on stderr, and exits with 1 (an exited handler's returncode)", () => {
    const { stdout, stderr, logs } = run(`  - on: start
    do:
      - ros2: [node, info, /nobody]
        id: info
      - ros2: [topic, info, /nothing]
      - ros2: [param, get, /nobody, x]
      - ros2: [param, list, nobody]
      - ros2: [node, list]
        id: list
  - on: { exited: '*' }
    do: [{ log: 'exited with \${event.returncode}' }]
`);
    assert.deepEqual(stdout, ['[ros2-5] /demo/talker', '[ros2-5] /listener']);
    assert.deepEqual(stderr, [
      // ros2node/verb/info.py, ros2topic/verb/info.py, ros2param's wait_for_node (1 s) and list.py.
      "[ros2-1] Unable to find node '/nobody'",
      "[ros2-2] Unknown topic '/nothing'",
      '[ros2-4] Node not found',
      '[ros2-3] Node not found',
    ]);
    assert.deepEqual(
      logs.map((line) => line.replace(/^.*\[launch\.user\]: /, '')),
      ['exited with 1', 'exited with 0'],
    );
  });

  it('topic hz: a line after each message a second or more after the last printed, from the sim times messages arrive; the same on every run and perturbed', () => {
    const events = `  - on: start
    do:
      - ros2: [topic, hz, /chatter]
      - ros2: [topic, hz, /later, -w, '3']
`;
    const first = run(events);
    // hz.py's callback_hz and print_hz fed the arrivals: ticks at 0.5 s, 0.7 s, 0.8 s, 1.0 s … (every third skipped), from its subscription at 0.5 s.
    assert.deepEqual(of(first.stdout, 1), [
      'average rate: 6.667',
      '\tmin: 0.100s max: 0.200s std dev: 0.05000s window: 8',
      'average rate: 6.522',
      '\tmin: 0.100s max: 0.200s std dev: 0.04989s window: 15',
      'average rate: 6.667',
      '\tmin: 0.100s max: 0.200s std dev: 0.05000s window: 22',
      'average rate: 6.591',
      '\tmin: 0.100s max: 0.200s std dev: 0.04997s window: 29',
    ]);
    // ros2topic/api's get_msg_class(blocking=True): the warning, then it waits.
    assert.deepEqual(of(first.stdout, 2), ['WARNING: topic [/later] does not appear to be published yet']);
    assert.deepEqual(run(events).stdout, first.stdout);
    assert.deepEqual(run(events, ['--perturb']).stdout, first.stdout);
  });

  it("interface list (-m, -s, -a): the registry's types under Messages:, Services:, Actions:, sorted, as ros2interface lists them", () => {
    const { stdout } = run(`  - on: start
    do:
      - ros2: [interface, list, -a, -s]
      - ros2: [interface, list]
`);
    // ros2interface/verb/list.py: print_services then print_actions (its order, not the flags'), '    pkg/kind/Name' sorted.
    const listed = of(stdout, 1);
    const actions = listed.indexOf('Actions:');
    assert.equal(listed[0], 'Services:');
    assert.ok(listed.includes('    example_interfaces/srv/AddTwoInts') && listed.includes('    example_interfaces/action/Fibonacci'), listed.join('\n'));
    for (const [part, kind] of [
      [listed.slice(1, actions), 'srv'],
      [listed.slice(actions + 1), 'action'],
    ] as const) {
      assert.ok(
        part.every((line) => new RegExp(`^    \\w+/${kind}/\\w+$`).test(line)),
        part.join('\n'),
      );
      assert.deepEqual(part, [...part].sort());
    }
    const all = of(stdout, 2);
    assert.deepEqual([all.indexOf('Messages:'), all.includes('    std_msgs/msg/String')], [0, true]);
    assert.ok(all.indexOf('Services:') < all.indexOf('Actions:'));
  });
  it('interface show: the file as shipped, nested types one tab deeper, comments as Jazzy classes them; a missing type or package on stderr', () => {
    const dir = tempDir();
    cpSync(join(repoRoot, 'test/fixtures/events/graphside.cjs'), join(dir, 'graphside.cjs'));
    mkdirSync(join(dir, 'ifaces/show_msgs/msg'), { recursive: true });
    mkdirSync(join(dir, 'ifaces/show_msgs/srv'), { recursive: true });
    writeTemp(
      dir,
      'ifaces/show_msgs/msg/Quirks.msg',
      '# Top comment [m]\n#\nuint8 MODE_A=1  # a constant comment\nuint8 MODE_B=2 # [s] unit only\nfloat64 speed # [m/s] forward speed\n  # indented comment\nint32 x # x\nInner[] inners #the inners\n\nstd_msgs/Header header\n',
    );
    writeTemp(
      dir,
      'ifaces/show_msgs/msg/Inner.msg',
      '# inner own comment\n#\nfloat32 value # value in [m]\nstring name    # who\nint8 int # int\n  # indented\n',
    );
    writeTemp(dir, 'ifaces/show_msgs/srv/Ask.srv', '# Request\nInner inner # the inner\n---\n# Response\nbool ok\n');
    const job = writeTemp(
      dir,
      'job.yaml',
      `interfaces: [ifaces]
nodes:
  - script: graphside.cjs
events:
  - on: start
    do:
      - ros2: [interface, show, show_msgs/msg/Quirks]
      - ros2: [interface, show, show_msgs/msg/Quirks, --no-comments]
      - ros2: [interface, show, show_msgs/srv/Ask.srv, --all-comments]
      - ros2: [interface, show, geometry_msgs/msg/Twist]
      - ros2: [interface, show, show_msgs/msg/Missing]
      - ros2: [interface, show, no_msgs/msg/Missing]
      - ros2: [interface, show, show_msgs/Quirks]
`,
    );
    const result = runCli(['run', job, '--until', '1s'], dir, 60_000);
    assert.equal(result.status, 0, result.stderr);
    const out = (n: number) =>
      result.stdout
        .split('\n')
        .filter((line) => line === `[ros2-${n}]` || line.startsWith(`[ros2-${n}] `))
        .map((line) => line.slice(`[ros2-${n}] `.length));
    const err = (n: number) => of(result.stderr.split('\n'), n);
    // Each expected text is what Jazzy's ros2interface/verb/show.py printed for these files
    // (run with Jazzy's rosidl_adapter parser in a scratch folder): a bare `#` and indented
    // comments are no comments to it, a trailing comment is cut one character before its text.
    const nestedInner = ['\t#', '\tfloat32 value #', '\tstring name    #', '\tint8 int # in', '\t  # indented'];
    const nestedHeader = ['std_msgs/Header header', '\tbuiltin_interfaces/Time stamp', '\t\tint32 sec', '\t\tuint32 nanosec', '\tstring frame_id'];
    assert.deepEqual(out(1), [
      '# Top comment [m]',
      '#',
      'uint8 MODE_A=1  # a constant comment',
      'uint8 MODE_B=2 # [s] unit only',
      'float64 speed # [m/s] forward speed',
      '  # indented comment',
      'int32 x # x',
      'Inner[] inners #the inners',
      ...nestedInner,
      '',
      ...nestedHeader,
    ]);
    assert.deepEqual(out(2), [
      '#',
      'uint8 MODE_A=1  #',
      'uint8 MODE_B=2 # [s]',
      'float64 speed # [m/s]',
      '  # indented comment',
      'int32',
      'Inner[] inners',
      ...nestedInner,
      ...nestedHeader,
    ]);
    assert.deepEqual(out(3), [
      '# Request',
      'Inner inner # the inner',
      '\t# inner own comment',
      '\t#',
      '\tfloat32 value # value in [m]',
      '\tstring name    # who',
      '\tint8 int # int',
      '\t  # indented',
      '---',
      '# Response',
      'bool ok',
    ]);
    // The ROS 2 docs' "Understanding topics" shows this output.
    assert.deepEqual(out(4), [
      '# This expresses velocity in free space broken into its linear and angular parts.',
      '',
      'Vector3  linear',
      '\tfloat64 x',
      '\tfloat64 y',
      '\tfloat64 z',
      'Vector3  angular',
      '\tfloat64 x',
      '\tfloat64 y',
      '\tfloat64 z',
    ]);
    assert.deepEqual(err(5), ["Could not find the interface 'show_msgs/msg/Missing.idl'"]);
    assert.deepEqual(err(6), ["Unknown package 'no_msgs'"]);
    assert.deepEqual(err(7), ["Invalid name 'show_msgs/Quirks'. Expected three parts separated by '/'"]);
  });
});
