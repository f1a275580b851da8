import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { ChunkCompression } from './chunkCompression.js';

/**
 * How rosbag2's MCAP storage plugin writes a bag a program opens with a Writer
 * (rosbag2_storage_mcap's mcap_storage.cpp, Jazzy): its own defaults (no chunk CRC, no
 * compression), then `storage_preset_profile`'s, then the `storage_config_uri` YAML's fields
 * (mcap::McapWriterOptions by name) over them.
 */
export interface McapWriterOptions {
  compression: ChunkCompression;
  compressionLevel: CompressionLevel;
  /** Uncompressed bytes a chunk collects before it is written. */
  chunkSize: number;
  /** Messages straight in the data section, no chunks and no chunk indexes. */
  noChunking: boolean;
  /** Chunks' uncompressed_crc written as 0. */
  noChunkCRC: boolean;
  /** The footer's summary_crc written as 0. */
  noSummaryCRC: boolean;
}

const LEVELS = ['Fastest', 'Fast', 'Default', 'Slow', 'Slowest'] as const;
export type CompressionLevel = (typeof LEVELS)[number];

/** The zstd level of each of mcap's compression levels (foxglove/mcap cpp, writer.inl). */
export const ZSTD_LEVELS: Readonly<Record<CompressionLevel, number>> = { Fastest: -5, Fast: -3, Default: 1, Slow: 5, Slowest: 19 };

const COMPRESSIONS: Readonly<Record<string, ChunkCompression>> = { None: 'none', Lz4: 'lz4', Zstd: 'zstd' };

/** The fields the plugin reads that would change what rclsim's writer always writes (a summary, message indexes, …). */
const ALWAYS_WRITTEN = [
  'noMessageIndex',
  'noSummary',
  'noRepeatedSchemas',
  'noRepeatedChannels',
  'noAttachmentIndex',
  'noMetadataIndex',
  'noChunkIndex',
  'noStatistics',
  'noSummaryOffsets',
];
/** Fields the plugin reads that change nothing in what rclsim writes (no attachments, no data CRC check on read). */
const NO_EFFECT = ['noAttachmentCRC', 'enableDataCRC', 'forceCompression'];

/** Throws rosbag2's words for an unknown preset; the config file's problems name the file and the field. */
export function mcapWriterOptions(presetProfile: string, configPath: string | undefined): McapWriterOptions {
  const options: McapWriterOptions = {
    compression: 'none',
    compressionLevel: 'Default',
    chunkSize: 768 * 1024,
    noChunking: false,
    noChunkCRC: true,
    noSummaryCRC: false,
  };
  applyPreset(presetProfile, options);
  if (configPath !== undefined) applyConfig(configPath, options);
  return options;
}

function applyPreset(preset: string, options: McapWriterOptions): void {
  if (preset === '' || preset === 'none') return;
  if (preset === 'fastwrite') {
    options.noChunking = true;
    options.noSummaryCRC = true;
  } else if (preset === 'zstd_fast') {
    options.compression = 'zstd';
    options.compressionLevel = 'Fastest';
    options.noChunkCRC = true;
  } else if (preset === 'zstd_small') {
    options.compression = 'zstd';
    options.compressionLevel = 'Slowest';
    options.chunkSize = 4 * 1024 * 1024;
  } else {
    throw new Error(`unknown MCAP storage preset profile (valid options are 'none', 'fastwrite', 'zstd_fast', 'zstd_small'): ${preset}`);
  }
}

function applyConfig(path: string, options: McapWriterOptions): void {
  let config: unknown;
  try {
    config = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (config === null || config === undefined) return;
  if (typeof config !== 'object' || Array.isArray(config)) throw new Error(`${path}: the storage config must be a map of McapWriterOptions fields`);
  const fields = config as Record<string, unknown>;
  const flag = (name: string): boolean | undefined => {
    const value = fields[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw new Error(`${path}: ${name} must be true or false`);
    return value;
  };
  for (const name of ['noChunking', 'noChunkCRC', 'noSummaryCRC'] as const) options[name] = flag(name) ?? options[name];
  for (const name of NO_EFFECT) flag(name);
  for (const name of ALWAYS_WRITTEN) {
    if (flag(name) === true) throw new Error(`${path}: ${name}: true is not supported (rclsim's MCAP writer always writes it)`);
  }
  if (fields.chunkSize !== undefined) {
    const size = fields.chunkSize;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) throw new Error(`${path}: chunkSize must be a whole number of bytes`);
    options.chunkSize = size;
  }
  if (fields.compression !== undefined) {
    const compression = COMPRESSIONS[String(fields.compression)];
    if (typeof fields.compression !== 'string' || compression === undefined) throw new Error(`${path}: compression must be None, Lz4 or Zstd`);
    options.compression = compression;
  }
  if (fields.compressionLevel !== undefined) {
    const level = LEVELS.find((name) => name === fields.compressionLevel);
    if (level === undefined) throw new Error(`${path}: compressionLevel must be one of ${LEVELS.join(', ')}`);
    options.compressionLevel = level;
  }
}
