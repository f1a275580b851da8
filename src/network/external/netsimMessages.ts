import { createRequire } from 'node:module';
import type protobuf from 'protobufjs';

// Loaded with the first external simulator: runs without one do not load protobufjs.
const require = createRequire(import.meta.url);

/** proto/netsim.proto, beside the package's dist/ (see package.json "files"). */
const PROTO = new URL('../../../../proto/netsim.proto', import.meta.url);

let types: { toSimulator: protobuf.Type; fromSimulator: protobuf.Type } | null = null;

/** The protocol's two top-level message types, loaded once from the .proto file. */
export function netsimTypes(): { toSimulator: protobuf.Type; fromSimulator: protobuf.Type } {
  if (types === null) {
    const { loadSync } = require('protobufjs') as typeof protobuf;
    const root = loadSync(decodeURIComponent(PROTO.pathname));
    types = { toSimulator: root.lookupType('rclsim.netsim.ToSimulator'), fromSimulator: root.lookupType('rclsim.netsim.FromSimulator') };
  }
  return types;
}

export interface Vector3 {
  x: number;
  y: number;
  z: number;
}

export interface PairState {
  from: number;
  to: number;
  distanceM: number;
  lineOfSight: boolean;
  pathLossDb: number;
  crossings: Vector3[];
}

export interface DatagramOut {
  id: number;
  sendTimeNs: number;
  payloadBytes: number;
  from: number;
  to: number;
  /** The transport datagram the packet belongs to (0: its own), and how many packets it has. */
  group: number;
  groupSize: number;
}

export interface Advance {
  untilNs: number;
  positions: Vector3[];
  pairs: PairState[];
  datagrams: DatagramOut[];
}

export interface Reply {
  timeNs: number;
  deliveries: { id: number; timeNs: number }[];
  drops: { id: number; timeNs: number; reason: string }[];
  /** Wall time the simulator spent simulating for this request, ns. */
  busyNs: number;
}
