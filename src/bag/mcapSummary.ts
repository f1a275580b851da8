import { crc32 } from '@foxglove/crc';
import { McapStreamReader, type McapTypes } from '@mcap/core';
import type { SyncFileReadable } from './SyncFileReadable.js';

/** What McapStorage reads of an MCAP file's index: McapIndexedReader's fields, or mcapSummaryNow's. */
export interface McapSummary {
  readonly header: McapTypes.Header;
  readonly footer: McapTypes.Footer;
  readonly statistics: McapTypes.Statistics | undefined;
  readonly channelsById: ReadonlyMap<number, McapTypes.Channel>;
  readonly schemasById: ReadonlyMap<number, McapTypes.Schema>;
  readonly chunkIndexes: readonly McapTypes.ChunkIndex[];
  /** The file's metadata records named `name`. */
  metadataNamed(name: string): McapTypes.Metadata[];
}

/** Opcode, length, summary start, summary offset start, CRC, then the closing magic (MCAP specification). */
const FOOTER_AND_MAGIC = 1 + 8 + 8 + 8 + 4 + 8;
const MAGIC = 8;

/**
 * An MCAP file's header and summary section, read with synchronous reads before returning: a
 * program's rosbag2_cpp Reader opens a bag while the run waits for its answer, where the indexed
 * reader's asynchronous Initialize cannot finish. Throws on a file without a summary.
 */
export function mcapSummaryNow(readable: SyncFileReadable): McapSummary {
  const size = readable.sizeNow();
  if (size < BigInt(MAGIC + 9 + FOOTER_AND_MAGIC)) throw new Error(`file size (${size}) is too small to be valid MCAP`);
  const prefix = readable.readNow(0n, BigInt(MAGIC + 9));
  const headerLength = new DataView(prefix.buffer, prefix.byteOffset).getBigUint64(MAGIC + 1, true);
  const header = only(records(readable.readNow(0n, BigInt(MAGIC + 9) + headerLength), false), 'Header');
  const footer = only(records(readable.readNow(size - BigInt(FOOTER_AND_MAGIC), BigInt(FOOTER_AND_MAGIC)), true), 'Footer');
  if (footer.summaryStart === 0n) throw new Error('file is not indexed (it has no summary section)');
  // The summary's CRC covers the summary section and the footer up to the CRC itself (MCAP specification; 0: none written).
  const summaryAndFooter = readable.readNow(footer.summaryStart, size - BigInt(MAGIC + 4) - footer.summaryStart);
  const summaryCrc = footer.summaryCrc === 0 ? 0 : crc32(summaryAndFooter);
  if (summaryCrc !== footer.summaryCrc) throw new Error(`Incorrect summary CRC ${summaryCrc} (expected ${footer.summaryCrc})`);
  const channelsById = new Map<number, McapTypes.Channel>();
  const schemasById = new Map<number, McapTypes.Schema>();
  const chunkIndexes: McapTypes.ChunkIndex[] = [];
  const metadataIndexes: McapTypes.MetadataIndex[] = [];
  let statistics: McapTypes.Statistics | undefined;
  for (const record of records(summaryAndFooter.subarray(0, Number(size - BigInt(FOOTER_AND_MAGIC) - footer.summaryStart)), true)) {
    if (record.type === 'Schema') schemasById.set(record.id, record);
    else if (record.type === 'Channel') channelsById.set(record.id, record);
    else if (record.type === 'ChunkIndex') chunkIndexes.push(record);
    else if (record.type === 'MetadataIndex') metadataIndexes.push(record);
    else if (record.type === 'Statistics') statistics = record;
  }
  return {
    header,
    footer,
    statistics,
    channelsById,
    schemasById,
    chunkIndexes,
    metadataNamed: (name) =>
      metadataIndexes.filter((index) => index.name === name).map((index) => only(records(readable.readNow(index.offset, index.length), true), 'Metadata')),
  };
}

/** The records in `bytes` (a fragment of the file when `fragment`, else its start with the magic). */
function records(bytes: Uint8Array, fragment: boolean): McapTypes.TypedMcapRecord[] {
  const reader = new McapStreamReader({ noMagicPrefix: fragment, validateCrcs: true });
  reader.append(bytes);
  const found: McapTypes.TypedMcapRecord[] = [];
  for (let record = reader.nextRecord(); record !== undefined; record = reader.nextRecord()) found.push(record);
  return found;
}

function only<T extends McapTypes.TypedMcapRecord['type']>(found: McapTypes.TypedMcapRecord[], type: T): Extract<McapTypes.TypedMcapRecord, { type: T }> {
  const record = found[0];
  if (record?.type !== type) throw new Error(`expected a ${type} record, found ${record?.type ?? 'nothing'}`);
  return record as Extract<McapTypes.TypedMcapRecord, { type: T }>;
}
