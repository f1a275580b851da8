import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { notRegularFile } from '../base/regularFile.js';
import { OutputError } from '../base/runErrors.js';
import type { McapStatistics } from './SyncMcapWriter.js';

/** rosbag2's metadata format version written (Jazzy's: QoS policies as strings, ros_distro). */
const METADATA_VERSION = 9;
const ROS_DISTRO = 'jazzy';
/** Every value written out in full: yaml-cpp reads aliases, other readers may not. */
const YAML_OPTIONS = { aliasDuplicateObjects: false };

/** A recorded topic as metadata.yaml and the MCAP `rosbag2` record describe it. */
export interface RecordedTopic {
  channelId: number;
  topic: string;
  type: string;
  offeredQosProfiles: unknown[];
  typeHash: string;
}

/** rosbag2's bag metadata (rosbag2_bagfile_information, version 9) of one storage file. */
export function rosbag2Metadata(
  file: string,
  statistics: Readonly<McapStatistics>,
  topics: readonly RecordedTopic[],
  storageId: 'mcap' | 'sqlite3' = 'mcap',
): Record<string, unknown> {
  const start = statistics.messageStartTime;
  const duration = statistics.messageEndTime - start;
  const count = statistics.messageCount;
  return {
    version: METADATA_VERSION,
    storage_identifier: storageId,
    duration: { nanoseconds: duration },
    starting_time: { nanoseconds_since_epoch: start },
    message_count: count,
    topics_with_message_count: topics.map((topic) => ({
      topic_metadata: {
        name: topic.topic,
        type: topic.type,
        serialization_format: 'cdr',
        offered_qos_profiles: topic.offeredQosProfiles,
        type_description_hash: topic.typeHash,
      },
      message_count: statistics.channelMessageCounts.get(topic.channelId) ?? 0n,
    })),
    // Chunk compression is the MCAP storage's own business: rosbag2 leaves these empty for it
    // ('message'/'file' are its compressors, which readers undo before the storage's).
    compression_format: '',
    compression_mode: '',
    relative_file_paths: [file],
    files: [{ path: file, starting_time: { nanoseconds_since_epoch: start }, duration: { nanoseconds: duration }, message_count: count }],
    // yaml-cpp reads an empty map here; a null it refuses.
    custom_data: {},
    ros_distro: ROS_DISTRO,
  };
}

/** The metadata as the MCAP `rosbag2` metadata record's `serialized_metadata` holds it. */
export function serializedMetadata(metadata: Record<string, unknown>): string {
  return stringify(metadata, YAML_OPTIONS);
}

/** Writes a bag directory's metadata.yaml. */
export function writeMetadataYaml(directory: string, metadata: Record<string, unknown>): void {
  const path = join(directory, 'metadata.yaml');
  try {
    const problem = notRegularFile(path);
    if (problem !== undefined) throw new Error(problem);
    writeFileSync(path, stringify({ rosbag2_bagfile_information: metadata }, YAML_OPTIONS));
  } catch (error) {
    throw new OutputError(path, OutputError.describe(error), { cause: error });
  }
}
