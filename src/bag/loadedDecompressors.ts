import { createRequire } from 'node:module';
import type { DecompressHandlers } from '@mcap/core';
import type * as Lz4 from 'lz4js';
import type { Decompressors } from './Bag.js';
import { loadedZstd } from './syncZstd.js';

const require = createRequire(import.meta.url);

let loaded: Decompressors | undefined;

/**
 * Decompressors for what must open a bag while the run waits: a program's rosbag2_cpp Reader,
 * answered before the program goes on. MCAP chunks as rosbag2 writes them (zstd or lz4) and
 * rosbag2's per-message zstd. Loaded by the first such open, not by every start of rclsim.
 */
export function loadedDecompressors(): Decompressors {
  if (loaded === undefined) {
    const { decompress } = loadedZstd();
    const lz4 = require('lz4js') as typeof Lz4;
    const chunks: DecompressHandlers = {
      zstd: (buffer, size) => decompress(buffer, Number(size)),
      lz4: (buffer, size) => Uint8Array.from(lz4.decompress(buffer, Number(size))),
    };
    loaded = { chunks, zstd: { decompress } };
  }
  return loaded;
}
