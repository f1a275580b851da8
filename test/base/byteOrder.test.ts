import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { Hash64 } from '../../src/base/Hash64.js';
import { cliPath, needs, repoRoot, tempDir } from '../support/helpers.js';

// docs/design.md#determinism-rules, rule 5: digests, CDR and every view over bytes are little-endian
// whatever the machine. A native-order view gives the same bits as a little-endian one on the
// machine the tests run on, so three checks: a static one (every native-order view over bytes in
// src/ says why it is safe), the byte-by-byte path against the word path, and, where qemu and
// Node for s390x are at hand (scripts/checkArch.mjs fetches it), the same values on a big-endian machine.

const MULTI_BYTE_VIEWS = new Set(['Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']);
const BUFFERS = new Set(['ArrayBuffer', 'SharedArrayBuffer', 'ArrayBufferLike']);
/** A comment that says why a native-order view is safe (in-process only, or read through an index that knows the order). */
const MARKER = 'byte order:';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The text of a line and of the comment lines right above it. */
function withCommentAbove(lines: string[], line: number): string {
  let text = lines[line]!;
  for (let i = line - 1; i >= 0 && /^\s*(\/\/|\/\*|\*)/.test(lines[i]!); i--) text = `${lines[i]}\n${text}`;
  return text;
}

/**
 * Native-order views over bytes in src/: a multi-byte typed array made over an ArrayBuffer, and
 * the bytes (`.buffer`) of a multi-byte typed array or of any ArrayBufferView, unless a DataView
 * reads them. Each must carry a `byte order:` comment.
 */
