import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { notRegularFile } from '../base/regularFile.js';
import { BagError } from './BagStorage.js';

/** A topic as a bag directory's metadata.yaml lists it. */
export interface MetadataTopic {
  name: string;
  type: string;
  serializationFormat: string;
  /** The YAML string (versions before 9) or the list itself (version 9 and later). */
  offeredQosProfiles: unknown;
  typeDescriptionHash: string;
  messageCount: bigint;
}

/** rosbag2's metadata.yaml (`rosbag2_bagfile_information`), as rosbag2_storage's `yaml.hpp` reads it. */
export interface BagMetadata {
  version: number;
  storageIdentifier: string;
  relativeFilePaths: string[];
  duration: bigint;
  startingTime: bigint;
  messageCount: bigint;
  topics: MetadataTopic[];
  compressionFormat: string;
  compressionMode: string;
  rosDistro: string;
}

/**
 * Reads and checks a metadata.yaml. Integers are read exactly (times exceed 2^53). A field of
 * the wrong kind is a BagError naming the file and the field, as rosbag2 refuses such files.
 */
export function readBagMetadata(path: string): BagMetadata {
  const problem = notRegularFile(path);
  if (problem !== undefined) throw new BagError(path, problem);
  let document: unknown;
  try {
    document = parse(readFileSync(path, 'utf8'), { intAsBigInt: true, maxAliasCount: 1000 });
  } catch (error) {
    throw new BagError(path, `not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const info = field(document, 'rosbag2_bagfile_information', 'object', path) as Record<string, unknown>;
  const at = (name: string): string => `rosbag2_bagfile_information.${name}`;
  const version = Number(field(info, 'version', 'integer', path, at('version')));
  const optional = <T>(name: string, kind: Kind, fallback: T): T => (info[name] === undefined ? fallback : (field(info, name, kind, path, at(name)) as T));
  const topics = (optional('topics_with_message_count', 'list', [] as unknown[]) as unknown[]).map((entry, i) => {
    const where = at(`topics_with_message_count[${i}]`);
    const metadata = field(entry, 'topic_metadata', 'object', path, `${where}.topic_metadata`) as Record<string, unknown>;
    const text = (name: string, fallback?: string): string =>
      fallback !== undefined && metadata[name] === undefined ? fallback : (field(metadata, name, 'string', path, `${where}.topic_metadata.${name}`) as string);
    return {
      name: text('name'),
      type: text('type'),
      serializationFormat: text('serialization_format', 'cdr'),
      offeredQosProfiles: metadata.offered_qos_profiles ?? '',
      typeDescriptionHash: text('type_description_hash', ''),
      messageCount:
        (entry as Record<string, unknown>).message_count === undefined
          ? 0n
          : (field(entry, 'message_count', 'integer', path, `${where}.message_count`) as bigint),
    };
  });
  const nanoseconds = (name: string, key: string): bigint => {
    if (info[name] === undefined) return 0n;
    return field(field(info, name, 'object', path, at(name)), key, 'integer', path, at(`${name}.${key}`)) as bigint;
  };
  return {
    version,
    storageIdentifier: optional('storage_identifier', 'string', ''),
    relativeFilePaths: (optional('relative_file_paths', 'list', [] as unknown[]) as unknown[]).map((file, i) => {
      if (typeof file !== 'string') throw new BagError(path, `${at(`relative_file_paths[${i}]`)} must be a file name, got ${describe(file)}`);
      return file;
    }),
    duration: nanoseconds('duration', 'nanoseconds'),
    startingTime: nanoseconds('starting_time', 'nanoseconds_since_epoch'),
    messageCount: optional('message_count', 'integer', 0n),
    topics,
    compressionFormat: optional('compression_format', 'string', ''),
    compressionMode: optional('compression_mode', 'string', ''),
    rosDistro: optional('ros_distro', 'string', ''),
  };
}

type Kind = 'object' | 'list' | 'string' | 'integer';

function field(container: unknown, name: string, kind: Kind, path: string, where = name): unknown {
  const value = typeof container === 'object' && container !== null ? (container as Record<string, unknown>)[name] : undefined;
  const ok =
    kind === 'object'
      ? typeof value === 'object' && value !== null && !Array.isArray(value)
      : kind === 'list'
        ? Array.isArray(value)
        : kind === 'string'
          ? typeof value === 'string'
          : typeof value === 'bigint' && value >= 0n;
  if (!ok) {
    const expected = { object: 'a mapping', list: 'a list', string: 'a string', integer: 'a non-negative integer' }[kind];
    throw new BagError(path, value === undefined ? `has no ${where}` : `${where} must be ${expected}, got ${describe(value)}`);
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value === 'bigint' ? 'integer' : typeof value} ${JSON.stringify(typeof value === 'bigint' ? String(value) : value)}`;
}
