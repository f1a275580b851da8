import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { McapStreamReader, type TypedMcapRecords } from '@mcap/core';
import { loadedDecompressors } from '../../src/bag/loadedDecompressors.js';
import { readWithOracle } from '../support/bagOracle.js';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;
const fixtures = join(repoRoot, '../shared/fixtures/rosbag2');

/** A folder holding the test's program `name`.cpp. */
function withProgram(name: string): string {
  const dir = tempDir();
  copyFileSync(join(repoRoot, `test/fixtures/cpp/${name}.cpp`), join(dir, `${name}.cpp`));
  return dir;
}

/** An MCAP file's records as they come, chunks as themselves (their CRCs checked where they have one). */
function mcapRecords(path: string): TypedMcapRecords[keyof TypedMcapRecords][] {
  const reader = new McapStreamReader({ includeChunks: true, decompressHandlers: loadedDecompressors().chunks, validateCrcs: true });
  reader.append(readFileSync(path));
  const records: TypedMcapRecords[keyof TypedMcapRecords][] = [];
  for (let record = reader.nextRecord(); record !== undefined; record = reader.nextRecord()) records.push(record);
  assert.ok(reader.done(), `${path} ends with its footer`);
  return records;
}

/** What bag_reader prints of a fixture bag's talker recording (10 /topic and 10 /rosout messages), in order. */
const TALKER_READ = [
  'topic /topic std_msgs/msg/String cdr (reliability 1, durability 2, lifespan 0s)',
  'topic /rosout rcl_interfaces/msg/Log cdr (reliability 1, durability 1, lifespan 10s)',
  'topic /parameter_events rcl_interfaces/msg/ParameterEvent cdr (reliability 1, durability 2, lifespan 0s)',
  'read /rosout 10',
  'read /topic 10',
  "first /topic data 'Hello, world! 0'",
  "after the middle: 'Hello, world! 5'",
  'filtered from the middle: 5 messages',
];

