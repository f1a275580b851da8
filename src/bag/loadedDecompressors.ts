import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DecompressHandlers } from '@mcap/core';
import type * as Lz4 from 'lz4js';
import type { Decompressors } from './Bag.js';
import type { LoadedZstd } from './messageCompression.js';

const require = createRequire(import.meta.url);

/** What @foxglove/wasm-zstd's Emscripten module (dist/wasm-zstd.js) holds once it runs. */
interface ZstdModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  _decompress(destination: number, destinationSize: number, source: number, sourceSize: number): number;
}

/** An instance of a compiled WebAssembly module (the project's lib, ES2022, declares no WebAssembly). */
interface WasmInstance {
  exports: object;
}

/** WebAssembly's synchronous compile and instantiate. */
const { Module: WasmModule, Instance: WasmInstance } = (
  globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (module: object, imports: object) => WasmInstance };
  }
).WebAssembly;

type ZstdFactory = (options: { instantiateWasm: (imports: object, receive: (instance: WasmInstance) => void) => object }) => Promise<unknown>;

/**
 * zstd's WebAssembly, compiled and started before returning. The package's own entry compiles it
 * asynchronously as it is required (~6–9 ms, and a top-level await for whoever needs it loaded):
 * Emscripten's instantiateWasm hook lets it be compiled synchronously instead, and its module then
 * runs at once (its start waits on nothing else).
 */
function zstdNow(): LoadedZstd['decompress'] {
  const entry = require.resolve('@foxglove/wasm-zstd/dist/wasm-zstd.js');
  const factory = require(entry) as ZstdFactory;
  const wasm = new WasmModule(readFileSync(join(dirname(entry), 'wasm-zstd.wasm')));
  const module: Partial<ZstdModule> = {};
  void factory(
    Object.assign(module, {
      instantiateWasm: (imports: object, receive: (instance: WasmInstance) => void) => {
        const instance = new WasmInstance(wasm, imports);
        receive(instance);
        return instance.exports;
      },
    }),
  );
  const zstd = module as ZstdModule;
  return (source, size) => {
    const from = zstd._malloc(source.byteLength);
    const to = zstd._malloc(size);
    try {
      zstd.HEAPU8.set(source, from);
      const length = zstd._decompress(to, size, from, source.byteLength);
      if (length === -1) throw new Error('Error during decompression');
      return Buffer.from(zstd.HEAPU8.subarray(to, to + length));
    } finally {
      zstd._free(from);
      zstd._free(to);
    }
  };
}

let loaded: Decompressors | undefined;

/**
 * Decompressors for what must open a bag while the run waits: a program's rosbag2_cpp Reader,
 * answered before the program goes on. MCAP chunks as rosbag2 writes them (zstd or lz4) and
 * rosbag2's per-message zstd. Loaded by the first such open, not by every start of rclsim.
 */
export function loadedDecompressors(): Decompressors {
  if (loaded === undefined) {
    const decompress = zstdNow();
    const lz4 = require('lz4js') as typeof Lz4;
    const chunks: DecompressHandlers = {
      zstd: (buffer, size) => decompress(buffer, Number(size)),
      lz4: (buffer, size) => Uint8Array.from(lz4.decompress(buffer, Number(size))),
    };
    loaded = { chunks, zstd: { decompress } };
  }
  return loaded;
}
