import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Duration } from '../../src/ros/Duration.js';
import { incompatibility, QoS, type QoSProfileName, qosFromResolved, resolveQoS } from '../../src/ros/QoS.js';
import { corpusCases, firstDifference } from '../support/corpus.js';
import { needs, repoRoot, runCli } from '../support/helpers.js';

// The C++ runner builds rclsim's C++ client into the cache first (minutes on 2 shared vCPUs).
const BUILD_MS = 900_000;
const fixtures = join(repoRoot, 'test/fixtures/qos');
const CASES = join(fixtures, 'cases.txt');
const cases = corpusCases(CASES);

type Language = 'js' | 'python' | 'cpp';

/** A case's answer in `language`: its own note (`python=absent`, words up to the next note) or the common one. */
function expected(line: string, language: Language): string {
  const [call, answer] = line.split(' = ') as [string, string];
  const notes = answer.split(/ (?=(?:js|python|cpp)=)/);
  const own = notes.find((note) => note.startsWith(`${language}=`));
  return `${call} = ${own === undefined ? notes[0] : own.slice(language.length + 1)}`;
}

/** The lines a language answers: its operations, less what another part decides for it. */
function expectedLines(language: Language, operations: string[]): string {
  const lines = cases.filter((line) => operations.includes(line.split(' ')[0]!)).map((line) => expected(line, language));
  return `${lines.join('\n')}\n`;
}

function assertSame(language: string, output: string, wanted: string): void {
  assert.ok(output === wanted, `${language} differs from cases.txt at ${firstDifference(output, wanted)}`);
}

// rmw's policy numbers, by the short names rmw's strings use.
const POLICY_NUMBERS: Record<string, Record<string, number>> = {
  history: { system_default: 0, keep_last: 1, keep_all: 2, unknown: 3 },
  reliability: { system_default: 0, reliable: 1, best_effort: 2, unknown: 3, best_available: 4 },
  durability: { system_default: 0, transient_local: 1, volatile: 2, unknown: 3, best_available: 4 },
  liveliness: { system_default: 0, automatic: 1, manual_by_topic: 3, unknown: 4, best_available: 5 },
};
const short = (policy: string, value: number): string => Object.entries(POLICY_NUMBERS[policy]!).find(([, number]) => number === value)?.[0] ?? 'unknown';

/** A profile's fields as every runner prints them. */
function described(qos: QoS): string {
  const ns = (duration: Duration | null): string => String(duration?.nanoseconds ?? 0n);
  return [
    short('history', qos.history),
    qos.depth,
    short('reliability', qos.reliability),
    short('durability', qos.durability),
    ns(qos.deadline),
    ns(qos.lifespan),
    short('liveliness', qos.liveliness),
    ns(qos.livelinessLeaseDuration),
    qos.avoidRosNameSpaceConventions,
  ].join(' ');
}

/** rmw's default profile with a case's changes (cases.txt's head says the form). */
function profileFrom(spec: string): QoS {
  const qos = new QoS(1, 10, 1, 2, 0);
  for (const change of spec === 'default' ? [] : spec.split(',')) {
    const [key, value] = change.split('=') as [string, string];
    if (key === 'deadline') qos.deadline = BigInt(value);
    else if (key === 'lease') qos.livelinessLeaseDuration = BigInt(value);
    else (qos as unknown as Record<string, number>)[key] = POLICY_NUMBERS[key]![value]!;
  }
  return qos;
}

/** rclnodejs's profile strings, as the simulation takes them for a publisher (its default DDS's system defaults). */
const RCLNODEJS_PROFILES = new Set(['sensor_data', 'system_default', 'default', 'services_default', 'parameters', 'parameter_events', 'action_status_default']);

function answer(line: string): string {
  const [operation, ...args] = line.split(' = ')[0]!.split(' ') as [string, ...string[]];
  if (operation === 'profile') {
    const name = args[0]!;
    return RCLNODEJS_PROFILES.has(name)
      ? described(qosFromResolved(resolveQoS(`qos_profile_${name}` as QoSProfileName, 'qos_profile_default', 'publisher')))
      : 'absent';
  }
  const offered = resolveQoS(profileFrom(args[0]!), 'qos_profile_default', 'publisher');
  const requested = resolveQoS(profileFrom(args[1]!), 'qos_profile_default', 'subscription');
  const policy = incompatibility(offered, requested);
  return policy === null ? 'matched' : `incompatible ${policy}`;
}

// One corpus of QoS rules for every client: the presets each client defines, rmw's compatibility
// check where the client computes it (rclpy's and rclcpp's qos_check_compatible), and how the simulation
// matches a publisher with a subscription, for every client.
describe('QoS: one corpus of cases through every client', () => {
  it('covers presets, the compatibility check and matching', () => {
    const operations = new Set(cases.map((line) => line.split(' ')[0]));
    assert.deepEqual([...operations].sort(), ['check', 'match', 'profile']);
    assert.ok(cases.length >= 80, `${cases.length} cases`);
  });

  it("gives rclnodejs's profiles and the simulation's matching in TypeScript", () => {
    const output = cases.filter((line) => !line.startsWith('check ')).map((line) => `${line.split(' = ')[0]} = ${answer(line)}`);
    assertSame('TypeScript', `${output.join('\n')}\n`, expectedLines('js', ['profile', 'match']));
  });

  it("gives rclpy's presets and qos_check_compatible in Python", needs('python3'), () => {
    const python = runCli(['exec', join(fixtures, 'cases.py'), CASES], repoRoot, 120_000);
    assert.equal(python.status, 0, python.stderr);
    assertSame('Python', python.stdout, expectedLines('python', ['profile', 'check']));
  });

  it("gives rclcpp's presets and qos_check_compatible in C++", needs('C++ toolchain'), () => {
    const cpp = runCli(['exec', join(fixtures, 'cases.cpp'), CASES], repoRoot, BUILD_MS);
    assert.equal(cpp.status, 0, cpp.stderr);
    assertSame('C++', cpp.stdout, expectedLines('cpp', ['profile', 'check']));
  });
});
