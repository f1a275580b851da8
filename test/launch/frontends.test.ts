import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, tempDir, writeTemp } from '../support/helpers.js';

// The XML and YAML front ends of rclsim's launch (clients/python/launch/frontend, launch_xml,
// launch_yaml, launch_ros/frontend), through the evaluator a run uses: `python3 -m
// rclsim._launch_plan` writes the launch plan (docs/launch-plan.md) of a launch file, or exits 2
// with one line naming the file and line of what is wrong.

interface Evaluated {
  status: number | null;
  stderr: string;
  plan?: Plan;
}

interface PlanAction {
  kind: string;
  file: string;
  line: number;
  [field: string]: unknown;
}

interface Plan {
  file: string;
  arguments: { name: string; default: string | null; description: string; choices: string[] | null; file: string; line: number }[];
  actions: PlanAction[];
}

/** Runs the evaluator on `file` (several run at once: each is its own python3). */
function evaluate(file: string, args: string[] = []): Promise<Evaluated> {
  const out = join(tempDir(), 'plan.json');
  const child = spawn('python3', ['-m', 'rclsim._launch_plan', '--out', out, file, ...args], {
    env: { ...process.env, PYTHONPATH: join(repoRoot, 'clients/python'), PYTHONHASHSEED: '0', AMENT_PREFIX_PATH: '' },
    timeout: 30_000,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      const evaluated: Evaluated = { status, stderr };
      if (status === 0) evaluated.plan = JSON.parse(readFileSync(out, 'utf8')) as Plan;
      resolve(evaluated);
    });
  });
}

async function planOf(file: string, args: string[] = []): Promise<Plan> {
  const evaluated = await evaluate(file, args);
  assert.equal(evaluated.status, 0, evaluated.stderr);
  return evaluated.plan!;
}

/** The last line of stderr: the one line rclsim shows for bad input. */
async function errorLine(file: string, args: string[] = []): Promise<string> {
  const evaluated = await evaluate(file, args);
  assert.equal(evaluated.status, 2, evaluated.stderr);
  return evaluated.stderr.trimEnd().split('\n').at(-1)!;
}

/** What a node of the plan is, without its ids and handlers. */
function nodeView(action: PlanAction): Record<string, unknown> {
  const { kind, line, name, namespace, package: pkg, executable, parameters, remappings, arguments: args, respawn, respawn_delay, output } = action;
  return { kind, line, name, namespace, package: pkg, executable, parameters, remappings, arguments: args, respawn, respawn_delay, output };
}

/** The same launch (talker, listener, args, params by value and from a file, remaps, if/unless), in both formats. */
function talkerListener(dir: string): { xml: string; yaml: string } {
  writeTemp(dir, 'talker.yaml', 'talker:\n  ros__parameters:\n    qos_depth: 7\n');
  const xml = writeTemp(
    dir,
    'talker_listener.launch.xml',
    `<launch>
  <arg name="topic" default="chatter" description="the topic talked on"/>
  <arg name="with_listener" default="true">
    <choice value="true"/>
    <choice value="false"/>
  </arg>
  <node pkg="demo_nodes_cpp" exec="talker" name="talker" output="screen" respawn="true" respawn_delay="2.5" args="--count 3">
    <param name="rate" value="2.0"/>
    <param name="label" value="'1'"/>
    <param name="sizes" value="1,2,3" value-sep=","/>
    <param from="$(dirname)/talker.yaml"/>
    <remap from="chatter" to="$(var topic)"/>
  </node>
  <node pkg="demo_nodes_py" exec="listener" if="$(var with_listener)">
    <remap from="chatter" to="$(var topic)"/>
  </node>
  <log message="no listener on $(var topic)" unless="$(var with_listener)"/>
</launch>
`,
  );
  const yaml = writeTemp(
    dir,
    'talker_listener.launch.yaml',
    `launch:
- arg:
    name: topic
    default: chatter
    description: the topic talked on
- arg:
    name: with_listener
    default: "true"
    choice: [{value: "true"}, {value: "false"}]
- node:
    pkg: demo_nodes_cpp
    exec: talker
    name: talker
    output: screen
    respawn: "true"
    respawn_delay: 2.5
    args: --count 3
    param:
    - {name: rate, value: 2.0}
    - {name: label, value: "1"}
    - {name: sizes, value: [1, 2, 3]}
    - {from: $(dirname)/talker.yaml}
    remap:
    - {from: chatter, to: $(var topic)}
- node:
    pkg: demo_nodes_py
    exec: listener
    if: $(var with_listener)
    remap:
    - {from: chatter, to: $(var topic)}
- log:
    message: no listener on $(var topic)
    unless: $(var with_listener)
`,
  );
  return { xml, yaml };
}

