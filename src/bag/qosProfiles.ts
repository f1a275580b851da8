import { parse, stringify } from 'yaml';
import type { ResolvedQoS } from '../rcl/QoS.js';

/**
 * rosbag2's `offered_qos_profiles`: a YAML list of the QoS profiles the recorded publishers
 * offered. Bag format version 9 (Jazzy) writes policies as strings, earlier versions as rmw enum
 * numbers; both are read.
 */

const RELIABLE = new Set<unknown>([1, 'reliable']);
const TRANSIENT_LOCAL = new Set<unknown>([1, 'transient_local']);

/** rmw's "infinite" duration, as Jazzy's DDS layers report unset deadlines and lifespans. */
const INFINITE = { sec: 9223372036, nsec: 854775807 };
/** rosbag2's default offer (Rosbag2QoS: keep last 10, reliable, volatile). */
const ROSBAG2_DEFAULT: ResolvedQoS = { keepAll: false, depth: 10, reliable: true, transientLocal: false };

interface RecordedProfile {
  reliability?: unknown;
  durability?: unknown;
}

/**
 * The QoS a player offers for a topic, as rosbag2 adapts it: the recorded profile when every
 * recorded publisher offered the same reliability and durability (history reset to keep last 10,
 * as rosbag2's default_history() does), else rosbag2's default offer.
 */
export function playbackQoS(offeredQosProfiles: string, where: string): ResolvedQoS {
  if (offeredQosProfiles.trim() === '') return ROSBAG2_DEFAULT;
  let profiles: unknown;
  try {
    profiles = parse(offeredQosProfiles);
  } catch (error) {
    throw new Error(`${where}: offered_qos_profiles is not YAML: ${(error as Error).message}`);
  }
  if (!Array.isArray(profiles) || profiles.length === 0) return ROSBAG2_DEFAULT;
  const first = profiles[0] as RecordedProfile;
  const reliable = RELIABLE.has(first.reliability);
  const transientLocal = TRANSIENT_LOCAL.has(first.durability);
  const same = (profiles as RecordedProfile[]).every(
    (p) => RELIABLE.has(p.reliability) === reliable && TRANSIENT_LOCAL.has(p.durability) === transientLocal,
  );
  return same ? { ...ROSBAG2_DEFAULT, reliable, transientLocal } : ROSBAG2_DEFAULT;
}

/**
 * What rosbag2 (format version 9) records for a publisher: the policies it offers, with history
 * and depth unknown (discovery does not carry them) and the durations rclsim does not model as
 * infinite.
 */
export function offeredQosProfilesYaml(offers: readonly ResolvedQoS[]): string {
  return stringify(
    offers.map((qos) => ({
      history: 'unknown',
      depth: 0,
      reliability: qos.reliable ? 'reliable' : 'best_effort',
      durability: qos.transientLocal ? 'transient_local' : 'volatile',
      deadline: INFINITE,
      lifespan: INFINITE,
      liveliness: 'automatic',
      liveliness_lease_duration: INFINITE,
      avoid_ros_namespace_conventions: false,
    })),
    { aliasDuplicateObjects: false },
  );
}
