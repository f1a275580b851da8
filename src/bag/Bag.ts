import { existsSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { DecompressHandlers } from '@mcap/core';
import { loadDecompressHandlers } from '@mcap/support';
import { notRegularFile } from '../base/regularFile.js';
import { BagError, type BagMessage, type BagStorage, type BagTopic, type MessageQuery } from './BagStorage.js';
import { type BagMetadata, readBagMetadata } from './bagMetadata.js';
import { McapStorage } from './McapStorage.js';
import { type LoadedZstd, loadZstd, messageDecompressor } from './messageCompression.js';
import { SqliteStorage } from './SqliteStorage.js';

/** What reading a bag's files may need: MCAP chunks' decompressors, and zstd for rosbag2's per-message compression. */
export interface Decompressors {
  chunks: DecompressHandlers;
  zstd: Pick<LoadedZstd, 'decompress'>;
}

/**
 * A rosbag2 bag: a directory with `metadata.yaml` and its storage files (split bags have several,
 * in time order), or a single `.mcap` or `.db3` file. Reading merges the files' messages by
 * receive time (ties: earlier file first).
 */
export class Bag {
  readonly path: string;
  readonly files: readonly BagStorage[];
  /** A bag directory's metadata.yaml: where topics and their QoS come from, as for ros2 bag play. */
  readonly metadata: BagMetadata | undefined;
  /** Undoes rosbag2's per-message compression (absent when the bag has none). */
  readonly #decompress: ((message: BagMessage) => BagMessage) | undefined;

  private constructor(path: string, files: BagStorage[], metadata?: BagMetadata, decompress?: (message: BagMessage) => BagMessage) {
    this.path = path;
    this.files = files;
    this.metadata = metadata;
    this.#decompress = decompress;
  }

  static async open(path: string): Promise<Bag> {
    return Bag.openNow(path, { chunks: await loadDecompressHandlers(), zstd: await loadZstd() });
  }

  /** Opens the bag before returning (a program's Reader waits for it), with decompressors already loaded. */
  static openNow(path: string, decompressors: Decompressors): Bag {
    if (!existsSync(path)) throw new BagError(path, 'no such bag (a bag directory, an .mcap or a .db3 file)');
    if (!statSync(path).isDirectory()) return new Bag(path, [openStorage(path, decompressors.chunks)]);
    const metadataPath = join(path, 'metadata.yaml');
    if (!existsSync(metadataPath)) throw new BagError(path, 'a bag directory needs a metadata.yaml');
    const metadata = readBagMetadata(metadataPath);
    const mode = metadata.compressionMode.toLowerCase();
    if (mode === 'file') {
      throw new BagError(metadataPath, `whole-file compression (${metadata.compressionFormat}) is not supported; decompress the bag first`);
    }
    let decompress: ((message: BagMessage) => BagMessage) | undefined;
    if (mode === 'message') {
      try {
        decompress = messageDecompressor(metadata.compressionFormat, decompressors.zstd);
      } catch (error) {
        throw new BagError(metadataPath, (error as Error).message);
      }
    }
    if (metadata.relativeFilePaths.length === 0) throw new BagError(metadataPath, 'relative_file_paths lists no storage file');
    const storageId = metadata.storageIdentifier;
    const files: BagStorage[] = [];
    try {
      for (const relative of metadata.relativeFilePaths) {
        const file = join(path, relative);
        if (!existsSync(file)) throw new BagError(metadataPath, `lists ${relative}, which does not exist`);
        files.push(openStorage(file, decompressors.chunks, storageId === 'mcap' || storageId === 'sqlite3' ? storageId : undefined));
      }
    } catch (error) {
      for (const file of files) file.close();
      throw error;
    }
    return new Bag(path, files, metadata, decompress);
  }

  get storageId(): string {
    return this.files[0]!.storageId;
  }

  get rosDistro(): string {
    return this.files.find((file) => file.rosDistro !== '')?.rosDistro ?? '';
  }

  get size(): number {
    return this.files.reduce((sum, file) => sum + file.size, 0);
  }

  get messageCount(): number {
    return this.files.reduce((sum, file) => sum + file.messageCount, 0);
  }

  /** Receive time of the first and the last message (0 for an empty bag). */
  get startTime(): bigint {
    return this.#span(
      (file) => file.startTime,
      (a, b) => b < a,
    );
  }

  get endTime(): bigint {
    return this.#span(
      (file) => file.endTime,
      (a, b) => b > a,
    );
  }

  /** The earliest start or latest end over the files that hold messages (0 when none does). */
  #span(time: (file: BagStorage) => bigint, better: (a: bigint, b: bigint) => boolean): bigint {
    const times = this.files.filter((file) => file.messageCount > 0).map(time);
    return times.length === 0 ? 0n : times.reduce((a, b) => (better(a, b) ? b : a));
  }

  /**
   * The bag's topics: as metadata.yaml lists them (name, type, serialization and offered QoS, in
   * its order, as ros2 bag play takes them), with the definitions the files carry; then topics
   * only the files have, in the order the first file that has each lists them; counts summed.
   */
  topics(): BagTopic[] {
    const byKey = new Map<string, BagTopic>();
    for (const file of this.files) {
      for (const topic of file.topics()) {
        const key = `${topic.name}\u0000${topic.type}`;
        const known = byKey.get(key);
        if (known === undefined) byKey.set(key, topic);
        else known.messageCount += topic.messageCount;
      }
    }
    const fromFiles = [...byKey.values()];
    if (this.metadata === undefined || this.metadata.topics.length === 0) return fromFiles;
    const listed = this.metadata.topics.map((topic): BagTopic => {
      const stored = byKey.get(`${topic.name}\u0000${topic.type}`);
      return {
        name: topic.name,
        type: topic.type,
        serializationFormat: topic.serializationFormat,
        offeredQosProfiles: topic.offeredQosProfiles,
        messageCount: stored?.messageCount ?? 0,
        ...(stored?.schema === undefined ? {} : { schema: stored.schema }),
      };
    });
    const names = new Set(listed.map((topic) => topic.name));
    return [...listed, ...fromFiles.filter((topic) => !names.has(topic.name))];
  }

  /** Messages in receive-time order, or in send-time order (ties: receive-time order). */
  messages(query: MessageQuery = {}, order: 'received' | 'sent' = 'received'): Iterator<BagMessage> {
    const merged = this.files.length === 1 ? this.files[0]!.messages(query) : mergeByReceiveTime(this.files.map((file) => file.messages(query)));
    const received = this.#decompress === undefined ? merged : decompressed(merged, this.#decompress, this.path);
    if (order === 'received') return received;
    const maxLatency = this.files.map((file) => file.maxLatency()).reduce((a, b) => (a > b ? a : b));
    return inSendTimeOrder(received, maxLatency);
  }

  close(): void {
    for (const file of this.files) file.close();
  }
}

