import { McapIndexedReader } from '@mcap/core';
import { FileHandleReadable } from '@mcap/nodejs';
import { loadDecompressHandlers } from '@mcap/support';
import { open } from 'node:fs/promises';
const fh = await open(process.argv[2]);
const reader = await McapIndexedReader.Initialize({ readable: new FileHandleReadable(fh), decompressHandlers: await loadDecompressHandlers() });
console.log('header', reader.header);
for (const [id, c] of reader.channelsById) console.log('channel', id, c.topic, c.messageEncoding, c.schemaId, [...c.metadata.keys()]);
for (const [id, s] of reader.schemasById) console.log('schema', id, s.name, s.encoding, JSON.stringify(new TextDecoder().decode(s.data).slice(0, 300)));
for await (const m of reader.readMetadata()) console.log('metadata', m.name, [...m.metadata.entries()].map(([k,v]) => [k, v.slice(0, 1500)]));
console.log('stats', reader.statistics);
console.log('chunks', reader.chunkIndexes.map(c => [c.compression, c.messageStartTime, c.messageEndTime]));
let n = 0; for await (const m of reader.readMessages()) { if (n++ < 3) console.log('msg', m.channelId, m.sequence, m.logTime, m.publishTime, m.data.length); }
await fh.close();
