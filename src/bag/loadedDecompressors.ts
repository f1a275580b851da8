import { createRequire } from 'node:module';
import type { DecompressHandlers } from '@mcap/core';
import type * as Lz4 from 'lz4js';
import type { Decompressors } from './Bag.js';
import { loadZstd } from './messageCompression.js';

const require = createRequire(import.meta.url);

/**
 * Decompressors loaded before a run starts (a top-level await: zstd's WebAssembly loads
 * asynchronously, ~6–9 ms), for what must open a bag while the run waits: a program's
 * rosbag2_cpp Reader, answered before the program goes on. MCAP chunks as rosbag2 writes them
 * (zstd or lz4) and rosbag2's per-message zstd.
 */
const zstd = await loadZstd();
const lz4 = require('lz4js') as typeof Lz4;

const chunks: DecompressHandlers = {
  zstd: (buffer, size) => zstd.decompress(buffer, Number(size)),
  lz4: (buffer, size) => Uint8Array.from(lz4.decompress(buffer, Number(size))),
};

export const loadedDecompressors: Decompressors = { chunks, zstd };
