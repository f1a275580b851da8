import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseMessageDefinition } from '@foxglove/rosmsg';
import type * as Zstd from '@foxglove/wasm-zstd';
import { McapWriter } from '@mcap/core';
import Database from 'better-sqlite3';
import { parse as parseYaml } from 'yaml';
import { SyncFileWritable } from '../../src/bag/SyncFileWritable.js';
import { Node } from '../../src/client/Node.js';
import { defineJob, type JobHandle } from '../../src/job/JobHandle.js';
import { runJob } from '../../src/job/runJob.js';
import { LogOutput } from '../../src/ros/LogOutput.js';
import { cliPath, lastJsonLine, MS, repoRoot, runCli, SECOND, tempDir, writeTemp } from '../support/helpers.js';
import { type McapMessage, readMcap } from '../support/mcapFiles.js';

const fixtures = join(repoRoot, '../shared/fixtures/rosbag2');
const TALKER_MCAP = join(fixtures, 'mcap-talker/talker.mcap');

/** Runs a job quietly; `startTime` given only when set, as in a job file. */
async function runQuiet(
  setup: (job: JobHandle) => void | Promise<void>,
  extra: { startTime?: bigint; interfaces?: { path: string; package?: string }[]; topicDelays?: Map<string, bigint> } = {},
) {
  return runJob(defineJob({ name: 'bags', ...extra, setup }), { logOutput: new LogOutput(() => {}) });
}

const essentials = (messages: McapMessage[]) =>
  messages.map(({ topic, logTime, publishTime, data }) => ({ topic, logTime, publishTime, data: Buffer.from(data).toString('hex') }));

/** A copy of the sqlite3 fixture: opening a WAL-mode bag creates files beside it. */
function sqliteTalker(): string {
  const dir = tempDir();
  copyFileSync(join(fixtures, 'sqlite3-talker/talker.db3'), join(dir, 'talker.db3'));
  return join(dir, 'talker.db3');
}