// PyYAML: the YAML front end reads with it, and launch types values with it.
describe('launch front ends: XML and YAML launch files evaluated into the launch plan', needs('yaml'), () => {
  it('a talker and a listener with arguments, parameters (by value, typed, and from a file), remaps and if/unless, the same from XML and from YAML', async () => {
    const dir = tempDir();
    const { xml, yaml } = talkerListener(dir);
    const lines = { xml: { talker: 7, listener: 14 }, yaml: { talker: 10, listener: 25 } };
    for (const [format, file] of [
      ['xml', xml],
      ['yaml', yaml],
    ] as const) {
      const plan = await planOf(file);
      assert.equal(plan.file, file);
      assert.deepEqual(
        plan.arguments.map((a) => [a.name, a.default, a.description, a.choices]),
        [
          ['topic', 'chatter', 'the topic talked on', null],
          // Without a description, launch describes the choices.
          ['with_listener', 'true', "One of: ['true', 'false']", ['true', 'false']],
        ],
        format,
      );
      assert.deepEqual(
        plan.actions.map((a) => [a.kind, a.file, a.line]),
        [
          ['node', file, lines[format].talker],
          ['node', file, lines[format].listener],
        ],
        format,
      );
      assert.deepEqual(nodeView(plan.actions[0]!), {
        kind: 'node',
        line: lines[format].talker,
        name: 'talker',
        namespace: null,
        package: 'demo_nodes_cpp',
        executable: 'talker',
        // value="2.0" stays a double, value="'1'" (XML) and "1" (YAML) a string, 1,2,3 a list of ints.
        parameters: [{ values: [['rate', '2.0']] }, { values: [['label', "'1'"]] }, { values: [['sizes', '[1, 2, 3]']] }, { file: join(dir, 'talker.yaml') }],
        remappings: [['chatter', 'chatter']],
        arguments: ['--count', '3'],
        respawn: true,
        respawn_delay: 2.5,
        output: 'screen',
      });

      // Arguments given on the command line: the listener's `if` is false, the log's `unless` true.
      const quiet = await planOf(file, ['topic:=news', 'with_listener:=false']);
      assert.deepEqual(
        quiet.actions.map((a) => [a.kind, a.line, a.kind === 'log' ? a.message : a.remappings]),
        [
          ['node', lines[format].talker, [['chatter', 'news']]],
          ['log', format === 'xml' ? 17 : 31, 'no listener on news'],
        ],
        format,
      );
      assert.match(await errorLine(file, ['with_listener:=maybe']), /with_listener.*maybe/);
    }
  });

  it('an include with arguments, into a group with a namespace pushed, in both formats', async () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'robot.launch.xml',
      `<launch>
  <arg name="robot"/>
  <arg name="rate" default="10"/>
  <node pkg="demo_nodes_cpp" exec="talker" name="$(var robot)_talker">
    <param name="rate" value="$(var rate)"/>
  </node>
</launch>
`,
    );
    writeTemp(
      dir,
      'robot.launch.yaml',
      `launch:
- arg: {name: robot}
- arg: {name: rate, default: "10"}
- node:
    pkg: demo_nodes_cpp
    exec: talker
    name: $(var robot)_talker
    param: [{name: rate, value: $(var rate)}]
`,
    );
    const xml = writeTemp(
      dir,
      'fleet.launch.xml',
      `<launch>
  <group>
    <push_ros_namespace namespace="fleet"/>
    <include file="$(dirname)/robot.launch.xml">
      <arg name="robot" value="r1"/>
      <arg name="rate" value="20"/>
    </include>
  </group>
  <include file="$(dirname)/robot.launch.xml">
    <arg name="robot" value="r2"/>
  </include>
  <node pkg="demo_nodes_py" exec="listener" name="after"/>
</launch>
`,
    );
    const yaml = writeTemp(
      dir,
      'fleet.launch.yaml',
      `launch:
- group:
    children:
    - push_ros_namespace: {namespace: fleet}
    - include:
        file: $(dirname)/robot.launch.yaml
        arg:
        - {name: robot, value: r1}
        - {name: rate, value: "20"}
- include:
    file: $(dirname)/robot.launch.yaml
    arg: [{name: robot, value: r2}]
- node: {pkg: demo_nodes_py, exec: listener, name: after}
`,
    );
    for (const [format, file] of [
      ['xml', xml],
      ['yaml', yaml],
    ] as const) {
      const included = join(dir, `robot.launch.${format}`);
      const plan = await planOf(file);
      // The talker is on line 4 of both robot.launch.xml and robot.launch.yaml.
      assert.deepEqual(
        plan.actions.map((a) => [a.file, a.line, a.name, a.namespace, a.parameters]),
        [
          [included, 4, 'r1_talker', '/fleet', [{ values: [['rate', '20']] }]],
          // The group was scoped: its namespace and its include's arguments end with it.
          [included, 4, 'r2_talker', null, [{ values: [['rate', '10']] }]],
          [file, format === 'xml' ? 12 : 13, 'after', null, []],
        ],
        format,
      );
      assert.deepEqual(
        plan.arguments.map((a) => [a.name, a.default]),
        [
          ['robot', null],
          ['rate', '10'],
        ],
      );
    }
  });

  it('the other tags (let, set_env, set_parameter, set_remap, scoped group, executable, timer, lifecycle_node, nested and typed params) give the same plan from XML and YAML', async () => {
    const dir = tempDir();
    const xml = writeTemp(
      dir,
      'tags.launch.xml',
      `<launch>
  <arg name="robot" default="r1"/>
  <let name="speed" value="$(eval '2 * 3')"/>
  <set_env name="GREETING" value="hello"/>
  <set_parameter name="use_sim_time" value="true"/>
  <group>
    <push-ros-namespace namespace="$(var robot)"/>
    <set_remap from="cmd_vel" to="$(var robot)/cmd_vel"/>
    <node pkg="demo_nodes_cpp" exec="talker" name="talker" ros_args="--log-level debug">
      <param name="speed" value="$(var speed)" type="float"/>
      <param name="limits">
        <param name="low" value="1"/>
        <param name="high"><param name="hard" value="x"/></param>
      </param>
      <env name="HEARD" value="$(env GREETING)"/>
    </node>
  </group>
  <executable cmd="ros2 topic pub /x std_msgs/msg/String '{data: hi}'" cwd="$(dirname)" name="pub">
    <env name="A" value="b"/>
  </executable>
  <timer period="1.5">
    <log message="\\$(var speed) is $(var speed) in $(env RCLSIM_NO_SUCH_VAR 'no where')"/>
  </timer>
  <lifecycle_node pkg="lifecycle" exec="lifecycle_talker" name="lc_talker" namespace="$(var robot)"/>
  <node pkg="demo_nodes_cpp" exec="listener" unless="$(eval '$(var speed) > 1')"/>
</launch>
`,
    );
    const yaml = writeTemp(
      dir,
      'tags.launch.yaml',
      `launch:
- arg: {name: robot, default: r1}
- let: {name: speed, value: "$(eval '2 * 3')"}
- set_env: {name: GREETING, value: hello}
- set_parameter: {name: use_sim_time, value: "true"}
- group:
    children:
    - push-ros-namespace: {namespace: $(var robot)}
    - set_remap: {from: cmd_vel, to: $(var robot)/cmd_vel}
    - node:
        pkg: demo_nodes_cpp
        exec: talker
        name: talker
        ros_args: --log-level debug
        param:
        - {name: speed, value: $(var speed), type: float}
        - name: limits
          param:
          - {name: low, value: 1}
          - name: high
            param: [{name: hard, value: x}]
        env: [{name: HEARD, value: $(env GREETING)}]
- executable:
    cmd: "ros2 topic pub /x std_msgs/msg/String '{data: hi}'"
    cwd: $(dirname)
    name: pub
    env: [{name: A, value: b}]
- timer:
    period: 1.5
    children:
    - log: {message: "\\\\$(var speed) is $(var speed) in $(env RCLSIM_NO_SUCH_VAR 'no where')"}
- lifecycle_node: {pkg: lifecycle, exec: lifecycle_talker, name: lc_talker, namespace: $(var robot)}
- node: {pkg: demo_nodes_cpp, exec: listener, unless: "$(eval '$(var speed) > 1')"}
`,
    );
    const withoutPlace = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(withoutPlace)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'file' || k === 'line' ? [] : [[k, withoutPlace(v)]])))
          : value;
    const fromXml = await planOf(xml);
    const fromYaml = await planOf(yaml);
    assert.deepEqual(withoutPlace(fromYaml.actions), withoutPlace(fromXml.actions));
    assert.deepEqual(
      fromXml.actions.map((a) => [a.kind, a.line]),
      [
        ['node', 9],
        ['process', 18],
        ['timer', 21],
        ['node', 24],
      ],
    );
    assert.deepEqual(
      fromYaml.actions.map((a) => [a.kind, a.line]),
      [
        ['node', 10],
        ['process', 23],
        ['timer', 28],
        ['node', 32],
      ],
    );
    const [talker, pub, timer, lifecycle] = fromXml.actions as [PlanAction, PlanAction, PlanAction, PlanAction];
    assert.deepEqual(
      [talker.namespace, talker.parameters, talker.remappings, talker.ros_arguments, talker.env],
      [
        '/r1',
        // The scoped SetParameter first; `type="float"` makes eval's 6 a double; nested names joined with dots.
        [
          { values: [['use_sim_time', 'true']] },
          { values: [['speed', '6.0']] },
          {
            values: [
              ['limits.low', '1'],
              ['limits.high.hard', 'x'],
            ],
          },
        ],
        [['cmd_vel', 'r1/cmd_vel']],
        ['--log-level', 'debug'],
        { GREETING: 'hello', HEARD: 'hello' },
      ],
    );
    assert.deepEqual(
      [pub.cmd, pub.cwd, pub.name, pub.env],
      [['ros2', 'topic', 'pub', '/x', 'std_msgs/msg/String', '{data: hi}'], dir, 'pub', { GREETING: 'hello', A: 'b' }],
    );
    assert.deepEqual(
      [timer.period, (timer.actions as PlanAction[]).map((a) => [a.kind, a.line, a.message])],
      [1.5, [['log', 22, '$(var speed) is 6 in no where']]],
    );
    // The group was scoped: its remap does not reach the lifecycle node (its namespace is its own).
    assert.deepEqual([lifecycle.lifecycle, lifecycle.name, lifecycle.namespace, lifecycle.remappings], [true, 'lc_talker', '/r1', []]);
  });

  it('types <param> values as launch_ros does: lists split at value-sep, quoted text, escapes, `type`', async () => {
    const dir = tempDir();
    const xml = writeTemp(
      dir,
      'params.launch.xml',
      `<launch>
  <let name="count" value="100"/>
  <let name="quoted" value="\\'[1, 2]\\'"/>
  <node pkg="demo_nodes_cpp" exec="talker">
    <param name="ints" value="4, 5, 6" value-sep=", "/>
    <param name="floats" value="4., 5., 6." value-sep=", "/>
    <param name="texts" value="'4';'5'" value-sep=";"/>
    <param name="quoted_texts" value="&quot;'a'&quot;, &quot;'b'&quot;" value-sep=", "/>
    <param name="escaped" value="'\\x', '\\y'" value-sep=", "/>
    <param name="empty" value="''"/>
    <param name="count_text" value="$(var count)" type="str"/>
    <param name="count" value="$(var count)"/>
    <param name="still_text" value="$(var quoted)"/>
    <param name="strs" value="4, 5" value-sep=", " type="list_of_str"/>
    <param name="flag" value="true"/>
  </node>
</launch>
`,
    );
    const yaml = writeTemp(
      dir,
      'params.launch.yaml',
      `launch:
- let: {name: count, value: "100"}
- let: {name: quoted, value: "'[1, 2]'"}
- node:
    pkg: demo_nodes_cpp
    exec: talker
    param:
    - {name: ints, value: [4, 5, 6]}
    - {name: floats, value: [4., 5., 6.]}
    - {name: texts, value: ['4', '5']}
    - {name: quoted_texts, value: ["'a'", "'b'"]}
    - {name: escaped, value: ['\\x', '\\y']}
    - {name: empty, value: ''}
    - {name: count_text, value: $(var count), type: str}
    - {name: count, value: $(var count)}
    - {name: still_text, value: $(var quoted)}
    - {name: strs, value: ['4', '5'], type: list_of_str}
    - {name: flag, value: true}
`,
    );
    for (const file of [xml, yaml]) {
      const [node] = (await planOf(file)).actions as [PlanAction];
      assert.deepEqual(
        (node.parameters as { values: [string, string][] }[]).flatMap((p) => p.values),
        [
          ['ints', '[4, 5, 6]'],
          ['floats', '[4.0, 5.0, 6.0]'],
          ['texts', "['4', '5']"],
          ['quoted_texts', "['''a''', '''b''']"],
          // A backslash escapes the next character, in list items too.
          ['escaped', '[x, y]'],
          ['empty', "''"],
          ['count_text', "'100'"],
          ['count', '100'],
          ['still_text', "'[1, 2]'"],
          ['strs', "['4', '5']"],
          ['flag', 'true'],
        ],
        file,
      );
    }
  });

  it('a node_container with its composable_node, and a load_composable_node, each composable node at its own line', async () => {
    const dir = tempDir();
    const xml = writeTemp(
      dir,
      'container.launch.xml',
      `<launch>
  <node_container pkg="rclcpp_components" exec="component_container" name="box" namespace="">
    <composable_node pkg="composition" plugin="composition::Talker" name="talker" namespace="demo">
      <remap from="chatter" to="/news"/>
      <param name="use_sim_time" value="true"/>
      <extra_arg name="use_intra_process_comms" value="true"/>
    </composable_node>
  </node_container>
  <load_composable_node target="box">
    <composable_node pkg="composition" plugin="composition::Listener" name="listener"/>
  </load_composable_node>
</launch>
`,
    );
    const yaml = writeTemp(
      dir,
      'container.launch.yaml',
      `launch:
- node_container:
    pkg: rclcpp_components
    exec: component_container
    name: box
    namespace: ''
    composable_node:
    - pkg: composition
      plugin: composition::Talker
      name: talker
      namespace: demo
      remap: [{from: chatter, to: /news}]
      param: [{name: use_sim_time, value: true}]
      extra_arg: [{name: use_intra_process_comms, value: 'true'}]
- load_composable_node:
    target: box
    composable_node: [{pkg: composition, plugin: composition::Listener, name: listener}]
`,
    );
    for (const [file, lines] of [
      [xml, [2, 3, 9, 10]],
      [yaml, [2, 8, 15, 17]],
    ] as const) {
      const [container, load] = (await planOf(file)).actions as [PlanAction, PlanAction];
      const [talker] = container.composable_nodes as [PlanAction];
      const [listener] = load.composable_nodes as [PlanAction];
      assert.deepEqual(
        [container.kind, container.line, talker.line, load.kind, load.line, listener.line],
        ['container', lines[0], lines[1], 'load', lines[2], lines[3]],
        file,
      );
      assert.deepEqual(
        [talker.plugin, talker.namespace, talker.remappings, talker.parameters, talker.extra_arguments, load.target_container, listener.plugin],
        [
          'composition::Talker',
          '/demo',
          [['chatter', '/news']],
          [{ values: [['use_sim_time', 'true']] }],
          { use_intra_process_comms: true },
          '/box',
          'composition::Listener',
        ],
        file,
      );
    }
  });

  it('reads $(...) as upstream: quoted and nested arguments, escapes, a $ not before (', async () => {
    const dir = tempDir();
    const file = writeTemp(
      dir,
      'grammar.launch.xml',
      `<launch>
  <let name="x" value="X"/>
  <log message="$(env RCLSIM_TEST_UNSET 'two words')|$(env RCLSIM_TEST_UNSET &quot;$(var x) quoted&quot;)"/>
  <log message="\\$(var x) is $(var x)$(var x), cost $5 (or $(eval &quot;'a' + 'b'&quot;))"/>
  <log message="[$(env RCLSIM_TEST_UNSET '')] $(env RCLSIM_TEST_UNSET a\\)b) $(eval '&quot;$(var x)&quot; == &quot;X&quot;' math)"/>
  <log message="$(env RCLSIM_TEST_UNSET $(var x)$(var x)) \\\\ \\a"/>
</launch>
`,
    );
    assert.deepEqual(
      (await planOf(file)).actions.map((a) => [a.line, a.message]),
      [
        [3, 'two words|X quoted'],
        [4, '$(var x) is XX, cost $5 (or ab)'],
        [5, '[] a)b True'],
        [6, 'XX \\ a'],
      ],
    );
  });

  it('names the file and line of an unknown tag, an attribute a tag does not have, and a $(...) that does not read', async () => {
    const dir = tempDir();
    const cases: [string, string, string][] = [
      [
        'unknown_tag.launch.xml',
        '<launch>\n  <arg name="a" default="1"/>\n  <nod pkg="p" exec="e"/>\n</launch>\n',
        ":3: unknown tag <nod> (did you mean 'node'?)",
      ],
      ['bad_attribute.launch.xml', '<launch>\n  <node pkg="p" exec="e"\n        colour="red"/>\n</launch>\n', ":2: <node> has no attribute 'colour'"],
      ['bad_child.launch.xml', '<launch>\n  <node pkg="p" exec="e">\n    <parm name="a" value="1"/>\n  </node>\n</launch>\n', ':3: <node> cannot hold <parm>'],
      [
        'param.launch.xml',
        '<launch>\n  <node pkg="p" exec="e">\n    <param name="a"/>\n  </node>\n</launch>\n',
        ':3: <param> needs a value, or parameters inside',
      ],
      ['missing.launch.xml', '<launch>\n  <node pkg="p"/>\n</launch>\n', ":2: <node> needs attribute 'exec'"],
      [
        'bad_type.launch.xml',
        '<launch>\n  <node pkg="p" exec="e" respawn_delay="soon"/>\n</launch>\n',
        ":2: <node> attribute 'respawn_delay' must be a float, not 'soon'",
      ],
      [
        'bad_subst.launch.xml',
        '<launch>\n  <log message="$(var x"/>\n</launch>\n',
        ":2: <log> attribute 'message': bad substitution in '$(var x': missing ')' at column 8",
      ],
      [
        'nested_subst.launch.xml',
        '<launch>\n  <node pkg="p" exec="e">\n    <param name="a" value="$(bogus x)"/>\n  </node>\n</launch>\n',
        ":3: <param> attribute 'value': bad substitution in '$(bogus x)': unknown substitution '$(bogus)'",
      ],
      [
        'arity.launch.xml',
        '<launch>\n  <log message="$(var)"/>\n</launch>\n',
        ":2: <log> attribute 'message': bad substitution in '$(var)': $(var) takes 1 to 2 arguments, got 0",
      ],
      ['not_xml.launch.xml', '<launch>\n  <node pkg="p" exec="e">\n</launch>\n', ':3: not well-formed XML: mismatched tag'],
      ['unknown_tag.launch.yaml', 'launch:\n- arg: {name: a}\n- nod: {pkg: p, exec: e}\n', ":3: unknown tag 'nod' (did you mean 'node'?)"],
      ['bad_key.launch.yaml', 'launch:\n- node:\n    pkg: p\n    exec: e\n    colour: red\n', ":5: 'node' has no attribute 'colour'"],
      [
        'bad_type.launch.yaml',
        'launch:\n- node:\n    pkg: p\n    exec: e\n    respawn_delay: soon\n',
        ":5: 'node': 'respawn_delay' must be a float, not str 'soon'",
      ],
      [
        'bad_subst.launch.yaml',
        'launch:\n- log:\n    message: $(env HOME\n',
        ":3: 'log' attribute 'message': bad substitution in '$(env HOME': missing ')' at column 11",
      ],
    ];
    const files = cases.map(([name, text]) => writeTemp(dir, name, text));
    const lines = await Promise.all(files.map((file) => errorLine(file)));
    assert.deepEqual(
      lines,
      cases.map(([, , expected], i) => `${files[i]}${expected}`),
    );
  });
});
