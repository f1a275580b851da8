import assert from 'node:assert/strict';
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { McapWriter } from '@mcap/core';
import { parse as parseYaml } from 'yaml';
import { SyncFileWritable } from '../../src/bag/SyncFileWritable.js';
import { Node } from '../../src/client/Node.js';
import { serializeMessage } from '../../src/interfaces/cdr.js';
import { InterfaceRegistry } from '../../src/interfaces/InterfaceRegistry.js';
import { typeDescriptionHash } from '../../src/interfaces/typeDescription.js';
import { defineJob } from '../../src/job/JobHandle.js';
import { runJob } from '../../src/job/runJob.js';
import { LogOutput } from '../../src/ros/LogOutput.js';
import { QoS } from '../../src/ros/QoS.js';
import { type OracleMessage, readWithOracle, readWithRosbags, runPython } from '../support/bagOracle.js';
import { MS, needs, repoRoot, runCli, SECOND, tempDir, writeTemp } from '../support/helpers.js';
import { readMcap } from '../support/mcapFiles.js';
import { hasOpaqueBytes, isWritable, NON_ASCII, oracleForm, sampleMessage, type Variant } from '../support/messageSamples.js';

const TEST_INTERFACES = { path: '/usr/share/test_interface_files', package: 'test_msgs' };
const fixtures = join(repoRoot, '../shared/fixtures/rosbag2');
const quiet = { logOutput: new LogOutput(() => {}) };

/** Every message type of the standard packages and ROS 2's test_msgs that CDR can carry. */
function everyMessageType(registry: InterfaceRegistry): string[] {
  return registry
    .packageNames()
    .flatMap((pkg) => registry.typeNames(pkg))
    .filter((name) => name.includes('/msg/') && isWritable(registry.message(name)));
}

const byTopic = (messages: Pick<OracleMessage, 'topic' | 'message'>[]): Map<string, unknown[]> => {
  const topics = new Map<string, unknown[]>();
  for (const m of messages) topics.set(m.topic, [...(topics.get(m.topic) ?? []), m.message]);
  return topics;
};