describe('rosbag2 playback and recording', () => {
  it('plays the fixture bags with their exact messages, order, timestamps and payloads', async () => {
    const source = (await readMcap(TALKER_MCAP)).messages;
    for (const bag of [TALKER_MCAP, sqliteTalker()]) {
      const out = join(tempDir(), 'out.mcap');
      const summary = await runQuiet(async (job) => {
        await job.record({ path: out, topics: ['/topic', '/rosout'] });
        await job.play({ bag });
      });
      assert.equal(summary.startTime, 1585866235112411371n, 'the simulation starts at the first message');
      assert.deepEqual(essentials((await readMcap(out)).messages), essentials(source), bag);
    }
  });

  it('plays a bag of user types (ROS 2 test interfaces) from a libmcap file, from the definitions it carries', async () => {
    const bag = join(fixtures, 'mcap-convert_b/rewriter_b_0.mcap');
    const out = join(tempDir(), 'out.mcap');
    const strings: string[] = [];
    await runQuiet(async (job) => {
      await job.record({ path: out, topics: ['c_strings', 'a_empty'].map((t) => `/${t}`) });
      await job.play({ bag, remap: { c_strings: '/c_strings', a_empty: '/a_empty' } });
      new Node('listener').createSubscription('test_msgs/msg/Strings', '/c_strings', (m) =>
        strings.push(`${m.string_value_default1}|${m.bounded_string_value}`),
      );
    });
    const source = (await readMcap(bag)).messages.map((m) => ({ ...m, topic: `/${m.topic}` }));
    const recorded = (await readMcap(out)).messages;
    assert.equal(recorded.length, 75);
    assert.deepEqual(essentials(recorded), essentials(source));
    assert.equal(strings.length, 50);
    assert.equal(strings[0], 'Hello world!|', 'decoded with the schema the bag carries');
  });

  it('decodes types no interface folder has from the bag’s ros2msg and ros2idl schemas; installed definitions win', async () => {
    const bag = join(tempDir(), 'robot.mcap');
    const wheel = cdr((view) => {
      view.setFloat64(0, 2.5, true);
      view.setUint32(8, 6, true);
      new Uint8Array(view.buffer).set(new TextEncoder().encode('front\0'), 4 + 12);
      return 4 + 12 + 6;
    });
    const gripper = cdr((view) => {
      view.setFloat64(0, 0.125, true);
      view.setFloat32(8, -3.5, true);
      return 4 + 12;
    });
    const SEPARATOR = '='.repeat(80);
    await writeCustomBag(bag, [
      {
        topic: '/wheel',
        type: 'robot_msgs/msg/Wheel',
        encoding: 'ros2msg',
        text: `Speed speed\nstring name\n${SEPARATOR}\nMSG: robot_msgs/Speed\nuint8 UNIT=1\nfloat64 value\n`,
        data: [wheel],
      },
      {
        topic: '/gripper',
        type: 'robot_msgs/msg/Gripper',
        encoding: 'ros2idl',
        text: [
          `${SEPARATOR}\nIDL: robot_msgs/msg/Force\nmodule robot_msgs { module msg { struct Force { float newtons; }; }; };`,
          `${SEPARATOR}\nIDL: robot_msgs/msg/Gripper\n#include "robot_msgs/msg/Force.idl"\nmodule robot_msgs { module msg { struct Gripper { double width; robot_msgs::msg::Force force; }; }; };`,
        ].join('\n'),
        data: [gripper],
      },
      // A wrong definition of a standard type: the installed one is used.
      {
        topic: '/chatter',
        type: 'std_msgs/msg/String',
        encoding: 'ros2msg',
        text: 'uint8 data\n',
        data: [
          cdr((view) => {
            view.setUint32(0, 3, true);
            view.setUint32(4, 0x6968, true);
            return 4 + 7;
          }),
        ],
      },
    ]);
    const heard: unknown[] = [];
    await runQuiet(async (job) => {
      await job.play({ bag });
      const node = new Node('listener');
      node.createSubscription('robot_msgs/msg/Wheel', '/wheel', (m) => heard.push(m));
      node.createSubscription('robot_msgs/msg/Gripper', '/gripper', (m) => heard.push(m));
      node.createSubscription('std_msgs/msg/String', '/chatter', (m) => heard.push(m));
    });
    assert.deepEqual(JSON.parse(JSON.stringify(heard)), [{ speed: { value: 2.5 }, name: 'front' }, { width: 0.125, force: { newtons: -3.5 } }, { data: 'hi' }]);

    // In a job file the bags open before the nodes start, so a program can use the types they carry.
    const dir = dirname(bag);
    writeTemp(
      dir,
      'wheel.cjs',
      `const rclnodejs = require('rclnodejs');
rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('listener');
  node.createSubscription('robot_msgs/msg/Wheel', '/wheel', (m) => console.log('wheel', m.name, m.speed.value));
  rclnodejs.spin(node);
});
`,
    );
    const result = runCli(['run', writeTemp(dir, 'job.yaml', 'play:\n  bag: robot.mcap\nnodes:\n  - script: wheel.cjs\nend:\n  after: 1s\n')]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^wheel front 2\.5$/m);
  });

  it('keeps every byte and both timestamps through record → play → record', async () => {
    const first = join(tempDir(), 'first.mcap');
    await runQuiet(
      async (job) => {
        await job.record({ path: first });
        const node = new Node('talker');
        const publisher = node.createPublisher('geometry_msgs/msg/PoseStamped', '/pose');
        let n = 0;
        node.createTimer(10n * MS, () => publisher.publish({ header: { frame_id: `f${n}` }, pose: { position: { x: n++ / 3 } } }));
        node.createTimer(SECOND, () => job.finish());
      },
      { topicDelays: new Map([['/pose', 3n * MS]]) },
    );
    const second = join(tempDir(), 'second.mcap');
    await runQuiet(async (job) => {
      await job.record({ path: second, topics: ['/pose'] });
      await job.play({ bag: first, topics: ['/pose'] });
    });
    const original = (await readMcap(first)).messages.filter((m) => m.topic === '/pose');
    assert.ok(original.length > 10 && original.every((m) => m.logTime - m.publishTime === 3n * MS), 'log time is the receive time');
    assert.deepEqual(essentials((await readMcap(second)).messages), essentials(original));

    // Driven by send times instead, each message arrives when it was originally sent.
    const bySendTime = join(tempDir(), 'sent.mcap');
    await runQuiet(async (job) => {
      await job.record({ path: bySendTime, topics: ['/pose'] });
      await job.play({ bag: first, topics: ['/pose'], timestamp: 'sent' });
    });
    const resent = (await readMcap(bySendTime)).messages;
    assert.deepEqual(
      resent.map((m) => m.logTime),
      original.map((m) => m.publishTime),
    );
    assert.deepEqual(
      resent.map((m) => m.publishTime),
      original.map((m) => m.publishTime),
    );
  });

  it('writes rosbag2’s MCAP conventions, identical bytes on every run, and a metadata.yaml that bag info agrees with', async () => {
    const runs = [tempDir(), tempDir()];
    for (const dir of runs) {
      cpSync(join(repoRoot, 'examples/bag-regression'), dir, { recursive: true, filter: (src) => !src.includes('output') });
      const result = runCli(['run', join(dir, 'job.yaml'), '--json']);
      assert.equal(result.status, 0, result.stderr);
    }
    const files = runs.map((dir) => join(dir, 'output/output_0.mcap'));
    assert.ok(readFileSync(files[0]!).equals(readFileSync(files[1]!)), 'two recordings of the same job are byte-identical');
    assert.equal(readFileSync(join(runs[0]!, 'output/metadata.yaml'), 'utf8'), readFileSync(join(runs[1]!, 'output/metadata.yaml'), 'utf8'));

    const { reader, metadata, messages } = await readMcap(files[0]!);
    assert.equal(reader.header.profile, 'ros2');
    for (const schema of reader.schemasById.values()) {
      assert.equal(schema.encoding, 'ros2msg');
      const definitions = parseMessageDefinition(new TextDecoder().decode(schema.data), { ros2: true });
      assert.ok(definitions.length >= 1 && definitions[0]!.definitions.some((field) => field.name === 'data'));
    }
    for (const channel of reader.channelsById.values()) {
      assert.equal(channel.messageEncoding, 'cdr');
      const offered = parseYaml(channel.metadata.get('offered_qos_profiles')!) as { reliability: string; durability: string }[];
      assert.deepEqual([offered[0]!.reliability, offered[0]!.durability], ['reliable', 'volatile']);
    }
    const rosbag2 = metadata.find((record) => record.name === 'rosbag2');
    const serialized = parseYaml(rosbag2!.metadata.get('serialized_metadata')!) as { version: number; message_count: number; ros_distro: string };
    assert.deepEqual([serialized.version, serialized.message_count, serialized.ros_distro], [9, 20, 'jazzy']);

    const shouts = messages.filter((m) => m.topic === '/shout').map((m) => Buffer.from(m.data).subarray(8).toString('utf8').replace(/\0+$/, ''));
    assert.equal(shouts[0], 'HELLO, WORLD! 0 (#1, +0.000 ms)');
    assert.equal(shouts[1], 'HELLO, WORLD! 1 (#2, +500.366 ms)', 'the gap between recorded receive times, to the nanosecond');
    assert.ok(messages.every((m) => m.topic !== '/shout' || m.logTime === m.publishTime));

    const yaml = (
      parseYaml(readFileSync(join(runs[0]!, 'output/metadata.yaml'), 'utf8'), { intAsBigInt: true }) as { rosbag2_bagfile_information: BagfileInformation }
    ).rosbag2_bagfile_information;
    const info = JSON.parse(runCli(['bag', 'info', join(runs[0]!, 'output'), '--json']).stdout) as BagInfoJson;
    assertInfoMatches(info, yaml);
  });

  it('bag info reports what the fixtures’ metadata.yaml says, for MCAP and sqlite3', () => {
    for (const [bag, metadataFile] of [
      [join(fixtures, 'mcap-talker'), join(fixtures, 'mcap-talker/metadata.yaml')],
      [sqliteTalker(), join(fixtures, 'sqlite3-talker/metadata.yaml')],
      [join(fixtures, 'mcap-convert_b/rewriter_b_0.mcap'), join(fixtures, 'mcap-convert_b/metadata.yaml')],
    ] as const) {
      const result = runCli(['bag', 'info', bag, '--json']);
      assert.equal(result.status, 0, result.stderr);
      const yaml = (parseYaml(readFileSync(metadataFile, 'utf8'), { intAsBigInt: true }) as { rosbag2_bagfile_information: BagfileInformation })
        .rosbag2_bagfile_information;
      assertInfoMatches(JSON.parse(result.stdout) as BagInfoJson, yaml);
    }
    const human = runCli(['bag', 'info', join(fixtures, 'mcap-talker')]);
    assert.match(human.stdout, /^Files: {13}talker\.mcap$/m);
    assert.match(human.stdout, /^Duration: {10}4\.531096768s$/m);
    assert.match(human.stdout, /^Start: {13}Apr {2}2 2020 22:23:55\.112411371 \(1585866235\.112411371\)$/m);
    assert.match(human.stdout, /^Messages: {10}20$/m);
    assert.match(human.stdout, /^Topic information: Topic: \/topic \| Type: std_msgs\/msg\/String \| Count: 10 \| Serialization Format: cdr$/m);
  });

  it('plays a split bag directory in order, across lz4- and zstd-compressed files', async () => {
    const dir = tempDir();
    const half = 1585866237_500000000n - 1585866235_112411371n;
    await runQuiet(async (job) => {
      await job.record({ path: join(dir, 'part_0.mcap'), topics: ['/topic'], compression: 'lz4' });
      await job.play({ bag: TALKER_MCAP, topics: ['/topic'], window: { to: half } });
    });
    await runQuiet(async (job) => {
      await job.record({ path: join(dir, 'part_1.mcap'), topics: ['/topic'], compression: 'zstd' });
      await job.play({ bag: TALKER_MCAP, topics: ['/topic'], window: { from: half + 1n } });
    });
    writeTemp(
      dir,
      'metadata.yaml',
      'rosbag2_bagfile_information:\n  version: 9\n  storage_identifier: mcap\n  relative_file_paths: [part_0.mcap, part_1.mcap]\n',
    );
    const compressions = await Promise.all(['part_0.mcap', 'part_1.mcap'].map(async (f) => (await readMcap(join(dir, f))).reader.chunkIndexes[0]!.compression));
    assert.deepEqual(compressions, ['lz4', 'zstd']);
    const out = join(tempDir(), 'out.mcap');
    await runQuiet(async (job) => {
      await job.record({ path: out, topics: ['/topic'] });
      await job.play({ bag: dir });
    });
    const talker = (await readMcap(TALKER_MCAP)).messages.filter((m) => m.topic === '/topic');
    assert.deepEqual(essentials((await readMcap(out)).messages), essentials(talker));
  });

  it('plays in receive-time order, ties in file order, when chunks overlap in time and one instant straddles chunks, or without chunks; or in send-time order', async () => {
    const written: { time: bigint; sent: bigint; data: Uint8Array; text: string }[] = [];
    for (let k = 0; k < 400; k++) {
      // Four messages per millisecond; every seventh is written 3 ms late (so chunks overlap).
      const time = BigInt(Math.floor(k / 4) - (k % 7 === 0 ? 3 : 0) + 10) * MS;
      // Latencies of 0 to 8 ms: sending order differs from receiving order.
      const sent = time - BigInt(k % 5) * 2n * MS;
      const text = `m${k}`;
      const data = cdr((view) => {
        view.setUint32(0, text.length + 1, true);
        new Uint8Array(view.buffer).set(new TextEncoder().encode(text), 8);
        return 8 + text.length + 1;
      });
      written.push({ time, sent, data, text });
    }
    const byTime = (key: 'time' | 'sent') => (a: { time: bigint; sent: bigint }, b: { time: bigint; sent: bigint }) =>
      a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
    // Array.prototype.sort is stable: ties keep file order, then receive order.
    const received = [...written].sort(byTime('time'));
    const sent = [...received].sort(byTime('sent'));
    assert.notDeepEqual(sent, received);

    for (const chunking of [{ chunkSize: 700 }, { useChunks: false }]) {
      const bag = join(tempDir(), 'order.mcap');
      const writable = new SyncFileWritable(bag);
      const writer = new McapWriter({ writable, ...chunking });
      await writer.start({ profile: 'ros2', library: 'test' });
      const schemaId = await writer.registerSchema({ name: 'std_msgs/msg/String', encoding: 'ros2msg', data: new TextEncoder().encode('string data\n') });
      const channelId = await writer.registerChannel({ topic: '/order', messageEncoding: 'cdr', schemaId, metadata: new Map() });
      for (const [k, { time, sent, data }] of written.entries()) await writer.addMessage({ channelId, sequence: k, logTime: time, publishTime: sent, data });
      await writer.end();
      writable.close();
      assert.equal((await readMcap(bag)).reader.chunkIndexes.length > 10, chunking.useChunks === undefined);
      const play = async (timestamp: 'received' | 'sent'): Promise<string[]> => {
        const heard: string[] = [];
        await runQuiet(async (job) => {
          await job.play({ bag, timestamp });
          new Node('listener').createSubscription('std_msgs/msg/String', '/order', (m) => heard.push(`${job.now()} ${m.data}`));
        });
        return heard;
      };
      assert.deepEqual(
        await play('received'),
        received.map((m) => `${m.time} ${m.text}`),
        JSON.stringify(chunking),
      );
      assert.deepEqual(
        await play('sent'),
        sent.map((m) => `${m.sent} ${m.text}`),
        JSON.stringify(chunking),
      );
    }
  });

  it('plays a bag with rosbag2’s per-message zstd compression', async () => {
    const zstd = createRequire(import.meta.url)('@foxglove/wasm-zstd') as typeof Zstd;
    await zstd.isLoaded;
    const { reader, messages } = await readMcap(TALKER_MCAP);
    const talker = messages.filter((m) => m.topic === '/topic');
    const dir = tempDir();
    const writable = new SyncFileWritable(join(dir, 'compressed_0.mcap'));
    const writer = new McapWriter({ writable });
    await writer.start({ profile: 'ros2', library: 'test' });
    const source = [...reader.channelsById.values()].find((channel) => channel.topic === '/topic')!;
    const { name, encoding, data } = reader.schemasById.get(source.schemaId)!;
    const schemaId = await writer.registerSchema({ name, encoding, data });
    const channelId = await writer.registerChannel({ topic: source.topic, messageEncoding: source.messageEncoding, metadata: source.metadata, schemaId });
    for (const m of talker) await writer.addMessage({ channelId, sequence: 0, logTime: m.logTime, publishTime: m.publishTime, data: zstd.compress(m.data) });
    await writer.end();
    writable.close();
    const metadata = (mode: string, format: string) =>
      `rosbag2_bagfile_information:\n  version: 9\n  storage_identifier: mcap\n  compression_mode: ${mode}\n  compression_format: ${format}\n  relative_file_paths: [compressed_0.mcap]\n`;
    writeTemp(dir, 'metadata.yaml', metadata('MESSAGE', 'zstd'));
    const out = join(tempDir(), 'out.mcap');
    await runQuiet(async (job) => {
      await job.record({ path: out, topics: ['/topic'] });
      await job.play({ bag: dir });
    });
    assert.deepEqual(essentials((await readMcap(out)).messages), essentials(talker));

    writeTemp(dir, 'metadata.yaml', metadata('message', 'bz2'));
    await assert.rejects(
      runQuiet((job) => job.play({ bag: dir }).then(() => {})),
      /metadata\.yaml: message compression 'bz2' is not supported/,
    );
  });

  it('selects, remaps, windows and places playback; publishes /clock; a job start time shifts the bag', async () => {
    const heard: string[] = [];
    let clocks = 0;
    const summary = await runQuiet(
      async (job) => {
        const node = new Node('listener');
        node.createSubscription('std_msgs/msg/String', '/chatter', (m) => heard.push(`${(job.now() - job.startTime) / MS} ${m.data}`));
        node.createSubscription('rosgraph_msgs/msg/Clock', '/clock', () => clocks++);
        node.createSubscription('rcl_interfaces/msg/Log', '/rosout', () => heard.push('rosout'));
        await job.play({
          bag: TALKER_MCAP,
          topics: ['/topic'],
          remap: { '/topic': '/chatter' },
          window: { from: SECOND, to: 2n * SECOND },
          startOffset: 250n * MS,
          clockHz: 100,
        });
      },
      { startTime: 10n * SECOND },
    );
    assert.equal(summary.startTime, 10n * SECOND);
    // Messages 2..3 lie in [1 s, 2 s] of the bag; the first of them lands 250 ms after the start.
    assert.deepEqual(heard, ['250 Hello, world! 2', '750 Hello, world! 3']);
    assert.equal(clocks, 76, '/clock at 100 Hz from the start (0, 10, …, 750 ms) until the last message');
  });

  it('finishes the recording when a callback throws, and when the run is interrupted', async () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'busy.cjs',
      `const rclnodejs = require('rclnodejs');
const mode = process.argv[2];
rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('busy');
  const pub = node.createPublisher('std_msgs/msg/String', 'busy');
  let n = 0;
  node.createTimer(1000000n, () => {
    pub.publish('tick ' + n++);
    if (mode === 'throw' && n === 500) throw new Error('sensor failed');
    if (mode === 'forever' && n === 200) require('node:fs').writeFileSync('ticked', '');
  });
  rclnodejs.spin(node);
});
`,
    );
    const job = (mode: string) =>
      writeTemp(dir, `${mode}.yaml`, `nodes:\n  - script: busy.cjs\n    args: [${mode}]\nrecord:\n  path: ${mode}\n  compression: zstd\n`);

    const failed = runCli(['run', job('throw'), '--quiet']);
    assert.equal(failed.status, 3, failed.stderr);
    const afterThrow = (await readMcap(join(dir, 'throw/throw_0.mcap'))).messages.filter((m) => m.topic === '/busy');
    assert.equal(afterThrow.length, 500);
    assert.ok(existsSync(join(dir, 'throw/metadata.yaml')));

    // Interrupted once it has published 200 messages (a file it writes says so), however loaded the machine.
    const child = spawn(process.execPath, [cliPath, 'run', job('forever'), '--quiet'], { cwd: dir, stdio: 'ignore' });
    while (!existsSync(join(dir, 'ticked'))) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 130);
    const { messages } = await readMcap(join(dir, 'forever/forever_0.mcap'));
    assert.ok(messages.length >= 200, `an interrupted run's bag holds what it recorded (${messages.length})`);
  });

  it('names the file and the problem for missing, truncated and corrupt bags, unknown types and bad job entries', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'truncated.mcap'), readFileSync(TALKER_MCAP).subarray(0, 4000));
    const corrupt = Buffer.from(readFileSync(TALKER_MCAP));
    corrupt.fill(0x55, 200, 1200);
    writeFileSync(join(dir, 'corrupt.mcap'), corrupt);
    writeFileSync(join(dir, 'notabag.db3'), 'hello');
    for (const [file, problem] of [
      ['missing.mcap', /missing\.mcap: no such bag/],
      ['truncated.mcap', /truncated\.mcap: not a readable MCAP file/],
      ['notabag.db3', /notabag\.db3: .*sqlite3/],
    ] as const) {
      const result = runCli(['bag', 'info', join(dir, file)]);
      assert.equal(result.status, 2, file);
      assert.match(result.stderr, problem);
    }
    const playCorrupt = runCli(['run', writeTemp(dir, 'corrupt.yaml', 'play:\n  bag: corrupt.mcap\n'), '--quiet']);
    assert.equal(playCorrupt.status, 2, playCorrupt.stderr);
    assert.match(playCorrupt.stderr, /corrupt\.mcap: .*(corrupt|CRC|crc)/);

    // What rosbag2 writes for a type whose definition it did not find: nothing to decode with.
    await writeCustomBag(join(dir, 'custom.mcap'), [
      { topic: '/wheel', type: 'robot_msgs/msg/Wheel', encoding: 'unknown', text: '', data: [new Uint8Array(16)] },
    ]);
    const unknown = runCli(['run', writeTemp(dir, 'unknown.yaml', 'play:\n  bag: custom.mcap\n'), '--quiet']);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /custom\.mcap: topic \/wheel \(robot_msgs\/msg\/Wheel\): .*robot_msgs\/msg\/Wheel/);

    const badEntry = runCli(['run', writeTemp(dir, 'bad.yaml', 'play:\n  bag: custom.mcap\n  timestamp: wall\n'), '--quiet']);
    assert.equal(badEntry.status, 2);
    assert.match(badEntry.stderr, /bad\.yaml:3: play\.timestamp/);
  });

  it('plays a sqlite3 bag from a job file, the simulation starting at its first message', () => {
    const bag = sqliteTalker();
    const before = new Database(bag, { readonly: true }).prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number };
    const result = runCli(['run', writeTemp(tempDir(), 'play.yaml', `play:\n  bag: ${bag}\n`), '--json']);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(lastJsonLine(result.stdout).startTime, '1585866235112411371');
    assert.equal(before.n, 20);
  });
});

