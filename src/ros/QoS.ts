import { checkDuration } from '../base/simTimeRange.js';
import { Duration } from './Duration.js';
import { TypeValidationError } from './rclErrors.js';

/**
 * rclnodejs's QoS class and profile strings, and what rclsim takes from them: history and
 * depth (the subscription buffer), reliability and durability (matching, and TRANSIENT_LOCAL
 * replay to late subscriptions), deadline and liveliness (matching, and their events),
 * lifespan (samples that expire before they are taken are dropped).
 */
const HistoryPolicy = {
  RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT: 0,
  RMW_QOS_POLICY_HISTORY_KEEP_LAST: 1,
  RMW_QOS_POLICY_HISTORY_KEEP_ALL: 2,
} as const;

const ReliabilityPolicy = {
  RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT: 0,
  RMW_QOS_POLICY_RELIABILITY_RELIABLE: 1,
  RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT: 2,
} as const;

const DurabilityPolicy = {
  RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT: 0,
  RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL: 1,
  RMW_QOS_POLICY_DURABILITY_VOLATILE: 2,
} as const;

const LivelinessPolicy = {
  RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT: 0,
  RMW_QOS_POLICY_LIVELINESS_AUTOMATIC: 1,
  RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC: 3,
  RMW_QOS_POLICY_LIVELINESS_UNKNOWN: 4,
} as const;

export type QoSProfileName =
  | 'qos_profile_sensor_data'
  | 'qos_profile_system_default'
  | 'qos_profile_default'
  | 'qos_profile_services_default'
  | 'qos_profile_parameters'
  | 'qos_profile_parameter_events'
  | 'qos_profile_action_status_default';

export class QoS {
  static readonly HistoryPolicy = HistoryPolicy;
  static readonly ReliabilityPolicy = ReliabilityPolicy;
  static readonly DurabilityPolicy = DurabilityPolicy;
  static readonly LivelinessPolicy = LivelinessPolicy;

  static readonly profileSensorData: QoSProfileName = 'qos_profile_sensor_data';
  static readonly profileSystemDefault: QoSProfileName = 'qos_profile_system_default';
  static readonly profileDefault: QoSProfileName = 'qos_profile_default';
  static readonly profileServicesDefault: QoSProfileName = 'qos_profile_services_default';
  static readonly profileParameters: QoSProfileName = 'qos_profile_parameters';
  static readonly profileParameterEvents: QoSProfileName = 'qos_profile_parameter_events';
  static readonly profileActionStatusDefault: QoSProfileName = 'qos_profile_action_status_default';

  #history: number;
  #depth: number;
  #reliability: number;
  #durability: number;
  #liveliness: number;
  #avoidRosNameSpaceConventions: boolean;
  #deadline: Duration | null = null;
  #lifespan: Duration | null = null;
  #livelinessLeaseDuration: Duration | null = null;

  /** rclnodejs 1.x's order: liveliness before avoidRosNameSpaceConventions. */
  constructor(
    history: number = HistoryPolicy.RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT,
    depth = 0,
    reliability: number = ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT,
    durability: number = DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT,
    liveliness: number = LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT,
    avoidRosNameSpaceConventions = false,
  ) {
    this.#history = history;
    this.#depth = depth;
    this.#reliability = reliability;
    this.#durability = durability;
    this.#liveliness = liveliness;
    this.#avoidRosNameSpaceConventions = avoidRosNameSpaceConventions;
  }

  // Setters check the kind of value, as rclnodejs's do.
  get history(): number {
    return this.#history;
  }
  set history(history: number) {
    this.#history = checked('history', history, 'number');
  }
  get depth(): number {
    return this.#depth;
  }
  set depth(depth: number) {
    this.#depth = checked('depth', depth, 'number');
  }
  get reliability(): number {
    return this.#reliability;
  }
  set reliability(reliability: number) {
    this.#reliability = checked('reliability', reliability, 'number');
  }
  get durability(): number {
    return this.#durability;
  }
  set durability(durability: number) {
    this.#durability = checked('durability', durability, 'number');
  }
  get liveliness(): number {
    return this.#liveliness;
  }
  set liveliness(liveliness: number) {
    this.#liveliness = checked('liveliness', liveliness, 'number');
  }
  get avoidRosNameSpaceConventions(): boolean {
    return this.#avoidRosNameSpaceConventions;
  }
  set avoidRosNameSpaceConventions(avoid: boolean) {
    this.#avoidRosNameSpaceConventions = checked('avoidRosNameSpaceConventions', avoid, 'boolean');
  }

