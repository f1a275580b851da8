import { createRequire } from 'node:module';
import type * as Zstd from '@foxglove/wasm-zstd';
import type * as Lz4 from 'lz4js';

const require = createRequire(import.meta.url);

export type ChunkCompression = 'none' | 'zstd' | 'lz4';

/** MCAP chunk compressors: zstd, and lz4 in the LZ4 frame format MCAP specifies. */
export async function chunkCompressor(
  compression: ChunkCompression,
): Promise<((data: Uint8Array) => { compression: string; compressedData: Uint8Array }) | undefined> {
  if (compression === 'zstd') {
    const zstd = require('@foxglove/wasm-zstd') as typeof Zstd;
    await zstd.isLoaded;
    return (data) => ({ compression: 'zstd', compressedData: zstd.compress(data) });
  }
  if (compression === 'lz4') {
    const lz4 = require('lz4js') as typeof Lz4;
    return (data) => ({ compression: 'lz4', compressedData: Uint8Array.from(lz4.compress(data)) });
  }
  return undefined;
}
