import { createRequire } from 'node:module';
import type * as Lz4 from 'lz4js';
import type { ChunkCompressor } from './SyncMcapWriter.js';
import { loadedZstd } from './syncZstd.js';

const require = createRequire(import.meta.url);

export type ChunkCompression = 'none' | 'zstd' | 'lz4';

/** zstd's own default level (what the recorder has always written). */
const ZSTD_DEFAULT_LEVEL = 3;

/**
 * MCAP chunk compressors: zstd at `zstdLevel`, and lz4 in the LZ4 frame format MCAP specifies
 * (lz4js has one speed). Undefined for none.
 */
export function chunkCompressor(compression: ChunkCompression, zstdLevel = ZSTD_DEFAULT_LEVEL): ChunkCompressor | undefined {
  if (compression === 'zstd') {
    const zstd = loadedZstd();
    return (data) => ({ compression: 'zstd', compressedData: zstd.compress(data, zstdLevel) });
  }
  if (compression === 'lz4') {
    const lz4 = require('lz4js') as typeof Lz4;
    return (data) => ({ compression: 'lz4', compressedData: Uint8Array.from(lz4.compress(data)) });
  }
  return undefined;
}
