import type { StorageOptions } from '../../ros/StorageOptions.js';

/**
 * The bags a program reads and writes itself (rosbag2_cpp's Reader and Writer, BagOp), as the
 * port serves them: the bag layer's code, which the job gives the server (ServerOptions.bags),
 * since the port sits below bags. Each call is done when it returns; a failure throws rosbag2's text.
 */
export interface ProgramBagStore {
  /**
   * Opens `uri` (relative to the program's directory `cwd`, as is `storageConfigUri`); its id and,
   * for a reader, rosbag2's BagMetadata.
   */
  open(request: StorageOptions): { bag: number; metadata?: Record<string, unknown> };
  /** The next message through the reader's filter; undefined at the end. */
  readNext(id: number): { topic: string; logTime: bigint; publishTime: bigint; data: Uint8Array } | undefined;
  setFilter(id: number, filter: { topics: readonly string[]; topicsRegex: string; regexToExclude: string; excludeTopics: readonly string[] }): void;
  seek(id: number, time: bigint): void;
  createTopic(id: number, topic: { name: string; type: string; serializationFormat: string; offeredQosProfiles: string; typeDescriptionHash: string }): void;
  write(id: number, topic: string, receiveTime: bigint, sendTime: bigint, data: Uint8Array): void;
  close(id: number): void;
}