describe('bags that readers we did not write accept (bag-oracle: rosbags, Foxglove mcap)', () => {
  it('records every message kind the interface packages ship, with extreme values, as both readers decode them', needs('test interfaces'), async () => {
    const registry = new InterfaceRegistry([TEST_INTERFACES]);
    const types = everyMessageType(registry);
    assert.ok(types.length > 150, `${types.length} types`);
    const topicOf = (type: string): string => `/samples/${type.replaceAll('/msg/', '/')}`;
    const withBytes = types.filter((type) => hasOpaqueBytes(registry.message(type))).map(topicOf);
    const withoutBytes = types.map(topicOf).filter((topic) => !withBytes.includes(topic));
    const dir = tempDir();
    // Every type uncompressed; the compressed bags (whose chunks the readers must inflate) with
    // every eighth type, which spans the packages: the readers' decoding is the slow part.
    const sampled = withoutBytes.filter((_, i) => i % 8 === 0);
    const outputs = [
      { path: join(dir, 'plain.mcap'), compression: 'none' as const, topics: withoutBytes },
      { path: join(dir, 'zstd_bag'), compression: 'zstd' as const, topics: sampled },
      { path: join(dir, 'lz4_bag'), compression: 'lz4' as const, topics: sampled },
    ];
    const bytesBag = join(dir, 'bytes.mcap');
    const expected = new Map<string, unknown[]>();
    await runJob(
      defineJob({
        name: 'every-type',
        interfaces: [TEST_INTERFACES],
        setup: async (job) => {
          for (const output of outputs) await job.record(output);
          await job.record({ path: bytesBag, topics: withBytes });
          const node = new Node('samples');
          const publishers = types.map((type) => ({ type, publisher: node.createPublisher(type, topicOf(type)) }));
          const publishAll = (variant: Variant): void => {
            for (const { type, publisher } of publishers) {
              const messageType = registry.message(type);
              const message = messageType.normalize(sampleMessage(messageType, registry, variant));
              publisher.publish(message as never);
              expected.set(publisher.topic, [...(expected.get(publisher.topic) ?? []), oracleForm(messageType, registry, message)]);
            }
          };
          const variants: Variant[] = ['plain', 'extreme'];
          const timer = node.createTimer(SECOND, () => {
            publishAll(variants.shift()!);
            if (variants.length === 0) timer.cancel();
          });
        },
        endAfter: 2n * SECOND,
      }),
      quiet,
    );
    const check = (decoded: Map<string, unknown[]>, topics: string[], bag: string): void => {
      for (const topic of topics) assert.deepEqual(decoded.get(topic), expected.get(topic), `${topic} in ${bag}`);
    };
    // The four readings at once: the readers' decoding is most of this test's time.
    const [bytesReading, ...readings] = await Promise.all([readWithRosbags(bytesBag), ...outputs.map((output) => readWithOracle(output.path))]);
    for (const [i, output] of outputs.entries()) {
      const reading = readings[i]!;
      assert.equal(reading.count, 2 * output.topics.length, output.path);
      const notOk = reading.topics.filter((topic) => topic.embedded_definition !== 'ok');
      assert.deepEqual(
        notOk.map((t) => `${t.type}: ${t.embedded_definition}`),
        [],
        'every embedded definition parses and equals Jazzy’s',
      );
      check(byTopic(reading.messages), output.topics, output.path);
    }
    assert.ok(withBytes.length >= 8, withBytes.join());
    check(byTopic(bytesReading), withBytes, bytesBag);
    const strings = byTopic(readings[0]!.messages).get('/samples/std_msgs/String') as { data: string }[];
    assert.equal(strings[1]!.data, `${NON_ASCII} 0`, 'non-ASCII text is whole');
  });

  it('the bag-regression example’s recording is read whole by both readers', async () => {
    const dir = tempDir();
    cpSync(join(repoRoot, 'examples/bag-regression'), dir, { recursive: true, filter: (src) => !src.includes('output') });
    const result = runCli(['run', join(dir, 'job.yaml')]);
    assert.equal(result.status, 0, result.stderr);
    const reading = await readWithOracle(join(dir, 'output'));
    assert.equal(reading.count, 20);
    assert.deepEqual(
      reading.topics.map((t) => [t.name, t.count, t.embedded_definition]),
      [
        ['/topic', 10, 'ok'],
        ['/shout', 10, 'ok'],
      ],
    );
    const shouts = byTopic(reading.messages).get('/shout') as { data: string }[];
    assert.equal(shouts[9]!.data, 'HELLO, WORLD! 9 (#10, +530.360 ms)');
  });

  it('numbers channels and schemas from 1, writes QoS lists and RIHS01 hashes as Jazzy does, IDL types as ros2idl', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'robot_msgs/msg'), { recursive: true });
    writeTemp(
      dir,
      'robot_msgs/msg/Reading.idl',
      [
        '#include "std_msgs/msg/Header.idl"',
        'module robot_msgs { module msg {',
        '  module Reading_Constants { const uint8 OK = 0; };',
        '  typedef uint8 uint8__2[2];',
        '  struct Reading { std_msgs::msg::Header header; sequence<double, 8> values; char tag; uint8__2 flags; string<16> label; };',
        '}; };',
      ].join('\n'),
    );
    const bag = join(dir, 'out');
    const idlBag = join(dir, 'idl.mcap');
    await runJob(
      defineJob({
        name: 'conventions',
        interfaces: [{ path: dir }],
        setup: async (job) => {
          await job.record({ path: bag, topics: ['/chatter', '/map', '/reading'] });
          await job.record({ path: idlBag, topics: ['/reading'] });
          const node = new Node('talker');
          const chatter = node.createPublisher('std_msgs/msg/String', '/chatter');
          const latched = node.createPublisher('nav_msgs/msg/OccupancyGrid', '/map', {
            qos: new QoS(
              QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
              1,
              QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
              QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
            ),
          });
          const reading = node.createPublisher('robot_msgs/msg/Reading', '/reading');
          node.createTimer(100n * MS, () => {
            chatter.publish({ data: NON_ASCII });
            latched.publish({});
            reading.publish({ header: { frame_id: 'base' }, values: [1, 2], tag: 65, flags: [1, 2], label: 'front' });
          });
        },
        endAfter: 250n * MS,
      }),
      quiet,
    );
    const file = join(bag, 'out_0.mcap');
    const { reader } = await readMcap(file);
    assert.deepEqual([...reader.channelsById.keys()].sort(), [1, 2, 3]);
    assert.deepEqual([...reader.schemasById.keys()].sort(), [1, 2, 3]);
    const registry = new InterfaceRegistry([{ path: dir }]);
    for (const channel of reader.channelsById.values()) {
      const schema = reader.schemasById.get(channel.schemaId)!;
      assert.equal(channel.metadata.get('topic_type_hash'), typeDescriptionHash(registry.message(schema.name)));
      assert.equal(schema.encoding, schema.name === 'robot_msgs/msg/Reading' ? 'ros2idl' : 'ros2msg');
    }
    const idl = new TextDecoder().decode(reader.schemasById.get([...reader.channelsById.values()].find((c) => c.topic === '/reading')!.schemaId)!.data);
    assert.match(idl, /^={80}\nIDL: robot_msgs\/msg\/Reading\n#include "std_msgs\/msg\/Header\.idl"/);
    assert.match(idl, /\n={80}\nIDL: builtin_interfaces\/msg\/Time\n/);

    const metadata = (
      parseYaml(readFileSync(join(bag, 'metadata.yaml'), 'utf8')) as {
        rosbag2_bagfile_information: {
          version: number;
          custom_data: unknown;
          topics_with_message_count: { topic_metadata: { name: string; offered_qos_profiles: unknown; type_description_hash: string } }[];
        };
      }
    ).rosbag2_bagfile_information;
    assert.equal(metadata.version, 9);
    assert.deepEqual(metadata.custom_data, {}, 'yaml-cpp reads an empty map, not null, as custom_data');
    const map = metadata.topics_with_message_count.find((t) => t.topic_metadata.name === '/map')!.topic_metadata;
    assert.ok(Array.isArray(map.offered_qos_profiles), 'version 9 keeps offered_qos_profiles as a YAML list');
    assert.equal((map.offered_qos_profiles as { durability: string }[])[0]!.durability, 'transient_local');
    assert.match(map.type_description_hash, /^RIHS01_[0-9a-f]{64}$/);
    assert.doesNotMatch(readFileSync(join(bag, 'metadata.yaml'), 'utf8'), /[&*]a\d/, 'no YAML aliases');

    // Independent readers: rosbags' type store computes the same hashes, both decoders read it all.
    // (Not for types with a .msg `char`, such as service_msgs/msg/ServiceEventInfo: rosbags hashes it
    // as IDL's char, rosidl as uint8 — interfaces/messages.test.ts checks those against rosidl's own hashes.)
    const hashes = JSON.parse(
      await runPython(
        'import json,sys\nfrom rosbags.typesys import Stores, get_typestore\ns=get_typestore(Stores.ROS2_JAZZY)\nprint(json.dumps({t: s.hash_rihs01(t) for t in sys.argv[1:]}))',
        ['std_msgs/msg/String', 'nav_msgs/msg/OccupancyGrid', 'sensor_msgs/msg/PointCloud2', 'geometry_msgs/msg/PoseStamped'],
      ),
    ) as Record<string, string>;
    for (const [type, hash] of Object.entries(hashes)) assert.equal(typeDescriptionHash(registry.message(type)), hash, type);
    // Foxglove's Python decoder reads no ros2idl schema: the IDL topic is checked with rosbags alone.
    assert.deepEqual(
      (await readWithRosbags(idlBag)).map((m) => m.message),
      [
        { header: { stamp: { sec: 0, nanosec: 0 }, frame_id: 'base' }, values: [1, 2], tag: 65, flags: '0102', label: 'front' },
        { header: { stamp: { sec: 0, nanosec: 0 }, frame_id: 'base' }, values: [1, 2], tag: 65, flags: '0102', label: 'front' },
      ],
    );
    const msgOnly = join(dir, 'msg_only');
    await runJob(
      defineJob({
        name: 'copy',
        setup: async (job) => {
          await job.record({ path: msgOnly, topics: ['/chatter', '/map'] });
          await job.play({ bag, topics: ['/chatter', '/map'] });
        },
      }),
      quiet,
    );
    const reading = await readWithOracle(msgOnly);
    assert.equal(reading.count, 4);
    assert.ok(
      reading.topics.every((t) => t.embedded_definition === 'ok'),
      JSON.stringify(reading.topics),
    );
    assert.deepEqual(byTopic(reading.messages).get('/chatter'), [{ data: NON_ASCII }, { data: NON_ASCII }]);
  });

  it('plays bags rosbags wrote (MCAP and sqlite3, split, compressed) and re-records them exactly', async () => {
    const dir = tempDir();
    const sources = JSON.parse(await runPython(WRITE_ROSBAGS_BAGS, [dir])) as string[];
    assert.equal(sources.length, 5);
    for (const source of sources) {
      const out = join(dir, `rerecorded_${sources.indexOf(source)}`);
      await runJob(
        defineJob({
          name: 'rerecord',
          setup: async (job) => {
            await job.record({ path: out, topics: ['/chatter', '/big', '/imu', '/cloud', '/map'] });
            await job.play({ bag: source });
          },
        }),
        quiet,
      );
      // rosbags reads both: same topics, types, receive times and CDR bytes, message for message.
      const [original, copy, reading] = await Promise.all([runPython(DUMP_RAW, [source]), runPython(DUMP_RAW, [out]), readWithOracle(out)]);
      assert.ok(original.split('\n').length > 20, source);
      assert.equal(copy, original, `${source} re-recorded`);
      assert.equal(reading.count, original.trim().split('\n').length);
    }
  });

  it('plays a bag directory with the QoS its metadata.yaml gives (a transient-local subscriber joining late gets the map)', async () => {
    const dir = tempDir();
    const [bag] = JSON.parse(await runPython(WRITE_ROSBAGS_BAGS, [dir])) as string[];
    const metadataPath = join(bag!, 'metadata.yaml');
    const text = readFileSync(metadataPath, 'utf8');
    // The MCAP channels say volatile (what rosbags wrote); only metadata.yaml says transient local.
    writeFileSync(metadataPath, text.replace(/(name: \/map[\s\S]*?durability: )volatile/, '$1transient_local'));
    assert.notEqual(readFileSync(metadataPath, 'utf8'), text);
    const maps: number[] = [];
    await runJob(
      defineJob({
        name: 'latched',
        setup: async (job) => {
          await job.play({ bag: bag! });
          const node = new Node('late');
          const timer = node.createTimer(5n * SECOND, () => {
            timer.cancel();
            const latched = new QoS(
              QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
              10,
              QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
              QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
            );
            node.createSubscription('nav_msgs/msg/OccupancyGrid', '/map', { qos: latched }, (m) => maps.push(m.info.width));
          });
        },
      }),
      quiet,
    );
    assert.deepEqual(maps, [4, 4, 4]);
  });

  it('plays an .mcap without its metadata.yaml with the QoS its channels carry, as ros2 bag play does, and re-records them', async () => {
    const dir = tempDir();
    const original = join(dir, 'original');
    await runJob(
      defineJob({
        name: 'robot',
        setup: async (job) => {
          await job.record({ path: original, topics: ['/scan', '/map'] });
          const node = new Node('robot');
          const scan = node.createPublisher('std_msgs/msg/String', '/scan', { qos: QoS.profileSensorData });
          const map = node.createPublisher('std_msgs/msg/String', '/map', { qos: latched(1) });
          let i = 0;
          const timer = node.createTimer(100n * MS, () => {
            scan.publish({ data: `scan ${i}` });
            map.publish({ data: `map ${i}` });
            if (++i === 3) timer.cancel();
          });
        },
      }),
      quiet,
    );
    // As `ros2 bag record` writes it, the file alone carries the QoS: in its channels' metadata.
    mkdirSync(join(dir, 'bare'));
    const bare = join(dir, 'bare/robot.mcap');
    copyFileSync(join(original, 'original_0.mcap'), bare);
    const rerecorded = join(dir, 'rerecorded');
    const { scans, maps } = await playBare(bare, rerecorded);
    assert.deepEqual(scans, ['scan 0', 'scan 1', 'scan 2']);
    assert.deepEqual(maps, ['map 0', 'map 1', 'map 2'], 'a transient-local subscriber joining late gets what the player kept');
    const qosOf = async (bag: string): Promise<Record<string, string>> =>
      Object.fromEntries((await readWithOracle(bag)).topics.map((topic) => [topic.name, topic.offered_qos_profiles]));
    const [recorded, ofBare, ofRerecorded] = await Promise.all([original, bare, rerecorded].map(qosOf));
    assert.match(recorded!['/scan']!, /BEST_EFFORT/);
    assert.match(recorded!['/map']!, /TRANSIENT_LOCAL/);
    assert.deepEqual(ofBare, recorded, 'the bare file’s channels carry the QoS');
    assert.deepEqual(ofRerecorded, recorded);
  });

  it('plays a bare .mcap rosbags wrote (channels without QoS) with the QoS its rosbag2 metadata record lists', async () => {
    const dir = tempDir();
    // rosbags 0.11 writes each channel's metadata empty; the profiles are only in the file's serialized metadata.
    await runPython(
      `
import sys
from pathlib import Path
from rosbags.rosbag2 import Writer
from rosbags.rosbag2.enums import StoragePlugin
from rosbags.typesys import Stores, get_typestore
from rosbags.interfaces import Qos, QosDurability, QosHistory, QosLiveliness, QosReliability, QosTime
ts = get_typestore(Stores.ROS2_JAZZY)
inf = QosTime(sec=9223372036, nsec=854775807)
def qos(reliability, durability):
    return [Qos(history=QosHistory.KEEP_LAST, depth=1, reliability=reliability, durability=durability, deadline=inf, lifespan=inf, liveliness=QosLiveliness.AUTOMATIC, liveliness_lease_duration=inf, avoid_ros_namespace_conventions=False)]
String = ts.types['std_msgs/msg/String']
with Writer(Path(sys.argv[1]), version=9, storage_plugin=StoragePlugin.MCAP) as w:
    scan = w.add_connection('/scan', 'std_msgs/msg/String', typestore=ts, offered_qos_profiles=qos(QosReliability.BEST_EFFORT, QosDurability.VOLATILE))
    grid = w.add_connection('/map', 'std_msgs/msg/String', typestore=ts, offered_qos_profiles=qos(QosReliability.RELIABLE, QosDurability.TRANSIENT_LOCAL))
    for i in range(3):
        t = 1_700_000_000_000_000_000 + i * 100_000_000
        w.write(scan, t, ts.serialize_cdr(String(data=f'scan {i}'), 'std_msgs/msg/String'))
        w.write(grid, t, ts.serialize_cdr(String(data=f'map {i}'), 'std_msgs/msg/String'))
`,
      [join(dir, 'written')],
    );
    mkdirSync(join(dir, 'bare'));
    const bare = join(dir, 'bare/written.mcap');
    copyFileSync(join(dir, 'written/written.mcap'), bare);
    const rerecorded = join(dir, 'rerecorded');
    const { scans, maps } = await playBare(bare, rerecorded);
    assert.deepEqual(scans, ['scan 0', 'scan 1', 'scan 2']);
    assert.deepEqual(maps, ['map 0', 'map 1', 'map 2'], 'a transient-local subscriber joining late gets what the player kept');
    const qos = Object.fromEntries((await readWithOracle(rerecorded)).topics.map((topic) => [topic.name, topic.offered_qos_profiles]));
    assert.match(qos['/scan']!, /BEST_EFFORT/);
    assert.match(qos['/map']!, /TRANSIENT_LOCAL/);
  });

  it('plays bags with service event topics and lists them as services in bag info, as Jazzy does', async () => {
    const dir = tempDir();
    const registry = new InterfaceRegistry();
    const event = registry.service('example_interfaces/srv/AddTwoInts').event;
    const file = join(dir, 'services.mcap');
    const writable = new SyncFileWritable(file);
    const writer = new McapWriter({ writable, startChannelId: 1 });
    await writer.start({ profile: 'ros2', library: 'test' });
    const srvText = readFileSync(join(repoRoot, 'interfaces/example_interfaces/srv/AddTwoInts.srv'), 'utf8');
    const schemaId = await writer.registerSchema({
      name: event.name,
      encoding: 'ros2msg',
      data: new TextEncoder().encode(`${'='.repeat(80)}\nSRV: example_interfaces/srv/AddTwoInts\n${srvText}`),
    });
    const channelId = await writer.registerChannel({
      topic: '/add_two_ints/_service_event',
      messageEncoding: 'cdr',
      schemaId,
      metadata: new Map([['offered_qos_profiles', '']]),
    });
    const chatterSchema = await writer.registerSchema({ name: 'std_msgs/msg/String', encoding: 'ros2msg', data: new TextEncoder().encode('string data\n') });
    const chatter = await writer.registerChannel({ topic: '/chatter', messageEncoding: 'cdr', schemaId: chatterSchema, metadata: new Map() });
    const events = [
      {
        info: { event_type: 0, stamp: { sec: 1, nanosec: 0 }, client_gid: new Uint8Array(16).fill(7), sequence_number: 1n },
        request: [{ a: 2n, b: 3n }],
        response: [],
      },
      {
        info: { event_type: 2, stamp: { sec: 1, nanosec: 5 }, client_gid: new Uint8Array(16).fill(7), sequence_number: 1n },
        request: [],
        response: [{ sum: 5n }],
      },
    ];
    for (const [i, message] of events.entries()) {
      await writer.addMessage({
        channelId,
        sequence: i,
        logTime: SECOND + BigInt(i),
        publishTime: SECOND + BigInt(i),
        data: serializeMessage(event, event.normalize(message)),
      });
    }
    await writer.addMessage({
      channelId: chatter,
      sequence: 0,
      logTime: SECOND + 2n,
      publishTime: SECOND + 2n,
      data: serializeMessage(registry.message('std_msgs/msg/String'), { data: 'hi' }),
    });
    await writer.end();
    writable.close();

    const seen: string[] = [];
    const summary = await runJob(
      defineJob({
        name: 'events',
        setup: async (job) => {
          await job.play({ bag: file });
          new Node('watcher').createSubscription(event.name, '/add_two_ints/_service_event', (message) => {
            const m = message as unknown as { info: { event_type: number }; request: { a: bigint }[]; response: { sum: bigint }[] };
            seen.push(`${m.info.event_type}:${m.request.map((r) => r.a).join()}:${m.response.map((r) => r.sum).join()}`);
          });
        },
      }),
      quiet,
    );
    assert.equal(summary.endReason, 'idle');
    assert.deepEqual(seen, ['0:2:', '2::5']);
    const info = runCli(['bag', 'info', file]);
    assert.equal(info.status, 0, info.stderr);
    assert.match(info.stdout, /^Messages: {10}1$/m);
    assert.match(info.stdout, /^Topic information: Topic: \/chatter \| Type: std_msgs\/msg\/String \| Count: 1 \| Serialization Format: cdr\n/m);
    assert.match(
      info.stdout,
      /^Service: {11}1\nService information: Service: \/add_two_ints \| Type: example_interfaces\/srv\/AddTwoInts \| Event Count: 2 \| Serialization Format: cdr\n\n$/m,
    );
  });

  it('bag info prints what Jazzy’s ros2 bag info prints, from metadata.yaml for a directory, even with split files missing', () => {
    const dir = join(tempDir(), 'talker');
    mkdirSync(dir);
    copyFileSync(join(fixtures, 'mcap-talker/metadata.yaml'), join(dir, 'metadata.yaml'));
    const result = runCli(['bag', 'info', dir]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(
      result.stdout,
      [
        '',
        'Files:             talker.mcap',
        'Bag size:          1.6 KiB',
        'Storage id:        mcap',
        'ROS Distro:        unknown',
        'Duration:          4.531096768s',
        'Start:             Apr  2 2020 22:23:55.112411371 (1585866235.112411371)',
        'End:               Apr  2 2020 22:23:59.643508139 (1585866239.643508139)',
        'Messages:          20',
        'Topic information: Topic: /topic | Type: std_msgs/msg/String | Count: 10 | Serialization Format: cdr',
        '                   Topic: /rosout | Type: rcl_interfaces/msg/Log | Count: 10 | Serialization Format: cdr',
        '                   Topic: /parameter_events | Type: rcl_interfaces/msg/ParameterEvent | Count: 0 | Serialization Format: cdr',
        'Service:           0',
        'Service information: ',
        '',
      ].join('\n'),
    );
    copyFileSync(join(fixtures, 'mcap-talker/talker.mcap'), join(dir, 'talker.mcap'));
    assert.match(runCli(['bag', 'info', dir]).stdout, /^Bag size: {10}14\.2 KiB$/m, 'the directory’s size counts metadata.yaml');
  });
});

