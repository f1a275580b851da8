import { crc32 } from '@foxglove/crc';
import type { DecompressHandlers } from '@mcap/core';

const OPCODE_CHUNK = 0x06;
const OPCODE_MESSAGE = 0x05;

/**
 * Reads MCAP chunk records one after another, locating their messages without an object per
 * message: the records stay in one buffer and each message is an offset in it, in arrays that
 * are reused from chunk to chunk. Playback then leaves no per-chunk garbage that would outlive
 * young-generation GCs and pile up until a full one. Layouts are the MCAP specification's
 * (little-endian; opcode 0x06 Chunk, 0x05 Message).
 */
export class ChunkReader {
  count = 0;
  #records: Uint8Array = new Uint8Array(0);
  #view: DataView = new DataView(new ArrayBuffer(0));
  #offsets = new Uint32Array(1024);
  #ends = new Uint32Array(1024);
  readonly #decompress: DecompressHandlers;

  constructor(decompress: DecompressHandlers) {
    this.#decompress = decompress;
  }

  /** Parses a Chunk record (opcode, length, fields): checks its CRC, decompresses its records. */
  read(bytes: Uint8Array): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes[0] !== OPCODE_CHUNK) throw new Error(`expected a chunk record (opcode 0x06), found opcode 0x${bytes[0]?.toString(16)}`);
    let at = 1 + 8 + 16; // opcode, record length, message start and end times
    const uncompressedSize = view.getBigUint64(at, true);
    const uncompressedCrc = view.getUint32(at + 8, true);
    at += 12;
    const compressionLength = view.getUint32(at, true);
    const compression = new TextDecoder().decode(bytes.subarray(at + 4, at + 4 + compressionLength));
    at += 4 + compressionLength;
    const recordsLength = Number(view.getBigUint64(at, true));
    at += 8;
    if (at + recordsLength > bytes.length) throw new Error('the chunk record runs past its end');
    const stored = bytes.subarray(at, at + recordsLength);
    let records = stored;
    if (compression !== '') {
      const handler = this.#decompress[compression];
      if (handler === undefined) throw new Error(`the chunk is compressed with unsupported '${compression}'`);
      records = handler(stored, uncompressedSize);
    }
    if (uncompressedCrc !== 0 && crc32(records) !== uncompressedCrc) throw new Error('chunk CRC mismatch: the file is corrupt');
    this.#index(records);
  }

  #index(records: Uint8Array): void {
    const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
    this.#records = records;
    this.#view = view;
    this.count = 0;
    for (let at = 0; at < records.length; ) {
      if (at + 9 > records.length) throw new Error('the chunk’s records are truncated');
      const end = at + 9 + Number(view.getBigUint64(at + 1, true));
      if (end > records.length) throw new Error('a record in the chunk runs past the chunk');
      if (records[at] === OPCODE_MESSAGE) {
        if (this.count === this.#offsets.length) this.#grow();
        this.#offsets[this.count] = at + 9;
        this.#ends[this.count] = end;
        this.count++;
      }
      at = end;
    }
  }

  #grow(): void {
    const offsets = new Uint32Array(this.#offsets.length * 2);
    const ends = new Uint32Array(this.#ends.length * 2);
    offsets.set(this.#offsets);
    ends.set(this.#ends);
    this.#offsets = offsets;
    this.#ends = ends;
  }

  // Message fields: channel id u16, sequence u32, log time u64, publish time u64, then the data.

  channelIdAt(i: number): number {
    return this.#view.getUint16(this.#offsets[i]!, true);
  }

  logTimeAt(i: number): bigint {
    return this.#view.getBigUint64(this.#offsets[i]! + 6, true);
  }

  publishTimeAt(i: number): bigint {
    return this.#view.getBigUint64(this.#offsets[i]! + 14, true);
  }

  /** A copy: the buffers are reused for the next chunk. */
  dataAt(i: number): Uint8Array {
    return this.#records.slice(this.#offsets[i]! + 22, this.#ends[i]!);
  }
}
