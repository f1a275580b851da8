import { createRequire } from 'node:module';
import type * as Zstd from '@foxglove/wasm-zstd';
import type { BagMessage } from './BagStorage.js';

const require = createRequire(import.meta.url);
const ZSTD_MAGIC = 0xfd2fb528;

export type LoadedZstd = typeof Zstd;

/** The zstd decompressor, once its WebAssembly has loaded. */
export async function loadZstd(): Promise<LoadedZstd> {
  const zstd = require('@foxglove/wasm-zstd') as LoadedZstd;
  await zstd.isLoaded;
  return zstd;
}

/**
 * rosbag2's per-message compression (`compression_mode: message`, format zstd): each stored
 * message is one zstd frame. Returns a function that hands out messages with their CDR bytes.
 */
export function messageDecompressor(format: string, zstd: Pick<LoadedZstd, 'decompress'>): (message: BagMessage) => BagMessage {
  if (format.toLowerCase() !== 'zstd') throw new Error(`message compression '${format}' is not supported (rosbag2 writes zstd)`);
  return (message) => {
    const size = frameContentSize(message.data);
    if (size === undefined) throw new Error(`message on ${message.topic} at ${message.logTime} is not a zstd frame with its size`);
    return { ...message, data: zstd.decompress(message.data, size) };
  };
}

/** The Frame_Content_Size of a zstd frame header (RFC 8878, 3.1.1.1), when it is there. */
function frameContentSize(frame: Uint8Array): number | undefined {
  if (frame.length < 6) return undefined;
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  if (view.getUint32(0, true) !== ZSTD_MAGIC) return undefined;
  const descriptor = frame[4]!;
  const sizeFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const dictionaryIdBytes = [0, 1, 2, 4][descriptor & 3]!;
  const at = 5 + (singleSegment === 1 ? 0 : 1) + dictionaryIdBytes;
  const sizeBytes = sizeFlag === 0 ? singleSegment : [0, 2, 4, 8][sizeFlag]!;
  if (sizeBytes === 0 || at + sizeBytes > frame.length) return undefined;
  if (sizeBytes === 1) return view.getUint8(at);
  if (sizeBytes === 2) return view.getUint16(at, true) + 256;
  if (sizeBytes === 4) return view.getUint32(at, true);
  return Number(view.getBigUint64(at, true));
}
