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
  reliability?: unknown;
  durability?: unknown;
}

/**
 * The QoS a player offers for a topic, as rosbag2 adapts it: the recorded profile when every
 * recorded publisher offered the same reliability and durability (history reset to keep last 10,
 * as rosbag2's default_history() does), else rosbag2's default offer. `offered` is the YAML
 * string or, from a version-9 metadata.yaml, the list itself.
 */
export function playbackQoS(offered: unknown, where: string): ResolvedQoS {
  let profiles = offered;
  if (typeof offered === 'string') {
    if (offered.trim() === '') return ROSBAG2_DEFAULT;
    try {
      profiles = parse(offered);
    } catch (error) {
      throw new Error(`${where}: offered_qos_profiles is not YAML: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (!Array.isArray(profiles) || profiles.length === 0) return ROSBAG2_DEFAULT;
  const list = profiles.filter((p): p is RecordedProfile => typeof p === 'object' && p !== null);
  if (list.length !== profiles.length) throw new Error(`${where}: offered_qos_profiles must be a list of QoS profiles`);
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
