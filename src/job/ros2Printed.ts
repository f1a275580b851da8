/**
 * How ros2cli's graph verbs print what they found: Python's print of its values, rclpy's
 * TopicEndpointInfo.__str__, PyYAML's dump (ros2param dump), `%.Nf`. Pure text, no simulation.
 */
import { QoS } from '../ros/QoS.js';
import type { TopicEndpointInfo } from '../sim/endpointInfo.js';
import { pyBytes, pyFloat, pyStr } from './pythonRepr.js';

/** rcl_interfaces/msg/ParameterType's numbers, and ros2param's get_parameter_type_string names of them. */
export const PARAMETER_TYPES = [
  'not set',
  'boolean',
  'integer',
  'double',
  'string',
  'byte array',
  'boolean array',
  'integer array',
  'double array',
  'string array',
];

/** A ParameterValue as the Python value rclpy makes of it (parameter_value_to_python), or null for not set. */
export type PyValue = boolean | bigint | number | string | PyValue[] | { bytes: number } | null;

export function pythonValue(value: Record<string, unknown>): PyValue {
  const list = (field: string) => Array.from(value[field] as ArrayLike<unknown>);
  switch (Number(value.type)) {
    case 1:
      return Boolean(value.bool_value);
    case 2:
      return BigInt(value.integer_value as bigint);
    case 3:
      return Number(value.double_value);
    case 4:
      return String(value.string_value);
    case 5:
      return list('byte_array_value').map((byte) => ({ bytes: Number(byte) }));
    case 6:
      return list('bool_array_value').map(Boolean);
    case 7:
      return list('integer_array_value').map((item) => BigInt(item as bigint));
    case 8:
      return list('double_array_value').map(Number);
    case 9:
      return list('string_array_value').map(String);
    default:
      return null;
  }
}

/** Python's repr of a value (a str inside a list, or alone with `quoted`). */
export function pyRepr(value: PyValue, quoted = true): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return pyFloat(value);
  if (typeof value === 'string') return quoted ? pyStr(value) : value;
  if (Array.isArray(value)) return `[${value.map((item) => pyRepr(item)).join(', ')}]`;
  return pyBytes([value.bytes]);
}

/**
 * Python's `'%.Nf' % x`: the exact binary value rounded to N places, a tie to even (JavaScript's
 * toFixed breaks a tie upwards).
 */
