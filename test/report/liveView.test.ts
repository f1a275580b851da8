import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { parse } from '@foxglove/rosmsg';
import { MessageReader } from '@foxglove/rosmsg2-serialization';
import wsProtocol, { type Channel } from '@foxglove/ws-protocol';
import WebSocket, { WebSocketServer } from 'ws';
import { outputUntil } from '../support/childOutput.js';
import { cliPath, lastJsonLine, repoRoot, runCli, runCliAsync, tempDir, writeTemp } from '../support/helpers.js';

const { FoxgloveClient } = wsProtocol;

/** A live run: the child, the address it serves (read from its stderr), and its output once it ended. */
interface LiveRun {
  child: ChildProcess;
  url: Promise<string>;
  ended: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function startLive(args: string[]): LiveRun {
  const child = spawn(process.execPath, [cliPath, ...args, '--foxglove', '127.0.0.1:0', '--wait-for-client', '--quiet'], { cwd: repoRoot });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /Foxglove live view on (ws:\/\/\S+)/.exec(stderr);
      if (match !== null) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`the run ended before serving: ${stderr}`)));
  });
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, url, ended };
}

describe('the live view (--foxglove, a real FoxgloveClient)', () => {
  it('advertises every topic with its ros2msg schema, sends CDR messages that decode, keeps time monotone, paces at --rate, and leaves the fingerprint unchanged', async () => {
    const args = ['exec', 'examples/talker-listener/talker.js', '--until', '10s', '--rate', '2', '--json'];
    const plain = runCli(['exec', 'examples/talker-listener/talker.js', '--until', '10s', '--json', '--quiet']);
    const live = startLive(args);
    const client = new FoxgloveClient({ ws: new WebSocket(await live.url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]) });
    const channels = new Map<number, Channel>();
    const readers = new Map<number, { topic: string; reader: MessageReader }>();
    const received: { topic: string; time: bigint; message: Record<string, unknown> }[] = [];
    const times: { wall: number; sim: bigint }[] = [];
    client.on('advertise', (list) => {
      for (const channel of list) {
        // ROS 2 topics; the live ros2 commands' output channel is JSON.
        if (channel.encoding !== 'cdr') continue;
        channels.set(channel.id, channel);
        const reader = new MessageReader(parse(channel.schema, { ros2: true }));
        readers.set(client.subscribe(channel.id), { topic: channel.topic, reader });
      }
    });
    client.on('message', ({ subscriptionId, timestamp, data }) => {
      const { topic, reader } = readers.get(subscriptionId)!;
      received.push({ topic, time: timestamp, message: reader.readMessage(data) as Record<string, unknown> });
    });
    client.on('time', ({ timestamp }) => times.push({ wall: performance.now(), sim: timestamp }));
    const { code, stdout } = await live.ended;
    assert.equal(code, 0);

    const chatter = [...channels.values()].find((channel) => channel.topic === '/chatter');
    assert.deepEqual(
      { schemaName: chatter?.schemaName, schemaEncoding: chatter?.schemaEncoding, encoding: chatter?.encoding },
      { schemaName: 'std_msgs/msg/String', schemaEncoding: 'ros2msg', encoding: 'cdr' },
    );
    assert.ok(
      [...channels.values()].some((channel) => channel.topic === '/rosout'),
      'every topic, /rosout too',
    );
    const hello = received.filter((r) => r.topic === '/chatter');
    // Every 0.5 s until 10 s; the first ones may pass before the client's subscription arrives.
    assert.ok(hello.length >= 18, `${hello.length} /chatter messages`);
    // Decoded with the advertised schema, stamped with its sim time: a count every 0.5 s.
    const count = (r: (typeof hello)[number]): number => Number(/^Hello World: (\d+)$/.exec(String(r.message.data))![1]);
    for (let i = 1; i < hello.length; i++) {
      assert.equal(count(hello[i]!) - count(hello[i - 1]!), 1);
      assert.equal(hello[i]!.time - hello[i - 1]!.time, 500_000_000n);
    }

    for (let i = 1; i < times.length; i++) assert.ok(times[i]!.sim >= times[i - 1]!.sim, 'time never goes back');
    const first = times[0]!;
    const last = times[times.length - 1]!;
    const rate = Number(last.sim - first.sim) / 1e6 / (last.wall - first.wall);
    assert.ok(Math.abs(rate - 2) <= 0.2, `paced at ${rate.toFixed(3)}× real time over ${((last.wall - first.wall) / 1000).toFixed(1)} s (asked: 2×)`);
    assert.ok(last.wall - first.wall > 4500, 'over about 5 s');

    assert.equal(lastJsonLine(stdout).fingerprint, lastJsonLine(plain.stdout).fingerprint, 'watching changes nothing');
  });

  it('drops a client that stops reading; the run goes on at its pace', async () => {
    const dir = tempDir();
    // 256 KiB a millisecond for 2 s of sim time at real time: 512 MiB for a client that reads nothing.
    const program = writeTemp(
      dir,
      'flood.cjs',
      `const rclnodejs = require('rclnodejs');
rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('flood');
  const publisher = node.createPublisher('std_msgs/msg/UInt8MultiArray', 'flood');
  const data = new Uint8Array(1 << 18);
  node.createTimer(1000000n, () => publisher.publish({ data }));
  rclnodejs.spin(node);
});
`,
    );
    const live = startLive(['exec', program, '--until', '2s']);
    const socket = new WebSocket(await live.url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]);
    let subscription = 0;
    socket.on('message', (data, binary) => {
      if (binary) return;
      const message = JSON.parse(data.toString()) as { op: string; channels?: { id: number; topic: string }[] };
      if (message.op !== 'advertise') return;
      socket.send(JSON.stringify({ op: 'subscribe', subscriptions: message.channels!.map((channel) => ({ id: ++subscription, channelId: channel.id })) }));
      // Once subscribed to /flood nothing more is read: the server's queue to this client only grows.
      if (message.channels!.some((channel) => channel.topic === '/flood')) (socket as unknown as { _socket: { pause(): void } })._socket.pause();
    });
    socket.on('error', () => {});
    const started = performance.now();
    const { code, stderr } = await live.ended;
    assert.equal(code, 0, stderr);
    assert.match(stderr, /dropped a slow Foxglove client/);
    assert.ok(performance.now() - started < 20_000, 'the run went on at its pace');
    socket.terminate();
  });

  it("shows what a turtlesim_node draws: its hidden drawing topic's markers (the pen's lines, the turtle)", async () => {
    const job = writeTemp(
      tempDir(),
      'turtle.yaml',
      'end: { after: 2s }\nnodes:\n  - { package: turtlesim, executable: turtlesim_node }\nevents:\n  - on: start\n    do:\n' +
        '      - ros2: [topic, pub, --once, /turtle1/cmd_vel, geometry_msgs/msg/Twist, "{linear: {x: 1.0}}"]\n',
    );
    const live = startLive(['run', job, '--rate', '10']);
    const client = new FoxgloveClient({ ws: new WebSocket(await live.url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]) });
    let drawing: Channel | undefined;
    const markers: { ns: string; type: number; text: string; color: { r: number } }[] = [];
    client.on('advertise', (list) => {
      const channel = list.find((c) => c.topic === '/turtlesim/_turtlesim_drawing');
      if (channel === undefined) return;
      drawing = channel;
      const reader = new MessageReader(parse(channel.schema, { ros2: true }));
      client.subscribe(channel.id);
      client.on('message', ({ data }) => markers.push(...(reader.readMessage(data) as { markers: typeof markers }).markers));
    });
    const { code } = await live.ended;
    assert.equal(code, 0);
    // The background is drawn at the first step, which may pass before the subscription arrives: the lines and the turtle come later.
    assert.equal(drawing?.schemaName, 'visualization_msgs/msg/MarkerArray');
    assert.ok(markers.some((m) => m.ns === 'turtles' && m.text === 'turtle1'));
    const line = markers.find((m) => m.ns === 'paths');
    assert.equal(line?.text, 'turtle1');
    assert.equal(line?.type, 5);
    assert.equal(Math.round(line!.color.r * 255), 0xb3);
  });
});

