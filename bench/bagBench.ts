/**
 * Bag benchmarks: rclsim's recorder and player against bare @mcap/core loops over the same
 * messages, in the same process, and the player's peak memory on a bag and on one ten times
 * larger (each in a child process of its own, so that peaks do not mix).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McapIndexedReader, McapWriter } from '@mcap/core';
import { loadDecompressHandlers } from '@mcap/support';
import { SyncFileReadable } from '../src/bag/SyncFileReadable.js';
import { SyncFileWritable } from '../src/bag/SyncFileWritable.js';
import { Node } from '../src/client/Node.js';
import { deserializeMessage, serializeMessage } from '../src/interfaces/cdr.js';
import { InterfaceRegistry } from '../src/interfaces/InterfaceRegistry.js';
import type { Message } from '../src/interfaces/plainMessages.js';
import { defineJob } from '../src/job/JobHandle.js';
import { runJob } from '../src/job/runJob.js';
import { LogOutput } from '../src/ros/LogOutput.js';
import { seconds } from './measure.js';

const TYPE = 'geometry_msgs/msg/PoseStamped';
const TOPICS = ['/pose0', '/pose1', '/pose2', '/pose3'];
const PERIOD_NS = 1_000_000n;

/** The messages of tick `i` on topic `t`, the same for rclsim and for the bare loop. */
function pose(i: number, t: number): Message {
  return {
    header: { stamp: { sec: Math.floor(i / 1000), nanosec: (i % 1000) * 1_000_000 }, frame_id: `map${t}` },
    pose: { position: { x: i * 0.001, y: t, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } },
  };
}

/** rclsim records: a node publishes 4 poses per 1 ms tick; the recorder writes them all. */
export async function recordWithRclsim(path: string, ticks: number): Promise<number> {
  const summary = await runJob(
    defineJob({
      name: 'record-bench',
      async setup(job) {
        await job.record({ path, topics: TOPICS });
        const node = new Node('poser');
        const publishers = TOPICS.map((topic) => node.createPublisher(TYPE, topic));
        let tick = 0;
        node.createTimer(PERIOD_NS, () => {
          for (let t = 0; t < publishers.length; t++) publishers[t]!.publish(pose(tick, t));
          if (++tick === ticks) job.finish();
        });
      },
    }),
    { logOutput: new LogOutput(() => {}), fingerprint: false },
  );
  return summary.callbacks * TOPICS.length;
}

/** A McapWriter on `path` with one channel per topic for `typeName`, as the bare loops write. */
async function bareWriter(path: string, typeName: string, topics: readonly string[]) {
  const type = new InterfaceRegistry().message(typeName);
  const writable = new SyncFileWritable(path);
  const writer = new McapWriter({ writable });
  await writer.start({ profile: 'ros2', library: 'bench' });
  const schemaId = await writer.registerSchema({ name: typeName, encoding: 'ros2msg', data: new TextEncoder().encode(type.fullText()) });
  const channels: number[] = [];
  for (const topic of topics) channels.push(await writer.registerChannel({ topic, messageEncoding: 'cdr', schemaId, metadata: new Map() }));
  const end = async (): Promise<void> => {
    await writer.end();
    writable.close();
  };
  return { type, writer, channels, end };
}

/** The bare loop: serialize the same messages and write them with McapWriter. */
export async function recordBare(path: string, ticks: number): Promise<number> {
  const { type, writer, channels, end } = await bareWriter(path, TYPE, TOPICS);
  for (let i = 0; i < ticks; i++) {
    const time = BigInt(i + 1) * PERIOD_NS;
    for (let t = 0; t < TOPICS.length; t++) {
      const data = serializeMessage(type, type.toMessage(pose(i, t)));
      await writer.addMessage({ channelId: channels[t]!, sequence: i, logTime: time, publishTime: time, data });
    }
  }
  await end();
  return ticks * TOPICS.length;
}

/** rclsim plays the bag into a node subscribed to each of its topics (each message decoded once). */
export async function playWithRclsim(bag: string): Promise<number> {
  let played = 0;
  let received = 0;
  await runJob(
    defineJob({
      name: 'play-bench',
      async setup(job) {
        const player = await job.play({ bag });
        const node = new Node('listener');
        for (const topic of player.bag.topics()) node.createSubscription(topic.type, topic.name, () => received++);
        job.onEnd(() => {
          played = player.messagesPlayed;
          if (received !== played) throw new Error(`played ${played} messages, the listener got ${received}`);
        });
      },
    }),
    { logOutput: new LogOutput(() => {}), fingerprint: false },
  );
  return played;
}

/** The bare loop: read every message through @mcap/core's indexed reader and decode it. */
export async function playBare(bag: string): Promise<number> {
  const readable = new SyncFileReadable(bag);
  const reader = await McapIndexedReader.Initialize({ readable, decompressHandlers: await loadDecompressHandlers() });
  const registry = new InterfaceRegistry();
  const types = new Map([...reader.channelsById].map(([id, channel]) => [id, registry.message(reader.schemasById.get(channel.schemaId)!.name)]));
  let count = 0;
  for await (const message of reader.readMessages()) {
    deserializeMessage(types.get(message.channelId)!, message.data);
    count++;
  }
  readable.close();
  return count;
}

/** Total bytes of message data in a bag (MiB/s figures count these). */
export async function dataBytes(bag: string): Promise<number> {
  const readable = new SyncFileReadable(bag);
  const reader = await McapIndexedReader.Initialize({ readable, decompressHandlers: await loadDecompressHandlers() });
  let bytes = 0;
  for await (const message of reader.readMessages()) bytes += message.data.byteLength;
  readable.close();
  return bytes;
}

const CLOUD_TYPE = 'sensor_msgs/msg/PointCloud2';

/**
 * Writes a bag of at least `mib` MiB for the memory benchmark: 256 KiB point clouds at 10 Hz
 * on one topic, through the bare writer (rclsim's recorder is measured elsewhere).
 */
export async function writeLargeBag(path: string, mib: number): Promise<void> {
  const { type, writer, channels, end } = await bareWriter(path, CLOUD_TYPE, ['/points']);
  const points = new Uint8Array(256 * 1024);
  const count = Math.ceil((mib * 1024 * 1024) / points.length);
  for (let i = 0; i < count; i++) {
    points.fill(i & 0xff);
    const data = serializeMessage(
      type,
      type.toMessage({ header: { frame_id: 'lidar' }, height: 1, width: points.length / 16, point_step: 16, row_step: points.length, data: points }),
    );
    const time = BigInt(i + 1) * 100_000_000n;
    await writer.addMessage({ channelId: channels[0]!, sequence: i, logTime: time, publishTime: time, data });
  }
  await end();
}

/** A scratch folder for a benchmark's bags, removed by `done()`. */
export function benchDir(): { path: string; done(): void } {
  const path = mkdtempSync(join(tmpdir(), 'rclsim-bench-'));
  return { path, done: () => rmSync(path, { recursive: true, force: true }) };
}

/** Messages per second of `work` (which returns how many messages it handled). */
export async function rate(work: () => Promise<number>): Promise<number> {
  let count = 0;
  const time = await seconds(async () => {
    count = await work();
  });
  return count / time;
}

/** Peak resident memory (MiB) of a child process that plays `bag`. */
export function playPeakMiB(bag: string): number {
  const child = spawnSync(process.execPath, [join(import.meta.dirname, 'playPeak.js'), bag], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`playPeak failed: ${child.stderr}`);
  return Number(child.stdout.trim());
}
