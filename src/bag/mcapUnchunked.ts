import type { SyncFileReadable } from './SyncFileReadable.js';

const OPCODE_MESSAGE = 0x05;
const OPCODE_DATA_END = 0x0f;
const BLOCK = 1 << 20;
/** Opcode and record length, then the message fields before its data (MCAP specification). */
const RECORD_HEADER = 9;
const MESSAGE_FIELDS = 2 + 4 + 8 + 8;

export interface UnchunkedMessage {
  channelId: number;
  logTime: bigint;
  publishTime: bigint;
  data: Uint8Array;
}

/**
 * The messages of an MCAP file written without chunks (its message records sit in the data
 * section, with no message index), in log-time order, ties in file order. A first pass notes
 * where each selected message is and when it was received (24 bytes per message); then each is
 * read where it lies, in order.
 */
export function* unchunkedMessages(
  readable: SyncFileReadable,
  from: bigint,
  to: bigint,
  selected: (channelId: number, logTime: bigint) => boolean,
): Generator<UnchunkedMessage> {
  let times = new BigUint64Array(1024);
  let offsets = new Float64Array(1024);
  let count = 0;
  const block = new Uint8Array(BLOCK);
  let blockStart = -1n;
  let blockLength = 0;
  for (let at = from; at + BigInt(RECORD_HEADER) <= to; ) {
    const need = BigInt(RECORD_HEADER + MESSAGE_FIELDS);
    if (blockStart < 0n || at < blockStart || at + need > blockStart + BigInt(blockLength)) {
      const length = to - at < BigInt(BLOCK) ? to - at : BigInt(BLOCK);
      readable.readNow(at, length, block);
      blockStart = at;
      blockLength = Number(length);
    }
    const i = Number(at - blockStart);
    const view = new DataView(block.buffer, i, Math.min(blockLength - i, RECORD_HEADER + MESSAGE_FIELDS));
    const opcode = view.getUint8(0);
    if (opcode === OPCODE_DATA_END) break;
    const length = view.getBigUint64(1, true);
    if (opcode === OPCODE_MESSAGE && view.byteLength === RECORD_HEADER + MESSAGE_FIELDS) {
      const logTime = view.getBigUint64(RECORD_HEADER + 6, true);
      if (selected(view.getUint16(RECORD_HEADER, true), logTime)) {
        if (count === times.length) {
          const moreTimes = new BigUint64Array(count * 2);
          const moreOffsets = new Float64Array(count * 2);
          moreTimes.set(times);
          moreOffsets.set(offsets);
          times = moreTimes;
          offsets = moreOffsets;
        }
        times[count] = logTime;
        offsets[count] = Number(at);
        count++;
      }
    }
    at += BigInt(RECORD_HEADER) + length;
  }
  const order = new Uint32Array(count).map((_, i) => i).sort((x, y) => (times[x]! < times[y]! ? -1 : times[x]! > times[y]! ? 1 : x - y));
  const header = new Uint8Array(RECORD_HEADER);
  for (const i of order) {
    const offset = BigInt(offsets[i]!);
    readable.readNow(offset, BigInt(RECORD_HEADER), header);
    const length = new DataView(header.buffer).getBigUint64(1, true);
    const body = readable.readNow(offset + BigInt(RECORD_HEADER), length);
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
    yield {
      channelId: view.getUint16(0, true),
      logTime: view.getBigUint64(6, true),
      publishTime: view.getBigUint64(14, true),
      data: body.subarray(MESSAGE_FIELDS),
    };
  }
}
