import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { serializeMessage } from '../../src/interfaces/cdr.js';
import { InterfaceRegistry } from '../../src/interfaces/InterfaceRegistry.js';
import { describeInterface, type InterfaceDescription } from '../../src/port/wire/interfaceJson.js';
import { needs, repoRoot } from '../support/helpers.js';
import { isWritable, sampleMessage, type Variant } from '../support/messageSamples.js';

const CLIENT = join(repoRoot, 'clients/python');
const CHECK = join(repoRoot, 'test/fixtures/python/messages_check.py');

interface Case {
  type: string;
  variant: Variant | 'control';
  value: unknown;
  /** Where the simulation's CDR of `value` is in the binary part of the input: [offset, length]. */
  cdr: [number, number];
}

/**
 * What the Python side reads on stdin: one line of JSON, then bytes it points into as
 * [offset, length] (the CDR of each case, the contents of typed arrays): the extreme samples hold
 * tens of megabytes of arrays, too slow to go through JSON number by number.
 */
class Input {
  readonly #chunks: Buffer[] = [];
  #length = 0;

  /** Appends bytes to the binary part; gives where they are. */
  add(bytes: ArrayBufferView): [number, number] {
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    return [this.#length - chunk.length, chunk.length];
  }

  /**
   * A value as JSON: 64-bit integers as {"$bigint"}, NaN, ±Infinity and -0 as {"$float"}, typed
   * arrays as {"$bytes": [offset, length]} (their contents, in the machine's byte order).
   */
  json(value: unknown): unknown {
    if (typeof value === 'bigint') return { $bigint: value.toString() };
    if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : { $float: Object.is(value, -0) ? '-0' : String(value) };
    if (ArrayBuffer.isView(value)) return { $bytes: this.add(value) };
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.json(item)]));
    return value;
  }

  bytes(document: unknown): Buffer {
    return Buffer.concat([Buffer.from(`${JSON.stringify(document)}\n`), ...this.#chunks]);
  }
}

/**
 * Every interface of the shipped packages as `GetInterface` answers it, by name: packages,
 * messages, services and actions, the message parts of services and actions, and every type
 * those contain.
 */
function describeAll(registry: InterfaceRegistry): { descriptions: Record<string, InterfaceDescription>; messages: string[] } {
  const descriptions: Record<string, InterfaceDescription> = {};
  const messages: string[] = [];
  const add = (name: string): InterfaceDescription => (descriptions[name] ??= describeInterface(registry, name));
  const addMessage = (name: string): void => {
    if (messages.includes(name)) return;
    messages.push(name);
    add(name);
    for (const dependency of registry.message(name).dependencies) add(dependency.name);
  };
  const service = (description: InterfaceDescription): string[] => [description.request, description.response, description.event] as string[];
  for (const pkg of registry.packageNames(true)) {
    add(pkg);
    for (const name of registry.typeNames(pkg)) {
      const description = add(name);
      if (description.kind === 'msg') addMessage(name);
      if (description.kind === 'srv') service(description).forEach(addMessage);
      if (description.kind === 'action') {
        for (const part of ['goal', 'result', 'feedback', 'feedbackMessage']) addMessage(description[part] as string);
        for (const part of ['sendGoal', 'getResult']) service(description[part] as InterfaceDescription).forEach(addMessage);
      }
    }
  }
  return { descriptions, messages: messages.sort() };
}

function runCheck(mode: 'all' | 'lazy', input: Buffer): Record<string, unknown> {
  const result = spawnSync('python3', [CHECK, mode], {
    input,
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: CLIENT, ROS_PYTHON_CHECK_FIELDS: '' },
    maxBuffer: 1 << 30,
  });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe('Python message classes and CDR (clients/python: rclsim._messages, rclsim._cdr)', () => {
  it('encodes every message of the shipped packages byte for byte as the simulation, and decodes its bytes', needs('numpy'), () => {
    const registry = new InterfaceRegistry();
    const { descriptions, messages } = describeAll(registry);
    const writable = messages.filter((name) => isWritable(registry.message(name)));
    assert.ok(writable.length > 300, `${writable.length} message types`);
    const input = new Input();
    const cases: Case[] = [];
    for (const name of writable) {
      const type = registry.message(name);
      for (const variant of ['plain', 'extreme'] as const) {
        const message = type.normalize(sampleMessage(type, registry, variant));
        cases.push({ type: name, variant, value: input.json(message), cdr: input.add(serializeMessage(type, message)) });
      }
    }
    // A case whose expected bytes are wrong: the comparison must report it (and only it).
    const string = registry.message('std_msgs/msg/String');
    const plain = string.normalize(sampleMessage(string, registry, 'plain'));
    const wrong = serializeMessage(string, plain);
    wrong[wrong.length - 2]! ^= 1;
    cases.push({ type: string.name, variant: 'control', value: input.json(plain), cdr: input.add(wrong) });

    const report = runCheck('all', input.bytes({ interfaces: input.json(descriptions), cases })) as {
      checked: number;
      types: string[];
      mismatches: string[];
      failures: string[];
    };
    assert.equal(report.checked, cases.length);
    assert.deepEqual(report.types, writable);
    assert.deepEqual(report.mismatches, ['std_msgs/msg/String (control): encoded 19 bytes, the simulation 19; first difference at byte 17']);
    assert.deepEqual(report.failures, []);
  });

  it('imports numpy only for classes with a fixed-size numeric array', needs('python3'), () => {
    const registry = new InterfaceRegistry();
    const input = new Input();
    const report = runCheck('lazy', input.bytes({ interfaces: input.json(describeAll(registry).descriptions) }));
    assert.equal(report.numpy_before, false);
    assert.equal(report.numpy_after, report.imu === 'ndarray');
    assert.ok(
      report.imu === 'ndarray' || /Imu has a fixed-size numeric array \('orientation_covariance'\), which rclpy keeps in numpy/.test(report.imu as string),
      String(report.imu),
    );
  });
});