  /**
   * rmw's deadline, lifespan and liveliness lease duration, which rclnodejs's QoS lacks
   * (rclcpp's `deadline()`, `lifespan()`, `liveliness_lease_duration()`): a Duration, bigint
   * nanoseconds, or null. Null or zero is rmw's "unspecified", which Jazzy's default DDS takes as
   * infinite.
   */
  get deadline(): Duration | null {
    return this.#deadline;
  }
  set deadline(deadline: Duration | bigint | null) {
    this.#deadline = durationPolicy('deadline', deadline);
  }
  get lifespan(): Duration | null {
    return this.#lifespan;
  }
  set lifespan(lifespan: Duration | bigint | null) {
    this.#lifespan = durationPolicy('lifespan', lifespan);
  }
  get livelinessLeaseDuration(): Duration | null {
    return this.#livelinessLeaseDuration;
  }
  set livelinessLeaseDuration(lease: Duration | bigint | null) {
    this.#livelinessLeaseDuration = durationPolicy('livelinessLeaseDuration', lease);
  }
}

function durationPolicy(name: string, value: Duration | bigint | null): Duration | null {
  if (value === null || value === undefined) return null;
  const duration = typeof value === 'bigint' ? Duration.fromNanoseconds(value) : value;
  if (!(duration instanceof Duration)) throw new TypeValidationError(name, value, 'Duration, bigint nanoseconds or null', { entityType: 'qos' });
  if (duration.nanoseconds < 0n) throw new TypeValidationError(name, value, 'a duration of zero or more', { entityType: 'qos' });
  return duration.nanoseconds === 0n ? null : duration;
}

function checked<T>(name: string, value: T, kind: 'number' | 'boolean'): T {
  if (typeof value !== kind) throw new TypeValidationError(name, value, kind, { entityType: 'qos' });
  return value;
}

/** The QoS rclsim acts on, with system defaults resolved as the default DDS vendor does. */
export interface ResolvedQoS {
  readonly keepAll: boolean;
  readonly depth: number;
  readonly reliable: boolean;
  readonly transientLocal: boolean;
  /** Deadline period in ns; Infinity when there is none. */
  readonly deadline: number;
  /** Lifespan in ns (how long a sample stays valid after it was written); Infinity when there is none. */
  readonly lifespan: number;
  /** MANUAL_BY_TOPIC liveliness (else AUTOMATIC, what SYSTEM_DEFAULT means to Fast DDS). */
  readonly manualLiveliness: boolean;
  /** Liveliness lease duration in ns; Infinity when there is none. */
  readonly leaseDuration: number;
}

/** The timing policies of every profile: no deadline, no lifespan, automatic liveliness, no lease. */
export const UNTIMED = Object.freeze({ deadline: Infinity, lifespan: Infinity, manualLiveliness: false, leaseDuration: Infinity });

/** Which end of a topic an entity is: the middleware fills what rmw leaves to it differently for each. */
export type Endpoint = 'publisher' | 'subscription';

/**
 * What Fast DDS, Jazzy's default middleware, makes of a SYSTEM_DEFAULT reliability or durability:
 * rmw_fastrtps leaves the policy at the entity's own default (rmw_fastrtps_shared_cpp qos.cpp:
 * `case RMW_QOS_POLICY_..._SYSTEM_DEFAULT: break;`), which is reliable and transient local for a
 * DataWriter (DataWriterQos's constructor) and best effort and volatile for a DataReader (the
 * policies' own defaults). History keeps the last 1, liveliness is automatic, for both.
 */
const SYSTEM_DEFAULTS: Readonly<Record<Endpoint, ResolvedQoS>> = {
  publisher: Object.freeze({ ...UNTIMED, keepAll: false, depth: 1, reliable: true, transientLocal: true }),
  subscription: Object.freeze({ ...UNTIMED, keepAll: false, depth: 1, reliable: false, transientLocal: false }),
};

/** Shared by every entity created with a profile: frozen, so never copied. System defaults depend on the end (SYSTEM_DEFAULTS). */
const PROFILES: Readonly<Record<Exclude<QoSProfileName, 'qos_profile_system_default'>, ResolvedQoS>> = {
  qos_profile_sensor_data: Object.freeze({ ...UNTIMED, keepAll: false, depth: 5, reliable: false, transientLocal: false }),
  qos_profile_default: Object.freeze({ ...UNTIMED, keepAll: false, depth: 10, reliable: true, transientLocal: false }),
  qos_profile_services_default: Object.freeze({ ...UNTIMED, keepAll: false, depth: 10, reliable: true, transientLocal: false }),
  qos_profile_parameters: Object.freeze({ ...UNTIMED, keepAll: false, depth: 1000, reliable: true, transientLocal: false }),
  qos_profile_parameter_events: Object.freeze({ ...UNTIMED, keepAll: false, depth: 1000, reliable: true, transientLocal: false }),
  qos_profile_action_status_default: Object.freeze({ ...UNTIMED, keepAll: false, depth: 1, reliable: true, transientLocal: true }),
};

