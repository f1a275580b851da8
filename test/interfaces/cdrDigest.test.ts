import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hash64 } from '../../src/base/Hash64.js';
import { deserializeMessage, serializeMessage } from '../../src/interfaces/cdr.js';
import { cdrDigest } from '../../src/interfaces/cdrDigest.js';
import { InterfaceRegistry } from '../../src/interfaces/InterfaceRegistry.js';
import type { MessageType } from '../../src/interfaces/MessageType.js';
import type { Message } from '../../src/interfaces/plainMessages.js';
import { needs } from '../support/helpers.js';

const TEST_INTERFACES = '/usr/share/test_interface_files';

/** A small deterministic generator (no Math.random: the same values every run). */
function values(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const TEXTS = ['', 'a', 'Hello, world!', 'ключ', 'é', '\u{1F600} emoji', 'nul\u0000inside'];

/** A message of `type` with every field filled from `next` (arrays of 0–4 items, or their fixed length). */
function filled(type: MessageType, next: () => number): Message {
  const message: Message = {};
  for (const field of type.fields) {
    const one = (): unknown => {
      if (field.isComplex === true) return filled(type.fieldMessageType(field), next);
      const r = next();
      switch (field.type) {
        case 'bool':
          return r < 0.5;
        case 'string':
          return TEXTS[Math.floor(r * TEXTS.length)]!.slice(0, field.upperBound ?? Infinity);
        case 'float32':
        case 'float64':
          return [0, -0, 1.5, -3, 1e300, Number.NaN, r * 1000][Math.floor(next() * 7)]! * (field.type === 'float32' && r > 0.5 ? 1e-300 : 1);
        case 'int64':
          return BigInt.asIntN(64, BigInt(Math.floor(r * 2 ** 32)) * BigInt(Math.floor(next() * 2 ** 32)) - 2n ** 40n);
        case 'uint64':
          return BigInt.asUintN(64, BigInt(Math.floor(r * 2 ** 32)) * BigInt(Math.floor(next() * 2 ** 32)));
        default: {
          const bits = { int8: 8, uint8: 8, int16: 16, uint16: 16, int32: 32, uint32: 32 }[field.type]!;
          const unsigned = Math.floor(r * 2 ** bits);
          return field.type.startsWith('u') ? unsigned : unsigned - 2 ** (bits - 1);
        }
      }
    };
    if (field.isArray !== true) message[field.name] = one();
    else {
      const length = field.arrayLength ?? Math.min(Math.floor(next() * 5), field.arrayUpperBound ?? Infinity);
      message[field.name] = Array.from({ length }, one);
    }
  }
  return message;
}

/** The digest the fingerprint takes of a message: of the object CDR decoding makes. */
function decodedDigest(type: MessageType, bytes: Uint8Array): string {
  const hash = type.digest(deserializeMessage(type, bytes), new Hash64());
  return `${hash.digestHi}:${hash.digestLo}`;
}

function bytesDigest(type: MessageType, bytes: Uint8Array): string | null {
  const hash = new Hash64();
  return cdrDigest(type, bytes, hash) ? `${hash.digestHi}:${hash.digestLo}` : null;
}

/** Checks many messages of each type, and every prefix of one: whatever the bytes' digest takes, decoding takes too, to the same digest. */
function checkTypes(registry: InterfaceRegistry, names: string[]): void {
  for (const name of names) {
    const type = registry.message(name);
    const next = values(name.length * 7919);
    for (let i = 0; i < 25; i++) {
      const message = i === 0 ? type.createDefault() : type.normalize(filled(type, next), false, false);
      const bytes = serializeMessage(type, message);
      assert.equal(bytesDigest(type, bytes), decodedDigest(type, bytes), `${name} #${i}`);
      if (i !== 1) continue;
      // Cut short, in a larger buffer (as frames are views of one): never taken where decoding fails or differs.
      const larger = Buffer.alloc(bytes.length + 64, 0x41);
      bytes.copy(larger);
      for (let end = 0; end < bytes.length; end++) {
        const cut = larger.subarray(0, end);
        const taken = bytesDigest(type, cut);
        if (taken !== null) assert.equal(taken, decodedDigest(type, cut), `${name} cut at ${end}`);
      }
    }
  }
}

describe('a message digest from its CDR bytes', () => {
  it('is the digest of the message CDR decoding makes, for messages of every kind of field', () => {
    checkTypes(new InterfaceRegistry(), [
      'std_msgs/msg/UInt64',
      'std_msgs/msg/String',
      'std_msgs/msg/Char',
      'std_msgs/msg/Empty',
      'std_srvs/srv/Trigger_Response',
      'sensor_msgs/msg/JointState',
      'sensor_msgs/msg/Image',
      'sensor_msgs/msg/Imu',
      'geometry_msgs/msg/PoseStamped',
      'diagnostic_msgs/msg/DiagnosticArray',
      'visualization_msgs/msg/MarkerArray',
    ]);
  });

  it('is the decoded message’s digest for ROS 2’s test interfaces (fixed, bounded and unbounded arrays, nesting, defaults)', needs('test interfaces'), () => {
    const registry = new InterfaceRegistry([{ path: TEST_INTERFACES, package: 'test_msgs' }]);
    const names = [
      'Arrays',
      'BasicTypes',
      'BoundedPlainSequences',
      'BoundedSequences',
      'Defaults',
      'Empty',
      'MultiNested',
      'Nested',
      'Strings',
      'UnboundedSequences',
    ];
    checkTypes(
      registry,
      names.map((name) => `test_msgs/msg/${name}`),
    );
  });

  it('leaves to the decoder what it does not read: another encapsulation, a wstring', needs('test interfaces'), () => {
    const registry = new InterfaceRegistry([{ path: TEST_INTERFACES, package: 'test_msgs' }]);
    const uint64 = registry.message('std_msgs/msg/UInt64');
    const bytes = serializeMessage(uint64, { data: 7n });
    const bigEndian = Buffer.from(bytes);
    bigEndian[1] = 0;
    assert.equal(bytesDigest(uint64, bigEndian), null);
    const wstrings = registry.message('test_msgs/msg/WStrings');
    assert.equal(bytesDigest(wstrings, Buffer.from([0, 1, 0, 0, 0, 0, 0, 0])), null);
  });
});