describe("C++ programs: rosbag2_cpp's Reader and Writer", needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  for (const [storage, placement] of [
    ['mcap', 'in-process'],
    ['sqlite3', 'separate'],
  ] as const) {
    it(`writes a ${storage} bag (${placement}) at the times it gives, which rosbags and mcap read back`, async () => {
      const dir = withProgram('bag_writer');
      const result = runCli(['exec', 'bag_writer.cpp', '--process', placement, '--until', '1s', '--', 'out', storage], dir, BUILD_MS);
      assert.equal(result.status, 0, result.stderr);
      const reading = await readWithOracle(join(dir, 'out'));
      assert.deepEqual(
        reading.topics.map((topic) => [topic.name, topic.type, topic.count]),
        [
          ['/numbers', 'std_msgs/msg/Int32', 3],
          ['/chatter', 'std_msgs/msg/String', 3],
        ],
      );
      assert.deepEqual(
        reading.messages.map((message) => [message.topic, message.log_time, message.message]),
        [
          ['/chatter', '100000000', { data: 'hello 0' }],
          ['/numbers', '100000005', { data: 0 }],
          ['/chatter', '200000000', { data: 'hello 1' }],
          ['/numbers', '200000005', { data: 7 }],
          ['/chatter', '300000000', { data: 'hello 2' }],
          ['/numbers', '300000005', { data: 14 }],
        ],
      );
    });
  }

  for (const [bag, placement] of [
    ['mcap-talker', 'in-process'],
    ['sqlite3-talker', 'separate'],
  ] as const) {
    it(`reads ${bag} (${placement}): its topics, counts and a decoded field; then a filter and a seek`, () => {
      const dir = withProgram('bag_reader');
      const result = runCli(['exec', 'bag_reader.cpp', '--process', placement, '--', join(fixtures, bag)], dir, BUILD_MS);
      assert.equal(result.status, 0, result.stderr);
      const lines = result.stdout.split('\n');
      const storage = bag.startsWith('mcap') ? 'mcap' : 'sqlite3';
      assert.equal(lines[0], `storage ${storage}, 20 messages from 1585866235112411371`);
      assert.deepEqual(lines.slice(1, 1 + TALKER_READ.length), TALKER_READ);
    });
  }

  it('reads bags rclsim recorded with zstd and lz4 chunks (the decompressors load at the first open, in either placement)', () => {
    const dir = withProgram('bag_reader');
    for (const [compression, placement] of [
      ['zstd', 'in-process'],
      ['lz4', 'separate'],
    ] as const) {
      writeFileSync(
        join(dir, `${compression}.yaml`),
        `play:\n  bag: ${join(fixtures, 'mcap-talker')}\nrecord:\n  path: ${compression}\n  compression: ${compression}\n`,
      );
      const recorded = runCli(['run', `${compression}.yaml`], dir);
      assert.equal(recorded.status, 0, recorded.stderr);
      const result = runCli(['exec', 'bag_reader.cpp', '--process', placement, '--', compression], dir, BUILD_MS);
      assert.equal(result.status, 0, result.stderr);
      const lines = result.stdout.split('\n');
      assert.equal(lines[0], 'storage mcap, 22 messages from 1585866235112411371', compression);
      assert.deepEqual(lines.slice(-5, -1), ['read /topic 10', ...TALKER_READ.slice(-3)], compression);
    }
  });

  it("plays a bag and records it as rslcpp's BagPlayer and BagRecorder do: GenericPublisher, GenericSubscription at the publisher's QoS, the transport's Reader, rmw's format", async () => {
    const dir = withProgram('bag_relay');
    const result = runCli(['exec', 'bag_relay.cpp', '--', join(fixtures, 'mcap-talker'), '/topic', 'out'], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.split('\n').filter(Boolean), ['recording /topic (std_msgs/msg/String) reliable', 'recorded 10', '[a][b][][c] 3']);
    const reading = await readWithOracle(join(dir, 'out'));
    assert.deepEqual(
      reading.topics.map((topic) => [topic.name, topic.type, topic.count]),
      [['/topic', 'std_msgs/msg/String', 10]],
    );
    assert.deepEqual(
      reading.messages.map((message) => message.message),
      Array.from({ length: 10 }, (_, i) => ({ data: `Hello, world! ${i}` })),
    );
  });

  it("a Writer's storage preset profile and config file shape the MCAP file as rosbag2's MCAP plugin does; a bad one throws its words", async () => {
    const dir = withProgram('bag_writer');
    writeFileSync(join(dir, 'lz4.yaml'), 'compression: Lz4\nchunkSize: 1\nnoChunkCRC: false\n');
    writeFileSync(join(dir, 'bad.yaml'), 'compressionLevel: Quick\n');
    // [preset, config, the chunks' compressions, whether they have CRCs, whether the summary has its CRC]
    const cases = [
      ['', '', [''], false, true],
      ['zstd_fast', '', ['zstd'], false, true],
      ['zstd_small', '', ['zstd'], false, true],
      ['fastwrite', '', [], false, false],
      ['zstd_fast', 'lz4.yaml', ['lz4', 'lz4', 'lz4', 'lz4', 'lz4', 'lz4'], true, true],
    ] as const;
    for (const [index, [preset, config, compressions, chunkCrcs, summaryCrc]] of cases.entries()) {
      const uri = `out${index}`;
      const result = runCli(['exec', 'bag_writer.cpp', '--until', '1s', '--', uri, 'mcap', preset, config], dir, BUILD_MS);
      assert.equal(result.status, 0, result.stderr);
      const file = mcapRecords(join(dir, uri, `${uri}_0.mcap`));
      const chunks = file.filter((record): record is TypedMcapRecords['Chunk'] => record.type === 'Chunk');
      assert.deepEqual(
        chunks.map((chunk) => chunk.compression),
        compressions,
        `${preset} ${config}`,
      );
      assert.ok(
        chunks.every((chunk) => (chunk.uncompressedCrc !== 0) === chunkCrcs),
        `${preset} ${config}`,
      );
      const footer = file.find((record): record is TypedMcapRecords['Footer'] => record.type === 'Footer');
      assert.equal(footer?.summaryCrc !== 0, summaryCrc, `${preset} ${config}`);
      const reading = await readWithOracle(join(dir, uri));
      assert.deepEqual(
        reading.messages.map((message) => message.message),
        [{ data: 'hello 0' }, { data: 0 }, { data: 'hello 1' }, { data: 7 }, { data: 'hello 2' }, { data: 14 }],
        `${preset} ${config}`,
      );
    }
    const unknown = runCli(['exec', 'bag_writer.cpp', '--process', 'separate', '--', 'bogus', 'mcap', 'zstd_fastest'], dir, BUILD_MS);
    assert.match(
      unknown.stderr,
      /std::runtime_error: unknown MCAP storage preset profile \(valid options are 'none', 'fastwrite', 'zstd_fast', 'zstd_small'\): zstd_fastest$/m,
    );
    const bad = runCli(['exec', 'bag_writer.cpp', '--', 'bad', 'mcap', '', 'bad.yaml'], dir, BUILD_MS);
    assert.match(bad.stderr, /std::runtime_error: \S*bad\.yaml: compressionLevel must be one of Fastest, Fast, Default, Slow, Slowest$/m);
    const sqlite = runCli(['exec', 'bag_writer.cpp', '--', 'db', 'sqlite3', 'fastwrite'], dir, BUILD_MS);
    assert.match(sqlite.stderr, /std::runtime_error: Invalid storage preset profile string: fastwrite/);
  });

  it("a Writer's bag directory that exists: open throws rosbag2's std::runtime_error, which ends a program that does not catch it", () => {
    const dir = withProgram('bag_writer');
    mkdirSync(join(dir, 'out'));
    const result = runCli(['exec', 'bag_writer.cpp', '--process', 'separate', '--', 'out', 'mcap'], dir, BUILD_MS);
    assert.notEqual(result.status, 0, result.stderr);
    assert.match(result.stderr, /threw at sim time 0\.000000000s: std::runtime_error: Bag directory already exists \(out\), can't overwrite existing bag$/m);
  });

  it("a bag that does not exist: open throws rosbag2's std::runtime_error, after rosbag2_storage's log line", () => {
    const dir = withProgram('bag_reader');
    const result = runCli(['exec', 'bag_reader.cpp', '--', 'no_such_bag'], dir, BUILD_MS);
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /^open failed: No storage could be initialized from the inputs\.$/m);
    assert.match(result.stderr, /\[ERROR\] \[0\.000000000\] \[rosbag2_storage\]: No storage id specified, and no plugin found that could open URI/);
  });
});