/** A profile by name, as the entity at `end` takes it. */
function profile(name: QoSProfileName, end: Endpoint): ResolvedQoS {
  return name === 'qos_profile_system_default' ? SYSTEM_DEFAULTS[end] : PROFILES[name];
}

/**
 * Accepts a QoS object, a profile string, or a plain depth (KEEP_LAST with the default profile),
 * for an entity at `end` of its topic (a service's client writes requests, its server reads them).
 */
export function resolveQoS(qos: QoS | QoSProfileName | number | undefined, fallback: QoSProfileName, end: Endpoint): ResolvedQoS {
  if (qos === undefined || qos === null) return profile(fallback, end);
  if (typeof qos === 'string') {
    if (qos !== 'qos_profile_system_default' && !Object.hasOwn(PROFILES, qos)) throw new TypeError(`unknown QoS profile '${qos}'`);
    return profile(qos, end);
  }
  if (typeof qos === 'number') {
    if (!Number.isInteger(qos) || qos < 0) throw new TypeError(`QoS depth must be a non-negative integer, got ${qos}`);
    return { ...PROFILES.qos_profile_default, depth: Math.max(qos, 1) };
  }
  const keepAll = qos.history === HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_ALL;
  const middleware = SYSTEM_DEFAULTS[end];
  return {
    keepAll,
    depth: keepAll ? Infinity : Math.max(qos.depth || 1, 1),
    reliable:
      qos.reliability === ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT
        ? middleware.reliable
        : qos.reliability !== ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT,
    transientLocal:
      qos.durability === DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT
        ? middleware.transientLocal
        : qos.durability === DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL,
    deadline: durationNs(qos.deadline, 'deadline'),
    lifespan: durationNs(qos.lifespan, 'lifespan'),
    manualLiveliness: qos.liveliness === LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC,
    leaseDuration: durationNs(qos.livelinessLeaseDuration, 'livelinessLeaseDuration'),
  };
}

/** A duration policy in ns (Infinity: unspecified), checked again: a plain-object QoS has no setters. */
function durationNs(value: Duration | bigint | null | undefined, name: string): number {
  const duration = durationPolicy(name, value ?? null);
  return duration === null ? Infinity : checkDuration(duration.nanoseconds, `QoS ${name}`);
}

/** A resolved QoS as a QoS object, in rmw's policy numbers (keep-all with depth 0). */
export function qosFromResolved(qos: ResolvedQoS): QoS {
  const result = new QoS(
    qos.keepAll ? HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_ALL : HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
    qos.keepAll ? 0 : qos.depth,
    qos.reliable ? ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE : ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT,
    qos.transientLocal ? DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL : DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_VOLATILE,
    // Automatic liveliness stays "system default", as rclnodejs's profiles leave it.
    qos.manualLiveliness ? LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC : LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT,
  );
  if (qos.deadline !== Infinity) result.deadline = BigInt(qos.deadline);
  if (qos.lifespan !== Infinity) result.lifespan = BigInt(qos.lifespan);
  if (qos.leaseDuration !== Infinity) result.livelinessLeaseDuration = BigInt(qos.leaseDuration);
  return result;
}

export type IncompatiblePolicy = 'RELIABILITY' | 'LIVELINESS' | 'DEADLINE' | 'DURABILITY';

/**
 * Why a publisher's offer does not satisfy a subscription's request, by DDS's request-versus-offer
 * rules (rmw_qos_profile_check_compatible): reliability, durability, a deadline no longer than
 * the requested one, liveliness at least as strict with a lease no longer. Null when compatible.
 * With several, the one Fast DDS reports last (the highest DDS policy id: reliability 11,
 * liveliness 8, deadline 4, durability 2).
 */
export function incompatibility(offered: ResolvedQoS, requested: ResolvedQoS): IncompatiblePolicy | null {
  if (requested.reliable && !offered.reliable) return 'RELIABILITY';
  if ((requested.manualLiveliness && !offered.manualLiveliness) || offered.leaseDuration > requested.leaseDuration) return 'LIVELINESS';
  if (offered.deadline > requested.deadline) return 'DEADLINE';
  if (requested.transientLocal && !offered.transientLocal) return 'DURABILITY';
  return null;
}
