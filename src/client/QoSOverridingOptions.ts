import { Parameter, ParameterDescriptor, ParameterType } from '../ros/Parameter.js';
import { type Endpoint, QoS, type QoSProfileName, qosFromResolved, resolveQoS } from '../ros/QoS.js';
import type { Node } from './Node.js';

/** The QoS policies a publisher or subscription may let parameters override (rclnodejs 2.x). */
export const QoSPolicyKind = Object.freeze({
  HISTORY: 1,
  DEPTH: 2,
  RELIABILITY: 3,
  DURABILITY: 4,
  LIVELINESS: 5,
  AVOID_ROS_NAMESPACE_CONVENTIONS: 6,
});

type QoSProperty = 'history' | 'depth' | 'reliability' | 'durability' | 'liveliness' | 'avoidRosNameSpaceConventions';

interface PolicyParameter {
  property: QoSProperty;
  key: string;
  type: ParameterType;
  /** The RMW enum whose names give the parameter's string values. */
  names?: Readonly<Record<string, number>>;
}

const POLICIES: Readonly<Record<number, PolicyParameter>> = {
  [QoSPolicyKind.HISTORY]: { property: 'history', key: 'history', type: ParameterType.PARAMETER_STRING, names: QoS.HistoryPolicy },
  [QoSPolicyKind.DEPTH]: { property: 'depth', key: 'depth', type: ParameterType.PARAMETER_INTEGER },
  [QoSPolicyKind.RELIABILITY]: {
    property: 'reliability',
    key: 'reliability',
    type: ParameterType.PARAMETER_STRING,
    names: QoS.ReliabilityPolicy,
  },
  [QoSPolicyKind.DURABILITY]: { property: 'durability', key: 'durability', type: ParameterType.PARAMETER_STRING, names: QoS.DurabilityPolicy },
  [QoSPolicyKind.LIVELINESS]: { property: 'liveliness', key: 'liveliness', type: ParameterType.PARAMETER_STRING, names: QoS.LivelinessPolicy },
  [QoSPolicyKind.AVOID_ROS_NAMESPACE_CONVENTIONS]: {
    property: 'avoidRosNameSpaceConventions',
    key: 'avoid_ros_namespace_conventions',
    type: ParameterType.PARAMETER_BOOL,
  },
};

/** What a validation callback returns, as rclcpp's QosCallbackResult. */
export interface QoSCallbackResult {
  successful: boolean;
  reason?: string;
}

/**
 * rclnodejs's QoSOverridingOptions (rclcpp's QosOverridingOptions): which policies of an entity
 * become read-only parameters `qos_overrides.<topic>.<publisher|subscription>[_<id>].<policy>`,
 * whose overrides (parameter files, `-p`) replace the QoS the code gave.
 */
export class QoSOverridingOptions {
  readonly #policyKinds: number[];
  readonly #callback: ((qos: QoS) => QoSCallbackResult | undefined) | null;
  readonly #entityId: string | null;

  constructor(policyKinds: Iterable<number>, options: { callback?: (qos: QoS) => QoSCallbackResult | undefined; entityId?: string } = {}) {
    this.#policyKinds = Array.from(policyKinds);
    this.#callback = options.callback ?? null;
    this.#entityId = options.entityId ?? null;
  }

  get policyKinds(): number[] {
    return this.#policyKinds;
  }

  get callback(): ((qos: QoS) => QoSCallbackResult | undefined) | null {
    return this.#callback;
  }

  get entityId(): string | null {
    return this.#entityId;
  }

  static withDefaultPolicies(options: { callback?: (qos: QoS) => QoSCallbackResult | undefined; entityId?: string } = {}): QoSOverridingOptions {
    return new QoSOverridingOptions([QoSPolicyKind.HISTORY, QoSPolicyKind.DEPTH, QoSPolicyKind.RELIABILITY], options);
  }
}

/** A policy's parameter value: "keep_last" for RMW_QOS_POLICY_HISTORY_KEEP_LAST. */
function policyText(value: number, names: Readonly<Record<string, number>>, key: string): string {
  const name = Object.keys(names).find((candidate) => names[candidate] === value);
  return name === undefined ? String(value) : name.slice(`RMW_QOS_POLICY_${key.toUpperCase()}_`.length).toLowerCase();
}

function policyValue(text: string, names: Readonly<Record<string, number>>, parameterName: string): number {
  const name = Object.keys(names).find((candidate) => candidate.endsWith(`_${text.toUpperCase()}`));
  if (name === undefined) throw new Error(`Unknown QoS policy value: "${text}" (parameter ${parameterName})`);
  return names[name]!;
}

/** The QoS object a profile name, a depth or a plain object stands for. */
function qosObject(qos: QoS | QoSProfileName | number | Record<string, unknown> | undefined, fallback: QoSProfileName, end: Endpoint): QoS {
  if (qos instanceof QoS) return qos;
  if (typeof qos === 'object' && qos !== null) {
    const object = new QoS(
      qos.history as number,
      qos.depth as number,
      qos.reliability as number,
      qos.durability as number,
      qos.liveliness as number,
      qos.avoidRosNameSpaceConventions as boolean,
    );
    // The duration policies have no constructor argument; their setters check them.
    object.deadline = (qos.deadline ?? null) as QoS['deadline'];
    object.lifespan = (qos.lifespan ?? null) as QoS['lifespan'];
    object.livelinessLeaseDuration = (qos.livelinessLeaseDuration ?? null) as QoS['livelinessLeaseDuration'];
    return object;
  }
  return qosFromResolved(resolveQoS(qos, fallback, end));
}

/**
 * Declares the override parameters of one publisher or subscription on its node and returns the
 * QoS with their values; the options' callback may refuse the result (rclcpp throws then too).
 */
export function declareQoSOverrides(
  entityType: 'publisher' | 'subscription',
  node: Node,
  topic: string,
  qos: QoS | QoSProfileName | number | undefined,
  options: QoSOverridingOptions,
): QoS {
  const result = qosObject(qos, 'qos_profile_default', entityType);
  const prefix = `qos_overrides.${topic}.${entityType}${options.entityId ? `_${options.entityId}` : ''}`;
  for (const kind of options.policyKinds) {
    const policy = POLICIES[kind];
    if (policy === undefined) continue;
    const name = `${prefix}.${policy.key}`;
    const current = result[policy.property];
    const value = policy.names
      ? policyText(current as number, policy.names, policy.key)
      : policy.type === ParameterType.PARAMETER_INTEGER
        ? BigInt(current as number)
        : current;
    // Entities on one topic share the parameter: the first declares it.
    const parameter = node.hasParameter(name)
      ? node.getParameter(name)
      : node.declareParameter(new Parameter(name, policy.type, value), new ParameterDescriptor(name, policy.type, `QoS override for ${policy.property}`, true));
    if (parameter.value === value) continue;
    if (policy.names) result[policy.property as 'history'] = policyValue(String(parameter.value), policy.names, name);
    else if (policy.type === ParameterType.PARAMETER_INTEGER) result.depth = Number(parameter.value);
    else result.avoidRosNameSpaceConventions = Boolean(parameter.value);
  }
  const verdict = options.callback?.(result);
  if (verdict && !verdict.successful) throw new Error(`QoS override validation failed: ${verdict.reason || 'unknown reason'}`);
  return result;
}