/** Reliable, transient local, keep last `depth`: what a latched topic's publisher offers and a late subscriber asks. */
function latched(depth: number): QoS {
  return new QoS(
    QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
    depth,
    QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
    QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
  );
}

/**
 * Plays a bare .mcap with /scan and /map while recording both into `rerecorded`: a sensor-data
 * subscriber takes /scan from the start, a transient-local one joins /map 5 s later.
 */
async function playBare(bare: string, rerecorded: string): Promise<{ scans: string[]; maps: string[] }> {
  const scans: string[] = [];
  const maps: string[] = [];
  await runJob(
    defineJob({
      name: 'bare',
      setup: async (job) => {
        await job.record({ path: rerecorded, topics: ['/scan', '/map'] });
        await job.play({ bag: bare });
        const node = new Node('listener');
        node.createSubscription('std_msgs/msg/String', '/scan', { qos: QoS.profileSensorData }, (m) => scans.push(m.data));
        const timer = node.createTimer(5n * SECOND, () => {
          timer.cancel();
          node.createSubscription('std_msgs/msg/String', '/map', { qos: latched(10) }, (m) => maps.push(m.data));
        });
      },
    }),
    quiet,
  );
  return { scans, maps };
}

/** Bags written by rosbags: MCAP (version 9), sqlite3 (version 8), zstd per message, and a split directory. */
const WRITE_ROSBAGS_BAGS = `
import json, sys
from pathlib import Path
import numpy as np
from rosbags.rosbag2 import Writer
from rosbags.rosbag2.enums import CompressionFormat, CompressionMode, StoragePlugin
from rosbags.typesys import Stores, get_typestore
from rosbags.typesys.stores.ros2_jazzy import builtin_interfaces__msg__Time as Time, std_msgs__msg__Header as Header
ts = get_typestore(Stores.ROS2_JAZZY)
from rosbags.interfaces import Qos, QosDurability, QosHistory, QosLiveliness, QosReliability, QosTime
inf = QosTime(sec=9223372036, nsec=854775807)
def qos(durability):
    return [Qos(history=QosHistory.KEEP_LAST, depth=1, reliability=QosReliability.RELIABLE, durability=durability, deadline=inf, lifespan=inf, liveliness=QosLiveliness.AUTOMATIC, liveliness_lease_duration=inf, avoid_ros_namespace_conventions=False)]
T = ts.types
def messages(k):
    t0 = 1_700_000_000_000_000_000 + k * 1000
    for i in range(8):
        t = t0 + i * 100_000_000
        hdr = Header(stamp=Time(sec=t // 10**9, nanosec=t % 10**9), frame_id='odom')
        yield '/chatter', 'std_msgs/msg/String', T['std_msgs/msg/String'](data=f'Grüße 世界 🤖 {i}'), t
        yield '/big', 'std_msgs/msg/UInt64', T['std_msgs/msg/UInt64'](data=2**64 - 1 - i), t + 1
        yield '/imu', 'sensor_msgs/msg/Imu', T['sensor_msgs/msg/Imu'](header=hdr, orientation=T['geometry_msgs/msg/Quaternion'](x=0.0, y=0.0, z=0.0, w=1.0), orientation_covariance=np.full(9, float('nan')), angular_velocity=T['geometry_msgs/msg/Vector3'](x=float('inf'), y=-1.5, z=0.0), angular_velocity_covariance=np.zeros(9), linear_acceleration=T['geometry_msgs/msg/Vector3'](x=0.0, y=0.0, z=9.81), linear_acceleration_covariance=np.arange(9, dtype=np.float64)), t + 2
        yield '/cloud', 'sensor_msgs/msg/PointCloud2', T['sensor_msgs/msg/PointCloud2'](header=hdr, height=1, width=1000, fields=[T['sensor_msgs/msg/PointField'](name='x', offset=0, datatype=7, count=1)], is_bigendian=False, point_step=4, row_step=4000, data=np.arange(4000, dtype=np.uint8), is_dense=True), t + 3
        if i < 3:
            yield '/map', 'nav_msgs/msg/OccupancyGrid', T['nav_msgs/msg/OccupancyGrid'](header=hdr, info=T['nav_msgs/msg/MapMetaData'](map_load_time=Time(sec=0, nanosec=0), resolution=0.05, width=4, height=1, origin=T['geometry_msgs/msg/Pose'](position=T['geometry_msgs/msg/Point'](x=0.0, y=0.0, z=0.0), orientation=T['geometry_msgs/msg/Quaternion'](x=0.0, y=0.0, z=0.0, w=1.0))), data=np.array([0, 100, -1, 50], dtype=np.int8)), t + 4
def write(path, version, storage, compression=None, k=0):
    w = Writer(Path(path), version=version, storage_plugin=storage)
    if compression:
        w.set_compression(CompressionMode.MESSAGE, CompressionFormat.ZSTD)
    conns = {}
    with w:
        for topic, msgtype, msg, t in messages(k):
            if topic not in conns:
                conns[topic] = w.add_connection(topic, msgtype, typestore=ts, offered_qos_profiles=qos(QosDurability.VOLATILE))
            w.write(conns[topic], t, ts.serialize_cdr(msg, msgtype))
    return path
out = Path(sys.argv[1])
bags = [
    write(out / 'mcap_v9', 9, StoragePlugin.MCAP),
    write(out / 'sqlite_v8', 8, StoragePlugin.SQLITE3),
    write(out / 'mcap_zstd', 9, StoragePlugin.MCAP, compression=True),
    write(out / 'sqlite_zstd', 9, StoragePlugin.SQLITE3, compression=True),
]
# A split bag: two files of one recording, listed in one metadata.yaml, as rosbag2 splits.
import shutil
from ruamel.yaml import YAML
a = write(out / 'part_a', 9, StoragePlugin.MCAP, k=0)
b = write(out / 'part_b', 9, StoragePlugin.MCAP, k=10**9)
split = out / 'split'
split.mkdir()
shutil.copy(a / 'part_a.mcap', split / 'split_0.mcap')
shutil.copy(b / 'part_b.mcap', split / 'split_1.mcap')
y = YAML(typ='safe')
meta = y.load((a / 'metadata.yaml').read_text())
info = meta['rosbag2_bagfile_information']
other = y.load((b / 'metadata.yaml').read_text())['rosbag2_bagfile_information']
info['relative_file_paths'] = ['split_0.mcap', 'split_1.mcap']
info['files'] = [dict(info['files'][0], path='split_0.mcap'), dict(other['files'][0], path='split_1.mcap')]
info['message_count'] += other['message_count']
info['duration']['nanoseconds'] = other['starting_time']['nanoseconds_since_epoch'] + other['duration']['nanoseconds'] - info['starting_time']['nanoseconds_since_epoch']
for t, o in zip(info['topics_with_message_count'], other['topics_with_message_count']):
    t['message_count'] += o['message_count']
with (split / 'metadata.yaml').open('w') as f:
    y.dump(meta, f)
bags.append(split)
print(json.dumps([str(p) for p in bags]))
`;

/** Every message of a bag as rosbags reads it: topic, type, receive time, CDR bytes. */
const DUMP_RAW = `
import sys
from rosbags.rosbag2 import Reader
with Reader(sys.argv[1]) as r:
    for c, t, raw in r.messages():
        print(c.topic, c.msgtype, t, bytes(raw).hex())
`;