export function pyFixed(x: number, places: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  const exact = Math.abs(x).toFixed(100).replace(/0+$/, '');
  const [whole, fraction = ''] = exact.split('.') as [string, string?];
  let text = x.toFixed(places);
  const rest = fraction.slice(places);
  if (rest === '5') {
    // An exact tie: toFixed rounded away from zero; Python keeps the even digit.
    const kept = `${whole}${fraction.slice(0, places)}`;
    if (Number(kept.at(-1)) % 2 === 0) {
      const digits = kept.padStart(places + 1, '0');
      text = `${x < 0 ? '-' : ''}${places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`}`;
    }
  }
  return text;
}

const RELIABILITY: Record<number, string> = {
  [QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE]: 'RELIABLE',
  [QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT]: 'BEST_EFFORT',
};
const DURABILITY: Record<number, string> = {
  [QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL]: 'TRANSIENT_LOCAL',
  [QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_VOLATILE]: 'VOLATILE',
};
const LIVELINESS: Record<number, string> = {
  [QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_AUTOMATIC]: 'AUTOMATIC',
  [QoS.LivelinessPolicy.RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC]: 'MANUAL_BY_TOPIC',
};
const INFINITE_NS = 9223372036854775807n;

/** rclpy's Duration.__str__ of a QoS duration: `Infinite`, or `N nanoseconds`. */
function durationText(time: unknown): string {
  const { seconds, nanoseconds } = time as { seconds: bigint; nanoseconds: number };
  const total = BigInt(seconds) * 1_000_000_000n + BigInt(nanoseconds);
  return total === INFINITE_NS ? 'Infinite' : `${total} nanoseconds`;
}

/** rclpy's TopicEndpointInfo.__str__ (rclpy/topic_endpoint_info.py, Jazzy). */
export function endpointText(info: TopicEndpointInfo): string {
  const qos = info.qos_profile as Record<string, unknown>;
  const keepAll = qos.history === QoS.HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_ALL;
  return [
    `Node name: ${info.node_name}`,
    `Node namespace: ${info.node_namespace}`,
    `Topic type: ${info.topic_type}`,
    `Topic type hash: RIHS0${info.topic_type_hash.version}_${info.topic_type_hash.value.toString('hex')}`,
    `Endpoint type: ${info.endpoint_type === 1 ? 'PUBLISHER' : 'SUBSCRIPTION'}`,
    `GID: ${info.endpoint_gid.map((byte) => byte.toString(16).padStart(2, '0')).join('.')}`,
    'QoS profile:',
    `  Reliability: ${RELIABILITY[qos.reliability as number]}`,
    `  History (Depth): ${keepAll ? 'KEEP_ALL' : `KEEP_LAST (${qos.depth})`}`,
    `  Durability: ${DURABILITY[qos.durability as number]}`,
    `  Lifespan: ${durationText(qos.lifespan)}`,
    `  Deadline: ${durationText(qos.deadline)}`,
    `  Liveliness: ${LIVELINESS[qos.liveliness as number]}`,
    `  Liveliness lease duration: ${durationText(qos.liveliness_lease_duration)}`,
  ].join('\n');
}

/** A mapping of PyYAML's dump: names to values or nested mappings. */
export interface YamlMap {
  [key: string]: PyValue | YamlMap;
}

/** PyYAML's words that a plain scalar must not be (they would read back as another type). */
const SPECIAL =
  /^(~|null|Null|NULL|y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|[-+]?(\.inf|\.Inf|\.INF)|\.nan|\.NaN|\.NAN)$/;
const NUMBER_LIKE = /^[-+]?(\d[\d_]*(\.[\d_]*)?([eE][-+]?\d+)?|\.\d[\d_]*([eE][-+]?\d+)?|0x[0-9a-fA-F_]+|0o?[0-7_]+|\d[\d_]*(:[0-5]?\d)+(\.\d*)?)$/;

/** PyYAML's representation of a str: plain when it reads back as that str, else single-quoted. */
function yamlString(text: string): string {
  const plain =
    text !== '' &&
    !SPECIAL.test(text) &&
    !NUMBER_LIKE.test(text) &&
    /^[^-?:,[\]{}#&*!|>'"%@`\s]/.test(text) &&
    !/[\s]$/.test(text) &&
    !/: |:$| #|[\n\t\r]/.test(text) &&
    /^[\x20-\x7e]*$/.test(text);
  return plain ? text : `'${text.replace(/'/g, "''")}'`;
}

/** PyYAML's representation of a float (represent_float). */
function yamlFloat(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (!Number.isFinite(x)) return x > 0 ? '.inf' : '-.inf';
  const text = pyFloat(x).toLowerCase();
  return !text.includes('.') && text.includes('e') ? text.replace('e', '.0e') : text;
}

function yamlScalar(value: PyValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return yamlFloat(value);
  if (typeof value === 'string') return yamlString(value);
  return `!!binary |\n  ${Buffer.from([(value as { bytes: number }).bytes]).toString('base64')}`;
}

/** `yaml.dump(data, default_flow_style=False)`: keys sorted, lists in block style not indented under their key. */
export function yamlDump(data: YamlMap, indent = ''): string {
  let out = '';
  for (const key of Object.keys(data).sort()) {
    const value = data[key]!;
    if (Array.isArray(value)) {
      out +=
        value.length === 0
          ? `${indent}${yamlString(key)}: []\n`
          : `${indent}${yamlString(key)}:\n${value.map((item) => `${indent}- ${yamlScalar(item)}\n`).join('')}`;
    } else if (value !== null && typeof value === 'object' && !('bytes' in value)) {
      const inner = yamlDump(value as YamlMap, `${indent}  `);
      out += inner === '' ? `${indent}${yamlString(key)}: {}\n` : `${indent}${yamlString(key)}:\n${inner}`;
    } else out += `${indent}${yamlString(key)}: ${yamlScalar(value as PyValue)}\n`;
  }
  return out;
}
