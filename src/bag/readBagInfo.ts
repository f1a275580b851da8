import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Bag } from './Bag.js';
import { BagError } from './BagStorage.js';
import { readBagMetadata } from './bagMetadata.js';

interface InfoTopic {
  name: string;
  type: string;
  messageCount: bigint;
  serializationFormat: string;
}

export interface BagInfo {
  files: string[];
  bagSize: number;
  storageId: string;
  /** '' when the bag does not say (printed as "unknown", as ros2 bag info does). */
  rosDistro: string;
  /** Nanoseconds, as strings in JSON (they exceed 2^53). */
  duration: bigint;
  startTime: bigint;
  endTime: bigint;
  /** Messages on topics, service events not counted. */
  messageCount: bigint;
  topics: InfoTopic[];
  /** Services recorded through their `<service>/_service_event` topics. */
  services: { name: string; type: string; eventCount: bigint; serializationFormat: string }[];
}

/**
 * What `ros2 bag info` (Jazzy) reports. A bag directory is described by its metadata.yaml alone,
 * with the size of everything in the directory, so a directory whose split files are missing
 * still has its info; a single file by what the file itself holds.
 */
export async function readBagInfo(path: string): Promise<BagInfo> {
  if (!existsSync(path)) throw new BagError(path, 'no such bag (a bag directory, an .mcap or a .db3 file)');
  if (statSync(path).isDirectory()) return directoryInfo(path);
  const bag = await Bag.open(path);
  try {
    return summarize({
      files: [path],
      bagSize: bag.size,
      storageId: bag.storageId,
      rosDistro: bag.rosDistro,
      startTime: bag.startTime,
      duration: bag.endTime - bag.startTime,
      messageCount: BigInt(bag.messageCount),
      topics: bag.topics().map((topic) => ({ ...topic, messageCount: BigInt(topic.messageCount) })),
    });
  } finally {
    bag.close();
  }
}

function directoryInfo(path: string): BagInfo {
  const metadataPath = join(path, 'metadata.yaml');
  if (!existsSync(metadataPath)) throw new BagError(path, 'could not find metadata in the bag directory (no metadata.yaml)');
  const metadata = readBagMetadata(metadataPath);
  return summarize({
    files: metadata.relativeFilePaths,
    bagSize: directorySize(path),
    storageId: metadata.storageIdentifier,
    rosDistro: metadata.version >= 8 ? metadata.rosDistro : '',
    startTime: metadata.startingTime,
    duration: metadata.duration,
    messageCount: metadata.messageCount,
    topics: metadata.topics,
  });
}

/** Bytes of the files directly in a directory, as rcutils_calculate_directory_size counts them. */
function directorySize(path: string): number {
  let size = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isFile()) size += statSync(join(path, entry.name)).size;
  }
  return size;
}

/** rosbag2's service event topics: `<service>/_service_event` of a `pkg/srv/<Service>_Event` type. */
function isServiceEvent(topic: { name: string; type: string }): boolean {
  return (
    topic.name.endsWith('/_service_event') && topic.name.length > '/_service_event'.length && topic.type.includes('/srv/') && topic.type.endsWith('_Event')
  );
}

function summarize(bag: Omit<BagInfo, 'endTime' | 'services'>): BagInfo {
  const events = bag.topics.filter(isServiceEvent);
  const eventCount = events.reduce((sum, topic) => sum + topic.messageCount, 0n);
  return {
    ...bag,
    endTime: bag.startTime + bag.duration,
    messageCount: bag.messageCount - eventCount,
    topics: bag.topics
      .filter((topic) => !isServiceEvent(topic))
      .map(({ name, type, messageCount, serializationFormat }) => ({ name, type, messageCount, serializationFormat })),
    services: events.map((topic) => ({
      name: topic.name.slice(0, -'/_service_event'.length),
      type: topic.type.slice(0, -'_Event'.length),
      eventCount: topic.messageCount,
      serializationFormat: topic.serializationFormat,
    })),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Apr  2 2020 22:23:55.112411371 (1585866235.112411371)`, in UTC (ros2 uses local time). */
function formatTime(ns: bigint): string {
  const seconds = ns / 1_000_000_000n;
  const nanos = (ns % 1_000_000_000n).toString().padStart(9, '0');
  const d = new Date(Number(seconds) * 1000);
  const two = (n: number): string => String(n).padStart(2, '0');
  const day = String(d.getUTCDate()).padStart(2, ' ');
  const clock = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  return `${MONTHS[d.getUTCMonth()]} ${day} ${d.getUTCFullYear()} ${clock}.${nanos} (${seconds}.${nanos})`;
}

function formatSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${size.toFixed(1)} ${units[unit]}`;
}

function formatDuration(ns: bigint): string {
  return `${ns / 1_000_000_000n}.${(ns % 1_000_000_000n).toString().padStart(9, '0')}s`;
}

/**
 * The report exactly as ros2 bag info (Jazzy's rosbag2_py format_bag_meta_data, printed by
 * Python) lays it out: a leading empty line, labels padded to 19 columns, continuation lines
 * indented to them, service event topics listed as services, not topics.
 */
export function formatBagInfo(info: BagInfo): string {
  const indent = ' '.repeat(19);
  const listed = <T>(items: T[], line: (item: T) => string, pad: string): string => `${items.map(line).join(`\n${pad}`)}\n`;
  const topicLine = (t: InfoTopic): string => `Topic: ${t.name} | Type: ${t.type} | Count: ${t.messageCount} | Serialization Format: ${t.serializationFormat}`;
  const serviceLine = (s: BagInfo['services'][number]): string =>
    `Service: ${s.name} | Type: ${s.type} | Event Count: ${s.eventCount} | Serialization Format: ${s.serializationFormat}`;
  return (
    '\n' +
    `Files:             ${listed(info.files, (file) => file, indent)}` +
    `Bag size:          ${formatSize(info.bagSize)}\n` +
    `Storage id:        ${info.storageId}\n` +
    `ROS Distro:        ${info.rosDistro === '' ? 'unknown' : info.rosDistro}\n` +
    `Duration:          ${formatDuration(info.duration)}\n` +
    `Start:             ${formatTime(info.startTime)}\n` +
    `End:               ${formatTime(info.endTime)}\n` +
    `Messages:          ${info.messageCount}\n` +
    `Topic information: ${listed(info.topics, topicLine, indent)}` +
    `Service:           ${info.services.length}\n` +
    `Service information: ${info.services.length === 0 ? '' : listed(info.services, serviceLine, `${indent}  `)}` +
    '\n'
  );
}

export function bagInfoToJson(info: BagInfo): string {
  return JSON.stringify(info, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