describe('the live view of a run with a world', () => {
  it("shows the world as Foxglove's 3D panel reads it: the static scene (sent again to who subscribes late), the rover each sample in its own frame, world → rover as tf; the fingerprint unchanged", async () => {
    const plain = runCli(['run', 'examples/world/job.yaml', '--json', '--quiet'], repoRoot, 120_000);
    const live = startLive(['run', 'examples/world/job.yaml', '--rate', '20', '--json']);
    const client = new FoxgloveClient({ ws: new WebSocket(await live.url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]) });
    const channels = new Map<string, Channel>();
    const readers = new Map<number, { topic: string; reader: MessageReader }>();
    const received = new Map<string, { time: bigint; message: unknown }[]>();
    client.on('advertise', (list) => {
      for (const channel of list) {
        if (!channel.topic.startsWith('/rclsim/world/')) continue;
        channels.set(channel.topic, channel);
        readers.set(client.subscribe(channel.id), { topic: channel.topic, reader: new MessageReader(parse(channel.schema, { ros2: true })) });
      }
    });
    client.on('message', ({ subscriptionId, timestamp, data }) => {
      const { topic, reader } = readers.get(subscriptionId)!;
      received.set(topic, [...(received.get(topic) ?? []), { time: timestamp, message: reader.readMessage(data) }]);
    });
    const { code, stdout } = await live.ended;
    assert.equal(code, 0);
    assert.deepEqual(
      [...channels.values()].map((c) => [c.topic, c.schemaName, c.schemaEncoding, c.encoding]),
      [
        ['/rclsim/world/scene', 'foxglove_msgs/msg/SceneUpdate', 'ros2msg', 'cdr'],
        ['/rclsim/world/models', 'foxglove_msgs/msg/SceneUpdate', 'ros2msg', 'cdr'],
        ['/rclsim/world/tf', 'tf2_msgs/msg/TFMessage', 'ros2msg', 'cdr'],
      ],
    );
    type Entity = { id: string; frame_id: string; cubes: unknown[]; cylinders: unknown[] };
    // Published once, at the start, before any client subscribed: sent again when one did.
    const [scene] = received.get('/rclsim/world/scene') ?? [];
    assert.equal(scene?.time, 0n);
    assert.deepEqual(
      (scene.message as { entities: Entity[] }).entities.map((e) => [e.id, e.frame_id, e.cubes.length, e.cylinders.length]),
      [
        ['walls', 'world', 4, 0],
        ['pillar', 'world', 0, 1],
      ],
    );
    const models = received.get('/rclsim/world/models') ?? [];
    // Every 40 ms of 10 s; the first may pass before the subscription arrives.
    assert.ok(models.length >= 200, `${models.length} updates of the models`);
    assert.ok(models.every((m) => (m.message as { entities: Entity[] }).entities[0]?.frame_id === 'rover'));
    type Transform = { header: { frame_id: string }; child_frame_id: string; transform: { translation: { x: number } } };
    const rover = (received.get('/rclsim/world/tf') ?? []).map((m) => (m.message as { transforms: Transform[] }).transforms[0]!);
    assert.ok(rover.every((t) => t.header.frame_id === 'world' && t.child_frame_id === 'rover'));
    for (let i = 1; i < rover.length; i++) assert.ok(rover[i]!.transform.translation.x >= rover[i - 1]!.transform.translation.x, 'it drives east');
    assert.ok(Math.abs(rover.at(-1)!.transform.translation.x - 3.8) < 0.001, 'to the wall');
    assert.equal(lastJsonLine(stdout).fingerprint, lastJsonLine(plain.stdout).fingerprint, 'watching changes nothing');
  });
});

