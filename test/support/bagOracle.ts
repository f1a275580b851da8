import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './helpers.js';

/**
 * ../shared/tools/bag-oracle: two rosbag2 readers we did not write (rosbags; Foxglove's Python
 * mcap + mcap_ros2). What rclsim writes must satisfy them, message for message.
 */
const ORACLE = join(repoRoot, '../shared/tools/bag-oracle');

export interface OracleTopic {
  name: string;
  type: string;
  count: number;
  offered_qos_profiles: string;
  embedded_definition: string;
}

export interface OracleMessage {
  topic: string;
  type: string;
  log_time: string;
  message: Record<string, unknown>;
}

export interface OracleReading {
  count: number;
  topics: OracleTopic[];
  messages: OracleMessage[];
}

/**
 * Runs a program to its end and gives its stdout; fails with its stderr. Asynchronous, so that a
 * test reads several bags at once: the readers are slow, and the tests run one file at a time.
 */
function output(program: string, args: string[], what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { encoding: 'utf8', maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(`${what} failed (${error.code ?? error.signal}): ${stderr.trim()}`));
    });
  });
}

/** Reads a bag with both oracle readers; fails with the oracle's one line when they cannot. */
export async function readWithOracle(bag: string, typesFrom: string[] = []): Promise<OracleReading> {
  const stdout = await output(join(ORACLE, 'bag-oracle'), [bag, ...typesFrom.flatMap((dir) => ['--types-from', dir])], `bag-oracle ${bag}`);
  const [head, ...rows] = stdout.trim().split('\n');
  const header = JSON.parse(head!) as { count: number; topics: OracleTopic[] };
  return { ...header, messages: rows.map((row) => JSON.parse(row) as OracleMessage) };
}

/** The oracle's Python, which has `rosbags` (its writer makes bags rclsim must read) and `mcap`. */
export function oraclePython(): string {
  return execFileSync(join(ORACLE, 'setup.sh'), { encoding: 'utf8' }).trim().split('\n').pop()!;
}

/** Runs a Python script with the oracle's interpreter; `args` reach it as sys.argv[1:]. */
export function runPython(script: string, args: string[] = []): Promise<string> {
  return output(oraclePython(), ['-c', script, ...args], 'python');
}

/**
 * Every message of a bag as rosbags alone decodes it (with the definitions the bag carries), in
 * the oracle's plain form but for `byte` arrays, which rosbags reads as int8 and Foxglove's
 * decoder as bytes: the two-decoder oracle cannot pass any message with one, so such types are
 * checked against rosbags only.
 */
export async function readWithRosbags(bag: string): Promise<{ topic: string; message: Record<string, unknown> }[]> {
  const script = [
    'import json, sys',
    `sys.path.insert(0, ${JSON.stringify(ORACLE)})`,
    'from dump import plain, embedded_types',
    'from rosbags.rosbag2 import Reader',
    'from rosbags.typesys import Stores, get_typestore',
    'store = get_typestore(Stores.ROS2_JAZZY)',
    'with Reader(sys.argv[1]) as reader:',
    '    for c in reader.connections:',
    '        types = embedded_types(c) or {}',
    '        store.register({k: v for k, v in types.items() if k not in store.fielddefs})',
    '    for c, t, raw in reader.messages():',
    "        print(json.dumps({'topic': c.topic, 'message': plain(store.deserialize_cdr(raw, c.msgtype))}, ensure_ascii=False))",
  ].join('\n');
  return (await runPython(script, [bag]))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { topic: string; message: Record<string, unknown> });
}