/** CDR bytes (little endian) after the 4-byte encapsulation header; `fill` returns the total length. */
function cdr(fill: (body: DataView) => number): Uint8Array {
  const bytes = new Uint8Array(256);
  bytes.set([0, 1, 0, 0]);
  const length = fill(new DataView(bytes.buffer, 4));
  return bytes.slice(0, length);
}

/** An MCAP file as rosbag2 writes one, one topic per schema, messages 1 ms apart. */
async function writeCustomBag(path: string, topics: { topic: string; type: string; encoding: string; text: string; data: Uint8Array[] }[]): Promise<void> {
  const writable = new SyncFileWritable(path);
  const writer = new McapWriter({ writable });
  await writer.start({ profile: 'ros2', library: 'test' });
  let time = 1_000_000n;
  for (const { topic, type, encoding, text, data } of topics) {
    const schemaId = await writer.registerSchema({ name: type, encoding, data: new TextEncoder().encode(text) });
    const channelId = await writer.registerChannel({ topic, messageEncoding: 'cdr', schemaId, metadata: new Map() });
    for (const message of data) {
      await writer.addMessage({ channelId, sequence: 0, logTime: time, publishTime: time, data: message });
      time += 1_000_000n;
    }
  }
  await writer.end();
  writable.close();
}

