import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Hash64 } from '../../src/base/Hash64.js';
import { Node } from '../../src/client/Node.js';
import rclnodejs from '../../src/compat/index.js';
import { deserializeMessage, serializeMessage } from '../../src/interfaces/cdr.js';
import { InterfaceRegistry } from '../../src/interfaces/InterfaceRegistry.js';
import { describeType } from '../../src/interfaces/typeDescription.js';
import { MS, needs, repoRoot, simulate, tempDir, writeTemp } from '../support/helpers.js';
import { readMcap } from '../support/mcapFiles.js';

const fixtures = join(repoRoot, '../shared/fixtures/rosbag2');
const TEST_INTERFACES = '/usr/share/test_interface_files';

async function readBag(path: string): Promise<{ schema: string; data: Uint8Array }[]> {
  return (await readMcap(path)).messages;
}

describe('interfaces', () => {
  it('decodes the CDR recorded by real ROS 2 to the recorded values and encodes identical bytes', async () => {
    const registry = new InterfaceRegistry();
    const messages = await readBag(join(fixtures, 'mcap-talker/talker.mcap'));
    const strings = messages.filter((m) => m.schema === 'std_msgs/msg/String');
    const logs = messages.filter((m) => m.schema === 'rcl_interfaces/msg/Log');
    assert.equal(strings.length, 10);
    assert.equal(logs.length, 10);
    strings.forEach((m, i) => {
      const type = registry.message(m.schema);
      const decoded = deserializeMessage(type, m.data);
      assert.deepEqual(decoded, { data: `Hello, world! ${i}` });
      assert.deepEqual(new Uint8Array(serializeMessage(type, type.normalize(decoded))), m.data);
    });
    for (const m of logs) {
      const type = registry.message(m.schema);
      const decoded = deserializeMessage(type, m.data);
      assert.equal(decoded.name, 'minimal_publisher');
      assert.match(decoded.msg as string, /^Publishing: 'Hello, world! \d'$/);
      assert.equal(decoded.line, 38);
      // The recorder's CDR left the alignment padding before `line` (the last 4 bytes)
      // uninitialized; every other byte must be identical, and the padding is ours to zero.
      const again = serializeMessage(type, type.normalize(decoded));
      assert.equal(again.length, m.data.length);
      const differing = [...m.data.keys()].filter((i) => again[i] !== m.data[i]);
      const line = m.data.length - 4;
      assert.ok(
        differing.every((i) => i >= line - 3 && i < line && again[i] === 0),
        `bytes ${differing}`,
      );
    }
  });

  it('writes CDR strings as UTF-8 with their byte length: serializeMessage, raw subscriptions, string arrays', async () => {
    const text = 'Grüße 世界 🤖';
    const bytes = Buffer.from(text, 'utf8');
    let cdr = Buffer.alloc(0);
    const raw: Buffer[] = [];
    await simulate(
      () => {
        cdr = Buffer.from(rclnodejs.serializeMessage({ data: text }, 'std_msgs/msg/String') as Uint8Array);
        assert.deepEqual(rclnodejs.deserializeMessage(cdr, 'std_msgs/msg/String'), { data: text });
        const node = new Node('n');
        node.createSubscription('std_msgs/msg/String', '/t', { isRaw: true }, (m) => raw.push(m as unknown as Buffer));
        const pub = node.createPublisher('std_msgs/msg/String', '/t');
        node.createTimer(MS, () => pub.publish(text));
      },
      { endAfter: MS },
    );
    assert.equal(cdr.readUInt32LE(4), bytes.length + 1, 'the length counts bytes and the terminating zero');
    assert.ok(cdr.subarray(8, 8 + bytes.length).equals(bytes));
    assert.ok(raw[0]!.subarray(0, cdr.length).equals(cdr));
    assert.equal(raw[0]!.length % 4, 0, 'a raw subscription gets the payload padded to 4 bytes, as Fast DDS pads it');
    const registry = new InterfaceRegistry();
    const type = registry.message('diagnostic_msgs/msg/KeyValue');
    const pair = { key: 'ключ', value: 'значение' };
    assert.deepEqual(deserializeMessage(type, serializeMessage(type, pair)), pair);
  });

  it('round-trips a user package (ROS 2’s test interfaces) through CDR, bytes as recorded', needs('test interfaces'), async () => {
    const registry = new InterfaceRegistry([{ path: TEST_INTERFACES, package: 'test_msgs' }]);
    const messages = await readBag(join(fixtures, 'mcap-convert_b/rewriter_b_0.mcap'));
    assert.equal(messages.length, 75);
    for (const m of messages) {
      const type = registry.message(m.schema);
      const decoded = deserializeMessage(type, m.data);
      assert.deepEqual(new Uint8Array(serializeMessage(type, type.normalize(decoded))), m.data);
    }
    const strings = deserializeMessage(registry.message('test_msgs/msg/Strings'), messages.find((m) => m.schema === 'test_msgs/msg/Strings')!.data);
    assert.equal(strings.string_value_default1, 'Hello world!');
    const defaults = registry.message('test_msgs/msg/Defaults').createDefault();
    assert.equal(defaults.int64_value, -40000000n);
    assert.equal(defaults.float64_value, 1.125);
    const arrays = registry.message('test_msgs/msg/Arrays').createDefault();
    assert.ok(arrays.int32_values instanceof Int32Array && arrays.int32_values.length === 3);
    assert.deepEqual([...(arrays.int32_values_default as Int32Array)], [0, 2147483647, -2147483648]);
    assert.ok(arrays.uint64_values instanceof BigUint64Array);
    for (const kind of ['srv/Arrays', 'srv/BasicTypes', 'action/Fibonacci']) {
      const name = `test_msgs/${kind}`;
      assert.ok(kind.startsWith('srv') ? registry.service(name).request : registry.action(name).goal);
    }
  });

  it('makes default messages with rclnodejs’s representation, and classes with constants', async () => {
    await simulate(() => {
      const cloud = rclnodejs.createMessageObject('sensor_msgs/msg/PointCloud2');
      assert.deepEqual(cloud.header, { stamp: { sec: 0, nanosec: 0 }, frame_id: '' });
      assert.ok(cloud.data instanceof Uint8Array && cloud.data.length === 0);
      assert.deepEqual(cloud.fields, []);
      const Marker = rclnodejs.require('visualization_msgs/msg/Marker') as Record<string, unknown> & (new () => Record<string, unknown>);
      assert.equal(Marker.ARROW, 0);
      assert.equal(Marker.DELETEALL, 3);
      assert.equal(new Marker().type, 0);
      const { Request, Response } = rclnodejs.require('example_interfaces/srv/AddTwoInts') as Record<string, new () => Record<string, unknown>>;
      assert.deepEqual({ ...new Request!() }, { a: 0n, b: 0n });
      assert.deepEqual({ ...new Response!() }, { sum: 0n });
      const covariance = rclnodejs.createMessageObject('geometry_msgs/msg/PoseWithCovariance').covariance;
      assert.ok(covariance instanceof Float64Array && covariance.length === 36);
      const { Goal } = rclnodejs.require('example_interfaces/action/Fibonacci') as Record<string, new () => Record<string, unknown>>;
      assert.equal(new Goal!().order, 0);
      // rclnodejs's own action examples use test_msgs' Fibonacci; rclsim ships it.
      const { Feedback } = rclnodejs.require('test_msgs/action/Fibonacci') as Record<string, new () => Record<string, unknown>>;
      assert.ok(new Feedback!().sequence instanceof Int32Array);
      const text = rclnodejs.createMessage('std_msgs/msg/String');
      assert.equal(text.data, '');
      assert.equal(text.constructor, rclnodejs.require('std_msgs/msg/String'), 'an instance of the message class');
      const node = new Node('typed_by_class');
      const publisher = node.createPublisher(text.constructor as never, 'chatter');
      assert.equal(publisher.typeName, 'std_msgs/msg/String');
      assert.deepEqual(rclnodejs.deserializeMessage(rclnodejs.serializeMessage({ data: 'x' }, 'std_msgs/msg/String'), 'std_msgs/msg/String'), { data: 'x' });
    });
  });

  it('fails a wrong message at publish, with the field path, the expected type and the value (strict_messages)', async () => {
    await simulate(
      () => {
        const node = new Node('n');
        const twist = node.createPublisher('geometry_msgs/msg/Twist', 'cmd');
        assert.throws(() => twist.publish({ linear: { x: 'fast' } } as never), {
          message: `invalid geometry_msgs/msg/Twist: field 'linear.x': expected float64 (a number), got string "fast"`,
        });
        assert.throws(
          () => twist.publish({ linear: { x: 1, w: 2 } } as never),
          /field 'linear\.w': unknown field of geometry_msgs\/msg\/Vector3 \(its fields are x, y, z\)/,
        );
        const bytes = node.createPublisher('std_msgs/msg/Int8', 'b');
        assert.throws(() => bytes.publish({ data: 300 }), /field 'data': expected int8 \(an integer in \[-128, 127\]\), got number 300/);
        const path = node.createPublisher('nav_msgs/msg/Path', 'path');
        assert.throws(
          () => path.publish({ poses: [{}, { pose: { position: { x: null } } }] } as never),
          /field 'poses\[1\]\.pose\.position\.x': expected float64 \(a number\), got null/,
        );
        const pose = node.createPublisher('geometry_msgs/msg/PoseWithCovariance', 'p');
        assert.throws(() => pose.publish({ covariance: [1, 2] }), /field 'covariance': expected float64\[36\]: exactly 36 items, got 2/);
        const empty = node.createPublisher('std_msgs/msg/Empty', 'e');
        assert.throws(() => empty.publish({ x: 1 } as never), /field 'x': unknown field of std_msgs\/msg\/Empty \(it has no fields\)/);
        assert.throws(() => node.createPublisher('std_msgs/msg/Nope', 'x'), /unknown message type 'std_msgs\/msg\/Nope'/);
        const client = node.createClient('example_interfaces/srv/AddTwoInts', 'add');
        assert.throws(() => client.sendRequest({ a: 1.5 }, () => {}), /invalid example_interfaces\/srv\/AddTwoInts_Request: field 'a': expected int64/);
        assert.throws(() => bytes.publish({ data: '5' } as never), /field 'data': expected int8 \(an integer in \[-128, 127\]\), got string "5"/);
      },
      { strictMessages: true },
    );
  });

  it('is as lenient as rclnodejs by default: extra fields ignored, numeric strings converted, mistakes still named', async () => {
    const received: unknown[] = [];
    let sum: unknown;
    await simulate(() => {
      const node = new Node('n');
      const twist = node.createPublisher('geometry_msgs/msg/Twist', 'cmd');
      node.createSubscription('geometry_msgs/msg/Twist', 'cmd', (m) => received.push(m));
      twist.publish({ linear: { x: '1.5', w: 2 }, angular: { z: 1n }, note: 'ignored' } as never);
      const flags = node.createPublisher('std_msgs/msg/Bool', 'flag');
      node.createSubscription('std_msgs/msg/Bool', 'flag', (m) => received.push(m.data));
      flags.publish(1 as never);
      const letters = node.createPublisher('std_msgs/msg/Char', 'letter');
      node.createSubscription('std_msgs/msg/Char', 'letter', (m) => received.push(m.data));
      letters.publish('A' as never);
      letters.publish(255 as never);
      // rclnodejs's char is int8: a char array is an Int8Array, through CDR too.
      const arrays = rclnodejs.require('test_msgs/msg/Arrays') as new () => { char_values: Int8Array };
      assert.ok(new arrays().char_values instanceof Int8Array);
      const bytes = rclnodejs.serializeMessage({ char_values: [-1, 65, 200] }, 'test_msgs/msg/Arrays');
      assert.deepEqual([...(rclnodejs.deserializeMessage(bytes, 'test_msgs/msg/Arrays').char_values as Int8Array)], [-1, 65, -56]);
      const big = node.createPublisher('std_msgs/msg/UInt64', 'big');
      node.createSubscription('std_msgs/msg/UInt64', 'big', (m) => received.push(m.data));
      big.publish('18446744073709551615' as never);
      const small = node.createPublisher('std_msgs/msg/Int8', 'small');
      node.createSubscription('std_msgs/msg/Int8', 'small', (m) => received.push(m.data));
      small.publish({ data: '-7.9' } as never);
      assert.throws(() => small.publish({ data: '300' } as never), /field 'data': expected int8 \(an integer in \[-128, 127\]\), got string "300"/);
      assert.throws(() => twist.publish({ linear: { x: 'fast' } } as never), /field 'linear\.x': expected float64 \(a number\), got string "fast"/);
      assert.throws(() => big.publish({ data: -1 }), /field 'data': expected uint64/);
      node.createService('example_interfaces/srv/AddTwoInts', 'add', (request, response) => {
        response.send({ sum: request.a + request.b, computedBy: 'n' } as never);
      });
      const client = node.createClient('example_interfaces/srv/AddTwoInts', 'add');
      client.sendRequest({ a: '2', b: 3 } as never, (response) => (sum = response));
    });
    assert.deepEqual(received, [{ linear: { x: 1.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 1 } }, true, 65, -1, 18446744073709551615n, -7]);
    assert.deepEqual(sum, { sum: 5n });
  });

  it('converts what rclnodejs accepts: safe numbers for 64-bit fields, arrays to typed arrays', async () => {
    const received: Record<string, unknown>[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher('sensor_msgs/msg/JointState', 'joints');
        node.createSubscription('sensor_msgs/msg/JointState', 'joints', (m) => received.push(m as unknown as Record<string, unknown>));
        const counts = node.createPublisher('std_msgs/msg/Int64', 'count');
        node.createSubscription('std_msgs/msg/Int64', 'count', (m) => received.push(m as unknown as Record<string, unknown>));
        pub.publish({ name: ['a', 'b'], position: [1.5, 2.5] });
        counts.publish({ data: 7 });
      },
      { endAfter: MS },
    );
    assert.ok(received[0]!.position instanceof Float64Array);
    assert.deepEqual([...(received[0]!.position as Float64Array)], [1.5, 2.5]);
    assert.deepEqual(received[0]!.name, ['a', 'b']);
    assert.deepEqual(received[1], { data: 7n });
  });

  it('publishes serialized messages and delivers them raw to isRaw subscriptions', async () => {
    const raw: Buffer[] = [];
    const decoded: unknown[] = [];
    await simulate(
      () => {
        const node = new Node('n');
        const pub = node.createPublisher('std_msgs/msg/String', 'chatter');
        node.createSubscription('std_msgs/msg/String', 'chatter', { isRaw: true }, (m) => raw.push(m as unknown as Buffer));
        node.createSubscription('std_msgs/msg/String', 'chatter', (m) => decoded.push(m));
        pub.publish(Buffer.from('000100000600000068656c6c6f0000', 'hex'));
        pub.publish('world');
      },
      { endAfter: MS },
    );
    assert.deepEqual(decoded, [{ data: 'hello' }, { data: 'world' }]);
    // Both padded with zeros to a multiple of 4 bytes, as Fast DDS hands serialized payloads over.
    assert.equal(raw[0]!.toString('hex'), '000100000600000068656c6c6f000000');
    assert.equal(raw[1]!.toString('hex'), '0001000006000000776f726c64000000');
  });

  it('digests a message by its values in definition order, the same from normalize and from CDR', () => {
    const registry = new InterfaceRegistry();
    const digestOf = (type: string, message: unknown): string => {
      const messageType = registry.message(type);
      const made = messageType.normalize(message);
      const decoded = deserializeMessage(messageType, serializeMessage(messageType, made));
      const hash = messageType.digest(made, new Hash64()).hex();
      assert.equal(messageType.digest(decoded, new Hash64()).hex(), hash, `${type}: decoded from CDR`);
      return hash;
    };
    const expected = (mix: (hash: Hash64) => void): string => {
      const hash = new Hash64();
      mix(hash);
      return hash.hex();
    };
    // A float that is a whole number digests as that integer.
    assert.equal(
      digestOf('geometry_msgs/msg/Point', { x: 1.5, y: 2, z: -3 }),
      expected((h) => {
        h.float(1.5);
        h.integer(2);
        h.integer(-3);
      }),
    );
    assert.equal(
      digestOf('std_msgs/msg/UInt64', { data: 2n ** 64n - 1n }),
      expected((h) => h.bigint(2n ** 64n - 1n)),
    );
    assert.equal(
      digestOf('std_msgs/msg/Int64', { data: -(2n ** 63n) }),
      expected((h) => h.bigint(-(2n ** 63n))),
    );
    assert.equal(
      digestOf('std_msgs/msg/Int64', { data: 5n }),
      expected((h) => h.bigint(5n)),
    );
    assert.equal(
      digestOf('std_srvs/srv/Trigger_Response', { success: true, message: 'ok' }),
      expected((h) => {
        h.word(1);
        h.string('ok');
      }),
    );
    // Bytes mix as little-endian words, then the tail and the length, wherever they lie in memory.
    const bytes = Uint8Array.from({ length: 11 }, (_, i) => 0xf0 + i);
    const offset = new Uint8Array(new ArrayBuffer(16), 1, 11);
    offset.set(bytes);
    const words = (h: Hash64): void => {
      h.word(0xf3f2f1f0);
      h.word(0xf7f6f5f4);
      h.word(0xfaf9f8);
      h.word(11);
    };
    assert.equal(
      expected((h) => h.bytes(bytes)),
      expected(words),
    );
    assert.equal(
      expected((h) => h.bytes(offset)),
      expected(words),
    );
    // Nested messages are digested in place, field by field.
    assert.equal(
      digestOf('std_msgs/msg/Header', { stamp: { sec: 7, nanosec: 9 }, frame_id: 'map' }),
      expected((h) => {
        h.integer(7);
        h.integer(9);
        h.string('map');
      }),
    );
  });

  it('describes and hashes messages, services and actions as rosidl generates them', () => {
    const registry = new InterfaceRegistry();
    // The hashes rosidl_generator_c writes into test_msgs' and service_msgs' `__description.c` files.
    const rosidl: [ReturnType<typeof describeType>, string][] = [
      [describeType(registry.message('test_msgs/msg/Defaults')), 'a725ee02bf25a224cb7d14015a0245b6654ff591ae1ac277e2a2673f013ea6d2'],
      [describeType(registry.message('test_msgs/msg/Arrays')), '8a321b80dae8c44dfd1ce558eaf1b1cd5ebbe5950863ed675836535511a7f91a'],
      // A .msg `char` is uint8 to rosidl (rosidl_adapter), not IDL's char.
      [describeType(registry.message('service_msgs/msg/ServiceEventInfo')), '41bcbbe07a75c9b52bc96bfd5c24d7f0fc0a08c0cb7921b3373c5732345a6f45'],
      [describeType(registry.service('test_msgs/srv/Empty')), '9737679d04950fecab59b9e82ec2bf285f58446ce8e48d287e13b8a9f19f0823'],
      [describeType(registry.action('test_msgs/action/Fibonacci')), 'be9273e3557225044b4a040811112491f7079326e3a573f83258b0b4c30bd069'],
      [describeType(registry.action('test_msgs/action/Fibonacci').sendGoal), 'd807633803e38e164276573cd97e9fbd71e109c290bbf4cc312a0a1c9da7bbd9'],
      [describeType(registry.message('test_msgs/action/Fibonacci_FeedbackMessage')), '37487bae8cea358366b97003c1ef1ca7ce7c08df36f9e8cca496624226aee64e'],
    ];
    for (const [described, hash] of rosidl) assert.equal(described.hash, `RIHS01_${hash}`, described.description.type_description.type_name);

    // Default values as rosidl writes them: Python's str() of the value, arrays as tuples.
    const defaults = (type: string): string[] => describeType(registry.message(type)).description.type_description.fields.map((f) => f.default_value);
    assert.deepEqual(defaults('test_msgs/msg/Defaults').slice(0, 5), ['True', '50', '100', '1.125', '1.125']);
    assert.deepEqual(defaults('test_msgs/msg/Arrays').slice(17, 21), ['(False, True, False)', '(0, 1, 255)', '(0, 1, 127)', '(1.125, 0.0, -1.125)']);
    assert.equal(defaults('test_msgs/msg/Arrays')[30], "('', 'max value', 'min value')");
    assert.deepEqual(defaults('test_msgs/msg/Strings').slice(1, 4), ['Hello world!', "Hello'world!", 'Hello"world!']);

    // A service's parts are referenced by name, sorted; its sources: the .srv, then each referenced type's.
    const empty = describeType(registry.service('test_msgs/srv/Empty'));
    assert.deepEqual(
      empty.description.type_description.fields.map((f) => `${f.name}: ${f.type.nested_type_name}`),
      ['request_message: test_msgs/srv/Empty_Request', 'response_message: test_msgs/srv/Empty_Response', 'event_message: test_msgs/srv/Empty_Event'],
    );
    assert.deepEqual(
      empty.sources.map((s) => `${s.type_name} ${s.encoding} ${JSON.stringify(s.raw_file_contents.slice(0, 12))}`),
      [
        'test_msgs/srv/Empty srv "---"',
        'builtin_interfaces/msg/Time msg "# This messa"',
        'service_msgs/msg/ServiceEventInfo msg "uint8 REQUES"',
        'test_msgs/srv/Empty_Event implicit ""',
        'test_msgs/srv/Empty_Request implicit ""',
        'test_msgs/srv/Empty_Response implicit ""',
      ],
    );
  });

  it('loads .idl definitions: structs, constants, defaults, bounds, included types', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'idl_pkg/msg'), { recursive: true });
    mkdirSync(join(dir, 'idl_pkg/srv'), { recursive: true });
    writeTemp(
      dir,
      'idl_pkg/msg/Reading.idl',
      [
        '#include "geometry_msgs/msg/Point.idl"',
        'module idl_pkg {',
        '  module msg {',
        '    module Reading_Constants { const uint8 KIND_A = 1; };',
        '    struct Reading {',
        '      @default (value=5)',
        '      int32 level;',
        '      string<4> tag;',
        '      sequence<geometry_msgs::msg::Point, 2> points;',
        '      double weights[3];',
        '    };',
        '  };',
        '};',
        '',
      ].join('\n'),
    );
    writeTemp(
      dir,
      'idl_pkg/srv/Check.idl',
      [
        '#include "idl_pkg/msg/Reading.idl"',
        'module idl_pkg { module srv {',
        '  struct Check_Request { idl_pkg::msg::Reading reading; };',
        '  struct Check_Response { boolean ok; };',
        '}; };',
        '',
      ].join('\n'),
    );
    const registry = new InterfaceRegistry([{ path: dir }]);
    const reading = registry.message('idl_pkg/msg/Reading');
    assert.equal(reading.constants.KIND_A, 1);
    const defaults = reading.createDefault();
    assert.equal(defaults.level, 5);
    assert.ok(defaults.weights instanceof Float64Array && (defaults.weights as Float64Array).length === 3);
    assert.throws(() => reading.normalize({ points: [{}, {}, {}] }), /field 'points': expected geometry_msgs\/msg\/Point\[<=2\]: at most 2 items, got 3/);
    const check = registry.service('idl_pkg/srv/Check');
    assert.deepEqual(check.response.createDefault(), { ok: false });
    assert.equal((check.request.createDefault().reading as { level: number }).level, 5);
    assert.deepEqual(registry.typeNames('idl_pkg'), ['idl_pkg/msg/Reading', 'idl_pkg/srv/Check']);
    // A colcon install/ tree: install/share/<pkg>/msg/…
    mkdirSync(join(dir, 'install/share/installed_pkg/msg'), { recursive: true });
    writeTemp(dir, 'install/share/installed_pkg/msg/Flag.msg', 'bool up true\n');
    const installed = new InterfaceRegistry([{ path: join(dir, 'install') }]);
    assert.deepEqual(installed.message('installed_pkg/msg/Flag').createDefault(), { up: true });
    assert.ok(installed.packageNames().includes('installed_pkg'));
    const bytes = serializeMessage(reading, reading.normalize({ tag: 'ab', points: [{ x: 1 }] }));
    assert.equal(deserializeMessage(reading, bytes).tag, 'ab');
  });

  it('loads user packages and names the file and line of a bad definition, a missing type or a cycle', async () => {
    const dir = tempDir();
    const pkg = join(dir, 'my_pkg');
    for (const sub of ['msg', 'srv', 'action']) mkdirSync(join(pkg, sub), { recursive: true });
    writeTemp(pkg, 'msg/Thing.msg', 'uint8 KIND_A=1\ngeometry_msgs/Point where\nPart[<=2] parts\nstring<=4 label "ab"\n');
    writeTemp(pkg, 'msg/Part.msg', 'int32 id 7\n');
    writeTemp(pkg, 'msg/Broken.msg', 'int32 a\nint32 b c d\n');
    writeTemp(pkg, 'msg/Lost.msg', 'int32 a\nNowhere b\n');
    writeTemp(pkg, 'msg/Loop.msg', 'Back b\n');
    writeTemp(pkg, 'msg/Back.msg', 'Loop l\n');
    writeTemp(pkg, 'srv/Ask.srv', 'Thing question\n---\nbool ok\n');
    writeTemp(pkg, 'action/Go.action', 'int32 steps\n---\nbool done\n---\nPart progress\n');
    const registry = new InterfaceRegistry([{ path: dir }]);
    const thing = registry.message('my_pkg/msg/Thing');
    assert.equal(thing.constants.KIND_A, 1);
    assert.deepEqual(thing.createDefault(), { where: { x: 0, y: 0, z: 0 }, parts: [], label: 'ab' });
    assert.throws(() => thing.normalize({ parts: [{}, {}, {}] }), /field 'parts': expected my_pkg\/msg\/Part\[<=2\]: at most 2 items, got 3/);
    assert.throws(() => thing.normalize({ label: 'toolong' }), /field 'label': expected string<=4: at most 4 characters, got 7/);
    assert.deepEqual(registry.message('my_pkg/msg/Part').createDefault(), { id: 7 });
    assert.match(thing.fullText(), /^uint8 KIND_A=1\n[\s\S]*\n={80}\nMSG: geometry_msgs\/Point\n[\s\S]*\n={80}\nMSG: my_pkg\/Part\nint32 id 7\n$/);
    assert.deepEqual(registry.service('my_pkg/srv/Ask').response.createDefault(), { ok: false });
    assert.deepEqual(registry.action('my_pkg/action/Go').feedback.createDefault(), { progress: { id: 7 } });
    assert.throws(() => registry.message('my_pkg/msg/Broken').createDefault(), new RegExp(`${join(pkg, 'msg/Broken.msg')}:2: `));
    assert.throws(
      () => registry.message('my_pkg/msg/Lost').createDefault(),
      /Lost\.msg:2: field 'b' of my_pkg\/msg\/Lost: unknown message type 'my_pkg\/msg\/Nowhere'/,
    );
    assert.throws(
      () => registry.message('my_pkg/msg/Loop').createDefault(),
      /Back\.msg:1: type cycle my_pkg\/msg\/Loop -> my_pkg\/msg\/Back -> my_pkg\/msg\/Loop/,
    );
  });
});