function storageOfFile(path: string): 'mcap' | 'sqlite3' {
  const extension = extname(path);
  if (extension === '.mcap') return 'mcap';
  if (extension === '.db3') return 'sqlite3';
  throw new BagError(path, `unknown storage '${basename(path)}': expected an .mcap or .db3 file, or a bag directory`);
}

/** Opens a storage file: `storageId` as metadata.yaml names it, else from the file's extension. */
function openStorage(path: string, chunks: DecompressHandlers, storageId?: 'mcap' | 'sqlite3'): BagStorage {
  const problem = notRegularFile(path);
  if (problem !== undefined) throw new BagError(path, problem);
  return (storageId ?? storageOfFile(path)) === 'mcap' ? McapStorage.openNow(path, chunks) : new SqliteStorage(path);
}

/** K-way merge of time-ordered iterators; equal times come from the earlier iterator first. */
function* mergeByReceiveTime(iterators: Iterator<BagMessage>[]): Generator<BagMessage> {
  const heads: (BagMessage | undefined)[] = [];
  for (const iterator of iterators) heads.push(next(iterator));
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (head !== undefined && (best < 0 || head.logTime < heads[best]!.logTime)) best = i;
    }
    if (best < 0) return;
    yield heads[best]!;
    heads[best] = next(iterators[best]!);
  }
}

function* decompressed(messages: Iterator<BagMessage>, decompress: (message: BagMessage) => BagMessage, path: string): Generator<BagMessage> {
  for (let message = next(messages); message !== undefined; message = next(messages)) {
    let plain: BagMessage;
    try {
      plain = decompress(message);
    } catch (error) {
      throw new BagError(path, (error as Error).message);
    }
    yield plain;
  }
}

/**
 * Reorders messages that come in receive-time order by send time, holding back only what it
 * must: every message still to come was sent no earlier than its receive time minus the bag's
 * largest latency, so a held message sent no later than that bound can go.
 */
function* inSendTimeOrder(messages: Iterator<BagMessage>, maxLatency: bigint): Generator<BagMessage> {
  // Sorted by send time, ties in arrival order; `first` is the next to hand out.
  const held: BagMessage[] = [];
  let first = 0;
  for (let message = next(messages); message !== undefined; message = next(messages)) {
    const bound = message.logTime - maxLatency;
    while (first < held.length && held[first]!.publishTime <= bound) yield held[first++]!;
    if (first > 1024 && first * 2 > held.length) {
      held.splice(0, first);
      first = 0;
    }
    let at = held.length;
    while (at > first && held[at - 1]!.publishTime > message.publishTime) at--;
    held.splice(at, 0, message);
  }
  for (; first < held.length; first++) yield held[first]!;
}

function next(iterator: Iterator<BagMessage>): BagMessage | undefined {
  const result = iterator.next();
  return result.done === true ? undefined : result.value;
}