interface BagfileInformation {
  message_count: bigint;
  duration: { nanoseconds: bigint };
  starting_time: { nanoseconds_since_epoch: bigint };
  relative_file_paths: string[];
  storage_identifier: string;
  topics_with_message_count: { message_count: bigint; topic_metadata: { name: string; type: string; serialization_format: string } }[];
}

interface BagInfoJson {
  files: string[];
  storageId: string;
  duration: string;
  startTime: string;
  messageCount: string;
  topics: { name: string; type: string; messageCount: string; serializationFormat: string }[];
}

function assertInfoMatches(info: BagInfoJson, yaml: BagfileInformation): void {
  assert.deepEqual(
    info.files.map((file) => basename(file)),
    yaml.relative_file_paths,
  );
  assert.equal(info.storageId, yaml.storage_identifier);
  assert.equal(info.messageCount, String(yaml.message_count));
  assert.equal(info.duration, String(yaml.duration.nanoseconds));
  assert.equal(info.startTime, String(yaml.starting_time.nanoseconds_since_epoch));
  const byName = (topics: { name: string }[]) => [...topics].sort((a, b) => (a.name < b.name ? -1 : 1));
  assert.deepEqual(
    byName(info.topics),
    byName(
      yaml.topics_with_message_count.map((t) => ({
        name: t.topic_metadata.name,
        type: t.topic_metadata.type,
        messageCount: String(t.message_count),
        serializationFormat: t.topic_metadata.serialization_format,
      })),
    ),
  );
}