describe('--rate without a live view', () => {
  it('paces a run at the rate asked for, and refuses what is no rate', () => {
    const wallOf = (args: string[]): number => {
      const run = runCli(['run', 'examples/talker-listener/job.yaml', '--until', '8s', ...args, '--json', '--quiet']);
      assert.equal(run.status, 0, run.stderr);
      return Number(lastJsonLine(run.stdout).wallSeconds);
    };
    // 8 s of sim time at 4× real time: 2 s of wall time, never less. Slower only by what the
    // run itself costs, which a loaded machine stretches: measured unpaced beside it, so that
    // the bound holds on a busy machine and still fails a run paced at 1× (8 s).
    const unpaced = wallOf([]);
    const paced = wallOf(['--rate', '4']);
    assert.ok(paced >= 1.99 && paced < 2 + 2 * unpaced + 1.5, `${paced} s of wall time (${unpaced} s unpaced)`);
    const bad = runCli(['run', 'examples/talker-listener/job.yaml', '--rate', 'fast']);
    assert.equal(bad.status, 64);
    assert.match(bad.stderr, /--rate <rate>' argument 'fast' is invalid\. expected a positive number \(times real time\) or max\./);
  });
});

describe('ros2 commands in a live run (rclsim ros2 --foxglove …)', () => {
  it("runs a command inside the run as a job's ros2 action does, prints its output here with its exit code, and says on the run's stderr that the run now depends on it", async () => {
    const live = startLive(['exec', 'examples/talker-listener/talker.js', '--until', '40s', '--rate', '4']);
    const port = new URL(await live.url).port;
    const ros2 = (...words: string[]) => runCliAsync(['ros2', '--foxglove', port, ...words], repoRoot, 60_000);
    const echo = await ros2('topic', 'echo', '/chatter', '--once');
    assert.equal(echo.status, 0, echo.stderr);
    assert.match(echo.stdout, /^data: 'Hello World: \d+'\n---\n$/);
    const nodes = await ros2('node', 'list');
    assert.deepEqual({ status: nodes.status, stdout: nodes.stdout }, { status: 0, stdout: '/talker\n' });
    // ros2cli refuses it; argparse's exit code, one line.
    const refused = await ros2('topic', 'lst');
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /^rclsim ros2: ros2 topic lst: rclsim has no equivalent of this command \(it has: .*\)\n$/);
    // Ctrl-C ends the command in the run too: its subscription is gone.
    const child = spawn(process.execPath, [cliPath, 'ros2', '--foxglove', port, 'topic', 'echo', '/chatter']);
    await outputUntil(child, 'stdout', (text) => text.includes('---'));
    const during = await ros2('topic', 'info', '/chatter');
    child.kill('SIGINT');
    const interrupted = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(interrupted, 130);
    assert.match(during.stdout, /Subscription count: 1\n/);
    const after = await ros2('topic', 'info', '/chatter');
    assert.match(after.stdout, /Subscription count: 0\n/);
    live.child.kill('SIGINT');
    const { stderr } = await live.ended;
    assert.match(
      stderr,
      /rclsim: a live client runs `ros2 topic echo \/chatter --once` at sim time \d+\.\d{9}s: from here on this run depends on when it came\n/,
    );
  });

  it('says in one line that a Foxglove server without services (not an rclsim run) takes no commands (exit 69)', async () => {
    const server = new wsProtocol.FoxgloveServer({ name: 'another bridge', capabilities: ['time'] });
    const sockets = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (protocols) => server.handleProtocols(protocols) });
    sockets.on('connection', (socket, request) => server.handleConnection(socket, `${request.socket.remotePort}`));
    await new Promise((resolve) => sockets.once('listening', resolve));
    const { port } = sockets.address() as { port: number };
    const { status, stderr } = await runCliAsync(['ros2', '--foxglove', String(port), 'topic', 'list']);
    sockets.close();
    assert.equal(status, 69);
    assert.equal(stderr, `rclsim ros2: the live view at ws://127.0.0.1:${port} takes no commands (not an rclsim run)\n`);
  });

  it('says in one line that no live run is at the address (exit 69)', async () => {
    const { status, stderr } = await runCliAsync(['ros2', '--foxglove', '127.0.0.1:1', 'topic', 'list']);
    assert.equal(status, 69);
    assert.match(stderr, /^rclsim ros2: no live run at ws:\/\/127\.0\.0\.1:1: .*ECONNREFUSED.*\n$/);
  });
});
