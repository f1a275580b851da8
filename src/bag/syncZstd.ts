import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** What @foxglove/wasm-zstd's Emscripten module (dist/wasm-zstd.js) holds once it runs. */
interface ZstdModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  _compressBound(size: number): number;
  _compress(destination: number, destinationSize: number, source: number, sourceSize: number, level: number): number;
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

/** zstd one frame at a time, usable at once. */
export interface SyncZstd {
  /** One frame of `source` at zstd's `level` (negative: faster). */
  compress(source: Uint8Array, level: number): Buffer;
  /** The frame's `size` bytes. */
  decompress(source: Uint8Array, size: number): Buffer;
}

let loaded: SyncZstd | undefined;

/**
 * zstd's WebAssembly, compiled and started before returning, once. The package's own entry compiles
 * it asynchronously as it is required (~6–9 ms, and a top-level await for whoever needs it loaded):
 * Emscripten's instantiateWasm hook lets it be compiled synchronously instead, and its module then
 * runs at once (its start waits on nothing else). For code that must not wait: a program's bag,
 * opened while the program waits for the answer.
 */
export function loadedZstd(): SyncZstd {
  if (loaded !== undefined) return loaded;
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
  /** `run` between the source copied in and a destination of `size` bytes; the result's length, or -1. */
  const inHeap = (source: Uint8Array, size: number, run: (to: number, from: number) => number, failure: string): Buffer => {
    const from = zstd._malloc(source.byteLength);
    const to = zstd._malloc(size);
    try {
      zstd.HEAPU8.set(source, from);
      const length = run(to, from);
      if (length === -1) throw new Error(failure);
      return Buffer.from(zstd.HEAPU8.subarray(to, to + length));
    } finally {
      zstd._free(from);
      zstd._free(to);
    }
  };
  loaded = {
    compress: (source, level) => {
      const bound = zstd._compressBound(source.byteLength);
      return inHeap(source, bound, (to, from) => zstd._compress(to, bound, from, source.byteLength, level), 'Error during compression');
    },
    decompress: (source, size) => inHeap(source, size, (to, from) => zstd._decompress(to, size, from, source.byteLength), 'Error during decompression'),
  };
  return loaded;
}
