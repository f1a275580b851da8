import { open } from 'node:fs/promises';
import { McapIndexedReader, type TypedMcapRecords } from '@mcap/core';
import { FileHandleReadable } from '@mcap/nodejs';
import { loadDecompressHandlers } from '@mcap/support';

export interface McapMessage {
  topic: string;
  schema: string;
  logTime: bigint;
  publishTime: bigint;
  data: Uint8Array;
}

export interface McapContents {
  reader: McapIndexedReader;
  metadata: TypedMcapRecords['Metadata'][];
  messages: McapMessage[];
}

/** Everything in an MCAP file, read independently of rclsim with @mcap/core's indexed reader. */
export async function readMcap(path: string): Promise<McapContents> {
  const handle = await open(path);
  try {
    const reader = await McapIndexedReader.Initialize({
      readable: new FileHandleReadable(handle),
      decompressHandlers: await loadDecompressHandlers(),
    });
    const metadata: TypedMcapRecords['Metadata'][] = [];
    for await (const record of reader.readMetadata()) metadata.push(record);
    const messages: McapMessage[] = [];
    for await (const message of reader.readMessages()) {
      const channel = reader.channelsById.get(message.channelId)!;
      messages.push({
        topic: channel.topic,
        schema: reader.schemasById.get(channel.schemaId)!.name,
        logTime: message.logTime,
        publishTime: message.publishTime,
        data: message.data,
      });
    }
    return { reader, metadata, messages };
  } finally {
    await handle.close();
  }
}