function unexplainedNativeViews(): string[] {
  const files = sourceFiles(join(repoRoot, 'src'));
  const config = ts.getParsedCommandLineOfConfigFile(join(repoRoot, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(files, { ...config!.options, noEmit: true });
  const checker = program.getTypeChecker();
  const names = (type: ts.Type): string[] => {
    const apparent = checker.getApparentType(type);
    return (apparent.isUnion() ? apparent.types : [apparent]).map((t) => t.aliasSymbol?.name ?? t.getSymbol()?.name ?? '');
  };
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const lines = source.text.split('\n');
    const report = (node: ts.Node, what: string): void => {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
      if (!withCommentAbove(lines, line).includes(MARKER))
        found.push(`${file.slice(repoRoot.length + 1)}:${line + 1}: ${what}: ${node.getText().slice(0, 80)}`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && MULTI_BYTE_VIEWS.has(node.expression.text) && node.arguments?.length) {
        if (names(checker.getTypeAtLocation(node.arguments[0]!)).some((n) => BUFFERS.has(n))) report(node, 'native-order view over bytes');
      }
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'buffer') {
        const parent = node.parent;
        const readByDataView =
          ts.isNewExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === 'DataView' && parent.arguments?.[0] === node;
        const owner = names(checker.getTypeAtLocation(node.expression));
        if (!readByDataView && owner.some((n) => MULTI_BYTE_VIEWS.has(n) || n === 'ArrayBufferView')) report(node, 'the bytes of a native-order array');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Words of `n` mod 2^64, low word first, as signed 32-bit integers. */
function wordsOf(n: bigint): [number, number] {
  const u = BigInt.asUintN(64, n);
  return [Number(u & 0xffffffffn) | 0, Number(u >> 32n) | 0];
}

describe('byte order (determinism rule 5)', () => {
  it('every native-order view over bytes in src/ says why its order cannot show (a `byte order:` comment)', () => {
    assert.deepEqual(unexplainedNativeViews(), []);
  });

  it('Hash64 mixes every NaN alike, whatever its sign and payload (the CPU’s), and tells 0 from -0', () => {
    const view = new DataView(new ArrayBuffer(8));
    const bits = (high: number, low: number): number => {
      view.setUint32(4, high, true);
      view.setUint32(0, low, true);
      return view.getFloat64(0, true);
    };
    const digest = (n: number): string => {
      const hash = new Hash64();
      hash.float(n);
      return hash.hex();
    };
    const nans = [Number.NaN, bits(0xfff80000, 0), bits(0x7ff80000, 1), bits(0x7ff00000, 5), bits(0xffffffff, 0xffffffff)].map(digest);
    assert.equal(new Set(nans).size, 1, nans.join(' '));
    assert.notEqual(digest(0), digest(-0));
    assert.notEqual(nans[0], digest(Number.POSITIVE_INFINITY));
  });

  it('Hash64 mixes 64-bit integers and doubles low word first', () => {
    for (const n of [0n, 1n, 0xffffffffn, 0x100000000n, 7448837717382456148n, 2n ** 64n - 1n, 10_000_000_000n]) {
      const [lo, hi] = wordsOf(n);
      const expected = new Hash64();
      expected.word(lo);
      expected.word(hi);
      expected.word(1);
      const viaBigint = new Hash64();
      viaBigint.bigint(n);
      const viaUint64 = new Hash64();
      viaUint64.uint64(n);
      assert.equal(viaUint64.hex(), expected.hex(), `uint64 ${n}`);
      assert.equal(viaBigint.hex(), expected.hex(), `bigint ${n}`);
    }
    for (const n of [-1n, -(2n ** 63n), -1234567890123n, 5n]) {
      const [lo, hi] = wordsOf(n);
      const expected = new Hash64();
      expected.word(lo);
      expected.word(hi);
      expected.word(hi < 0 ? -1 : 1);
      const viaInt64 = new Hash64();
      viaInt64.int64(n);
      assert.equal(viaInt64.hex(), expected.hex(), `int64 ${n}`);
    }
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, -0.1, true);
    const expected = new Hash64();
    expected.word(view.getInt32(0, true));
    expected.word(view.getInt32(4, true));
    const viaFloat = new Hash64();
    viaFloat.float(-0.1);
    assert.equal(viaFloat.hex(), expected.hex());
  });

  it('Hash64 mixes bytes alike at every alignment (the word path and the byte path agree)', () => {
    const backing = new Uint8Array(1031 + 3);
    for (let i = 0; i < backing.length; i++) backing[i] = (i * 151 + 7) & 0xff;
    for (const length of [0, 1, 3, 4, 5, 64, 1031]) {
      const digests = [0, 1, 2, 3].map((offset) => {
        const bytes = new Uint8Array(length);
        bytes.set(backing.subarray(0, length));
        const shifted = new Uint8Array(length + offset).subarray(offset);
        shifted.set(bytes);
        const hash = new Hash64();
        hash.bytes(shifted);
        return hash.hex();
      });
      // Words assembled little-endian by hand, then the tail and the length.
      const expected = new Hash64();
      const whole = length & ~3;
      const view = new DataView(backing.buffer);
      for (let i = 0; i < whole; i += 4) expected.word(view.getInt32(i, true));
      let tail = 0;
      for (let i = whole; i < length; i++) tail |= backing[i]! << (8 * (i - whole));
      expected.word(tail);
      expected.word(length);
      assert.deepEqual(
        digests,
        [0, 1, 2, 3].map(() => expected.hex()),
        `${length} bytes`,
      );
    }
  });

  it('digests, CDR and seeded crypto values are the same on a big-endian machine (s390x under qemu)', needs('s390x emulation'), () => {
    const s390x = bigEndianNode();
    const dir = tempDir();
    const probe = join(dir, 'probe.mjs');
    writeFileSync(probe, probeSource());
    const program = join(dir, 'random.cjs');
    writeFileSync(program, RANDOM_PROGRAM);
    const outputs = [[process.execPath], s390x].map((command) => {
      const probed = spawnSync(command[0]!, [...command.slice(1), probe], { encoding: 'utf8', timeout: 120_000 });
      assert.equal(probed.status, 0, probed.stderr);
      const random = spawnSync(command[0]!, [...command.slice(1), cliPath, 'exec', program, '--seed', '5', '--json'], { encoding: 'utf8', timeout: 120_000 });
      assert.equal(random.status, 0, random.stderr);
      return { digests: JSON.parse(probed.stdout) as Record<string, unknown>, random: random.stdout.split('\n')[0] };
    });
    assert.deepEqual(outputs[1], outputs[0]);
  });
});

/** The command that runs Node for s390x under qemu; scripts/checkArch.mjs fetches that Node into its cache. */
function bigEndianNode(): string[] {
  const fetched = spawnSync(process.execPath, [join(repoRoot, 'scripts/checkArch.mjs'), '--arch', 's390x', '--fetch-only'], { encoding: 'utf8' });
  assert.equal(fetched.status, 0, fetched.stderr);
  const cache = process.env.RCLSIM_ARCH_CACHE || join(homedir(), '.cache/rclsim/arch');
  const node = readdirSync(cache)
    .filter((name) => name.startsWith('node-linux-s390x-'))
    .map((name) => join(cache, name, 'bin/node'))
    .find((file) => existsSync(file));
  assert.ok(node, `no Node for s390x in ${cache}`);
  return ['qemu-s390x-static', '-L', '/usr/s390x-linux-gnu', node];
}

/** Prints, as JSON, digests and CDR of values that meet every native-order path there was. */
function probeSource(): string {
  const url = (path: string): string => JSON.stringify(pathToFileURL(join(repoRoot, 'dist/src', path)).href);
  return `
import { Hash64 } from ${url('base/Hash64.js')};
import { InterfaceRegistry } from ${url('interfaces/InterfaceRegistry.js')};
import { serializeMessage, deserializeMessage } from ${url('interfaces/cdr.js')};
const out = {};
const h = new Hash64();
for (const n of [1n, 7448837717382456148n, 2n ** 64n - 1n, 2n ** 70n + 3n, -(2n ** 80n)]) { h.reset().bigint(n); out['bigint ' + n] = h.hex(); }
for (const n of [-1n, -(2n ** 63n), 123456789012345n]) { h.reset().int64(n); out['int64 ' + n] = h.hex(); }
const bytes = new Uint8Array(1027).map((_, i) => i * 31);
for (const offset of [0, 1]) { const b = new Uint8Array(bytes.length + offset).subarray(offset); b.set(bytes); h.reset().bytes(b); out['bytes +' + offset] = h.hex(); }
const registry = new InterfaceRegistry();
const messages = {
  'rcl_interfaces/msg/ParameterEvent': { stamp: { sec: 10, nanosec: 5 }, node: '/NodeA', new_parameters: [
    { name: 'ids', value: { type: 7, integer_array_value: [11162456753n, -5n], double_array_value: [0.1, -2.5], byte_array_value: [1, 2, 3] } },
    { name: 'initial_state', value: { type: 2, integer_value: 55272744n, double_value: 1e-300, string_value: 'Grüße' } } ] },
  'std_msgs/msg/UInt64': { data: 18314823502387776320n },
  'std_msgs/msg/Int16MultiArray': { data: [1, -2, 300] },
  'std_msgs/msg/UInt32MultiArray': { data: [1, 4000000000] },
  'std_msgs/msg/Float32MultiArray': { data: [0.5, -1.25, 3.1] },
  'std_msgs/msg/Float64MultiArray': { data: [Math.PI, -0, 1e308] },
  'std_msgs/msg/Int64MultiArray': { data: [-1n, 2n ** 62n] },
  'sensor_msgs/msg/Imu': { linear_acceleration: { x: 0.1, y: 0, z: 9.81 } },
};
for (const [name, value] of Object.entries(messages)) {
  const type = registry.message(name);
  const message = type.normalize(value);
  const cdr = serializeMessage(type, message);
  out[name] = [type.digest(message, new Hash64()).hex(), Buffer.from(cdr).toString('hex'), type.digest(deserializeMessage(type, cdr), new Hash64()).hex()];
}
console.log(JSON.stringify(out));
`;
}

/** A program that prints seeded crypto values of multi-byte arrays (the simulation virtualizes them). */
const RANDOM_PROGRAM = `const show = (a) => Array.from(a, String);
console.log(JSON.stringify([show(crypto.getRandomValues(new Uint16Array(3))), show(crypto.getRandomValues(new Int32Array(3))),
  show(crypto.getRandomValues(new BigUint64Array(2))), show(crypto.getRandomValues(new Uint8Array(5))), crypto.randomUUID(), Math.random()]));
`;
