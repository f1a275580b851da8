// Reads the patrol job's bag with Foxglove's MCAP libraries and shows the image stream's rate
// and delay over time next to the link's state: a table on stdout, and figure.svg.
//   node examples/patrol/plot.mjs [bag directory, default examples/patrol/output]

import { open, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@foxglove/rosmsg';
import { MessageReader } from '@foxglove/rosmsg2-serialization';
import { McapIndexedReader } from '@mcap/core';
import { FileHandleReadable } from '@mcap/nodejs';
import { loadDecompressHandlers } from '@mcap/support';

const here = dirname(fileURLToPath(import.meta.url));
const bag = process.argv[2] ?? join(here, 'output');
const figure = process.argv[3] ?? join(here, 'figure.svg');
const IMAGE_BITS = 100_000 * 8;

const handle = await open(join(bag, `${bag.split('/').filter(Boolean).pop()}_0.mcap`));
const reader = await McapIndexedReader.Initialize({ readable: new FileHandleReadable(handle), decompressHandlers: await loadDecompressHandlers() });
const decoders = new Map();
const decoderOf = (channelId) => {
  if (!decoders.has(channelId)) {
    const channel = reader.channelsById.get(channelId);
    const schema = reader.schemasById.get(channel.schemaId);
    decoders.set(channelId, new MessageReader(parse(new TextDecoder().decode(schema.data), { ros2: true })));
  }
  return decoders.get(channelId);
};

/** Per second of the run: images received, their delays (s), and the red → blue link. */
const seconds = [];
const bin = (t) => (seconds[Math.floor(t)] ??= { images: 0, delays: [], link: undefined });
let start;
for await (const record of reader.readMessages({ topics: ['/blue/receipts', '/rclsim/network/links'] })) {
  const topic = reader.channelsById.get(record.channelId).topic;
  const message = decoderOf(record.channelId).readMessage(record.data);
  start ??= record.logTime;
  const t = Number(record.logTime - start) / 1e9;
  if (topic === '/blue/receipts') {
    const sent = message.time_ref.sec + message.time_ref.nanosec / 1e9;
    const received = message.header.stamp.sec + message.header.stamp.nanosec / 1e9;
    const entry = bin(t);
    entry.images++;
    entry.delays.push(received - sent);
  } else {
    // Published at the end of each second: it describes the second before.
    bin(t - 0.5).link = message.links.find((l) => l.from_host === 'red' && l.to_host === 'blue');
  }
}
await handle.close();

const rows = seconds.map((s, t) => ({
  t,
  rate: ((s?.images ?? 0) * IMAGE_BITS) / 1e6,
  delay: s?.delays.length ? s.delays.reduce((a, b) => a + b, 0) / s.delays.length : NaN,
  maxDelay: s?.delays.length ? Math.max(...s.delays) : NaN,
  link: s?.link,
}));

console.log('  t (s)  distance  LOS   SNR (dB)  MCS  images (Mbit/s)  delay mean / max (ms)');
for (const row of rows.filter((r) => r.t % 5 === 0)) {
  const l = row.link;
  console.log(
    `${String(row.t).padStart(6)}  ${l ? `${l.distance.toFixed(0).padStart(6)} m` : '       '}  ${l ? (l.line_of_sight ? 'yes' : ' no') : '   '}  ${l ? l.snr_db.toFixed(1).padStart(8) : '        '}  ${l ? String(l.mcs).padStart(3) : '   '}  ${row.rate.toFixed(1).padStart(15)}  ${Number.isNaN(row.delay) ? '      -' : `${(row.delay * 1000).toFixed(0).padStart(7)} / ${(row.maxDelay * 1000).toFixed(0)}`}`,
  );
}

// Two panels over time, line-of-sight-less seconds shaded.
const W = 720,
  H = 200,
  L = 50,
  T = 24;
const x = (t) => L + (t / 120) * (W - L - 10);
const panel = (top, values, max, label, color) => {
  const y = (v) => top + H - (Math.min(v, max) / max) * H;
  const points = values.map((v, t) => (Number.isNaN(v) ? null : `${x(t + 0.5).toFixed(1)},${y(v).toFixed(1)}`));
  const runs = [];
  let run = [];
  for (const p of points) {
    if (p === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(p);
  }
  if (run.length) runs.push(run);
  const ticks = [0, 0.5, 1].map((f) => `<text x="${L - 6}" y="${y(f * max) + 4}" text-anchor="end" font-size="11">${(f * max).toFixed(0)}</text>`).join('');
  return (
    `<rect x="${L}" y="${top}" width="${W - L - 10}" height="${H}" fill="none" stroke="#888"/>${ticks}` +
    `<text x="${L}" y="${top - 6}" font-size="12">${label}</text>` +
    runs.map((r) => `<polyline fill="none" stroke="${color}" stroke-width="1.5" points="${r.join(' ')}"/>`).join('')
  );
};
const shade = rows
  .filter((r) => r.link && !r.link.line_of_sight)
  .flatMap((r) => [T, T + H + 30].map((top) => `<rect x="${x(r.t)}" y="${top}" width="${x(1) - x(0)}" height="${H}" fill="#ddd"/>`))
  .join('');
const timeTicks = [0, 20, 40, 60, 80, 100, 120].map((t) => `<text x="${x(t)}" y="${T + 2 * H + 48}" text-anchor="middle" font-size="11">${t}</text>`).join('');
const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${2 * H + 96}" font-family="sans-serif">` +
  `<rect width="100%" height="100%" fill="white"/>${shade}` +
  panel(
    T,
    rows.map((r) => r.rate),
    70,
    'images received by blue from red (Mbit/s per second); grey: no line of sight',
    '#c0392b',
  ) +
  panel(
    T + H + 30,
    rows.map((r) => r.delay * 1000),
    500,
    'mean delay of those images, publish to arrival (ms)',
    '#2c3e50',
  ) +
  `${timeTicks}<text x="${W / 2}" y="${T + 2 * H + 64}" text-anchor="middle" font-size="12">sim time (s)</text></svg>\n`;
await writeFile(figure, svg);
console.log(`wrote ${figure}`);
