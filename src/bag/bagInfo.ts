import { basename } from 'node:path';
import { Bag } from './Bag.js';

export interface BagInfo {
  files: string[];
  bagSize: number;
  storageId: string;
  rosDistro: string;
  /** Nanoseconds, as strings in JSON (they exceed 2^53). */
  duration: bigint;
  startTime: bigint;
  endTime: bigint;
  messageCount: number;
  topics: { name: string; type: string; messageCount: number; serializationFormat: string }[];
}

/** What `ros2 bag info` reports, read from the storage files themselves. */
export async function readBagInfo(path: string): Promise<BagInfo> {
  const bag = await Bag.open(path);
  try {
    return {
      files: bag.files.map((file) => basename(file.path)),
      bagSize: bag.size,
      storageId: bag.storageId,
      rosDistro: bag.rosDistro,
      duration: bag.endTime - bag.startTime,
      startTime: bag.startTime,
      endTime: bag.endTime,
      messageCount: bag.messageCount,
      topics: bag.topics().map((topic) => ({
        name: topic.name,
        type: topic.type,
        messageCount: topic.messageCount,
        serializationFormat: topic.serializationFormat,
      })),
    };
  } finally {
    await bag.close();
  }
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

/** The report in ros2 bag info's layout. */
export function formatBagInfo(info: BagInfo): string {
  const label = (name: string): string => `${name}:`.padEnd(19);
  const topicLine = (t: BagInfo['topics'][number]): string =>
    `Topic: ${t.name} | Type: ${t.type} | Count: ${t.messageCount} | Serialization Format: ${t.serializationFormat}`;
  const lines = [
    `${label('Files')}${info.files.join('\n' + ' '.repeat(19))}`,
    `${label('Bag size')}${formatSize(info.bagSize)}`,
    `${label('Storage id')}${info.storageId}`,
    ...(info.rosDistro === '' ? [] : [`${label('ROS Distro')}${info.rosDistro}`]),
    `${label('Duration')}${formatDuration(info.duration)}`,
    `${label('Start')}${formatTime(info.startTime)}`,
    `${label('End')}${formatTime(info.endTime)}`,
    `${label('Messages')}${info.messageCount}`,
    `${label('Topic information')}${info.topics.map(topicLine).join('\n' + ' '.repeat(19))}`,
  ];
  return lines.join('\n');
}

export function bagInfoToJson(info: BagInfo): string {
  return JSON.stringify(info, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
