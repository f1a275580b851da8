// Build step (npm run build, after tsc): what the node protocol's codec loads
// (src/port/wire/nodeMessages.ts), beside it in dist/src/port/wire/. A program's process loads it
// before it says Hello and must start within its budget (docs/node-protocol.md), so:
// - nodeProto.json: proto/node.proto as protobufjs JSON, for protobufjs/light's Root.fromJSON
//   (the full library's .proto parser costs more to load and to run);
// - protobufLight.cjs: protobufjs/light and long in one file. Node resolves and reads each of the
//   ~40 files of the package one by one, which costs more than running them: one file loads in
//   half the time.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import protobuf from 'protobufjs';

const root = protobuf.loadSync(fileURLToPath(new URL('../proto/node.proto', import.meta.url)));
writeFileSync(new URL('../dist/src/port/wire/nodeProto.json', import.meta.url), `${JSON.stringify(root.toJSON())}\n`);
buildSync({
  stdin: { contents: "module.exports = require('protobufjs/light');", resolveDir: fileURLToPath(new URL('..', import.meta.url)) },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: fileURLToPath(new URL('../dist/src/port/wire/protobufLight.cjs', import.meta.url)),
  logLevel: 'warning',
});
