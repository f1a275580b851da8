import { parse, stringify } from 'yaml';
import { splitNanoseconds } from '../ros/nanoseconds.js';
import { type ResolvedQoS, UNTIMED } from '../ros/QoS.js';

/**
 * rosbag2's `offered_qos_profiles`: the QoS profiles the recorded publishers offered. Format
 * version 9 (Jazzy) writes policies as strings, earlier versions as rmw enum numbers; both are
 * read. metadata.yaml holds them as a YAML list from version 9 on and as a YAML string before;
 * MCAP channel metadata and sqlite3 always hold the string (rosbag2_storage `yaml.hpp`,
 * `qos.cpp`).
 */

const RELIABLE = new Set<unknown>([1, 'reliable']);
const TRANSIENT_LOCAL = new Set<unknown>([1, 'transient_local']);

/** rmw's "infinite" duration, as Jazzy's DDS layers report unset deadlines and lifespans. */
const INFINITE = { sec: 9223372036, nsec: 854775807 };
/** rosbag2's default offer (Rosbag2QoS: keep last 10, reliable, volatile). */
const ROSBAG2_DEFAULT: ResolvedQoS = { ...UNTIMED, keepAll: false, depth: 10, reliable: true, transientLocal: false };

interface RecordedProfile {
  history?: unknown;
  depth?: unknown;
  reliability?: unknown;
  durability?: unknown;
  deadline?: unknown;
  lifespan?: unknown;
  liveliness?: unknown;
  liveliness_lease_duration?: unknown;
  avoid_ros_namespace_conventions?: unknown;
}

/** The profiles as a list: `offered` is the YAML string or, from a version-9 metadata.yaml, the list itself. */
function recordedProfiles(offered: unknown, where: string): RecordedProfile[] {
  let profiles = offered;
  if (typeof offered === 'string') {
    if (offered.trim() === '') return [];
    try {
      profiles = parse(offered);
    } catch (error) {
      throw new Error(`${where}: offered_qos_profiles is not YAML: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (!Array.isArray(profiles)) return [];
  const list = profiles.filter((p): p is RecordedProfile => typeof p === 'object' && p !== null);
  if (list.length !== profiles.length) throw new Error(`${where}: offered_qos_profiles must be a list of QoS profiles`);
  return list;
}

/**
 * Each policy's names at their rmw numbers (rmw/types.h, Jazzy): format 9 writes the names,
 * earlier formats the numbers.
 */
const RMW_POLICIES = {
  history: ['system_default', 'keep_last', 'keep_all', 'unknown'],
  reliability: ['system_default', 'reliable', 'best_effort', 'unknown', 'best_available'],
  durability: ['system_default', 'transient_local', 'volatile', 'unknown', 'best_available'],
  liveliness: ['system_default', 'automatic', 'manual_by_node', 'manual_by_topic', 'unknown', 'best_available'],
} as const;

/** A recorded profile with rmw's numbers and times, as a program's Reader builds its rclcpp::QoS. */
export interface RmwQosProfile {
  history: number;
  depth: number;
  reliability: number;
  durability: number;
  deadline: { sec: number; nsec: number };
  lifespan: { sec: number; nsec: number };
  liveliness: number;
  liveliness_lease_duration: { sec: number; nsec: number };
  avoid_ros_namespace_conventions: boolean;
}

/** The offered profiles of a recorded topic (rosbag2_storage's to_rclcpp_qos_vector); absent fields are rmw's system defaults. */
export function rmwQosProfiles(offered: unknown, where: string): RmwQosProfile[] {
  const policy = (kind: keyof typeof RMW_POLICIES, value: unknown): number => {
    if (value === undefined) return 0;
    const names: readonly string[] = RMW_POLICIES[kind];
    const number = typeof value === 'number' ? value : names.indexOf(String(value));
    if (!Number.isInteger(number) || number < 0 || number >= names.length)
      throw new Error(`${where}: offered_qos_profiles: ${kind} '${String(value)}' is not a QoS policy`);
    return number;
  };
  const time = (value: unknown): { sec: number; nsec: number } => {
    const { sec, nsec } = (typeof value === 'object' && value !== null ? value : {}) as { sec?: unknown; nsec?: unknown };
    return { sec: Number(sec ?? 0), nsec: Number(nsec ?? 0) };
  };
  return recordedProfiles(offered, where).map((p) => ({
    history: policy('history', p.history),
    depth: Number(p.depth ?? 0),
    reliability: policy('reliability', p.reliability),
    durability: policy('durability', p.durability),
    deadline: time(p.deadline),
    lifespan: time(p.lifespan),
    liveliness: policy('liveliness', p.liveliness),
    liveliness_lease_duration: time(p.liveliness_lease_duration),
    avoid_ros_namespace_conventions: p.avoid_ros_namespace_conventions === true,
  }));
}

/**
 * The QoS a player offers for a topic, as rosbag2 adapts it: the recorded profile when every
 * recorded publisher offered the same reliability and durability (history reset to keep last 10,
 * as rosbag2's default_history() does), else rosbag2's default offer. `offered` is the YAML
 * string or, from a version-9 metadata.yaml, the list itself.
 */
export function playbackQoS(offered: unknown, where: string): ResolvedQoS {
  const list = recordedProfiles(offered, where);
  if (list.length === 0) return ROSBAG2_DEFAULT;
  const reliable = RELIABLE.has(list[0]!.reliability);
  const transientLocal = TRANSIENT_LOCAL.has(list[0]!.durability);
  const same = list.every((p) => RELIABLE.has(p.reliability) === reliable && TRANSIENT_LOCAL.has(p.durability) === transientLocal);
  return same ? { ...ROSBAG2_DEFAULT, reliable, transientLocal } : ROSBAG2_DEFAULT;
}

/**
 * What rosbag2 (format version 9) records for the publishers of a topic: the policies each
 * offers, with history and depth unknown (discovery does not carry them).
 */
export function offeredQosProfiles(offers: readonly ResolvedQoS[]): Record<string, unknown>[] {
  return offers.map((qos) => ({
    history: 'unknown',
    depth: 0,
    reliability: qos.reliable ? 'reliable' : 'best_effort',
    durability: qos.transientLocal ? 'transient_local' : 'volatile',
    deadline: rmwTime(qos.deadline),
    lifespan: rmwTime(qos.lifespan),
    liveliness: qos.manualLiveliness ? 'manual_by_topic' : 'automatic',
    liveliness_lease_duration: rmwTime(qos.leaseDuration),
    avoid_ros_namespace_conventions: false,
  }));
}

function rmwTime(ns: number): { sec: number; nsec: number } {
  if (ns === Infinity) return INFINITE;
  const { seconds, nanoseconds } = splitNanoseconds(BigInt(ns));
  return { sec: seconds, nsec: nanoseconds };
}

/** The string form (MCAP channel metadata). */
export function offeredQosProfilesYaml(profiles: readonly Record<string, unknown>[]): string {
  return stringify(profiles, { aliasDuplicateObjects: false });
}
