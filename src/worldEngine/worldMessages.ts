import { createRequire } from 'node:module';
import type protobuf from 'protobufjs';

// Loaded with the first engine behind the protocol: runs without one do not load protobufjs.
const require = createRequire(import.meta.url);

/** proto/world.proto, beside the package's dist/ (see package.json "files"). */
const PROTO = new URL('../../../proto/world.proto', import.meta.url);

let types: { toEngine: protobuf.Type; fromEngine: protobuf.Type } | null = null;

/** The protocol's two top-level message types, loaded once from the .proto file. */
export function worldTypes(): { toEngine: protobuf.Type; fromEngine: protobuf.Type } {
  if (types === null) {
    const { loadSync } = require('protobufjs') as typeof protobuf;
    const root = loadSync(decodeURIComponent(PROTO.pathname));
    types = { toEngine: root.lookupType('rclsim.world.ToEngine'), fromEngine: root.lookupType('rclsim.world.FromEngine') };
  }
  return types;
}
