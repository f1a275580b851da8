import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expandTopicName as rclnodejsExpand, validator } from '../../src/client/validator.js';
import { expandTopicName, fullyQualifiedNodeName, normalizeNamespace } from '../../src/ros/names.js';
import { parseRosArguments, RosArgumentsError } from '../../src/ros/RosArguments.js';
import { NameValidationError } from '../../src/ros/rclErrors.js';
import { remapName, remapNamespace, remapNodeName } from '../../src/ros/remap.js';
import { corpusCases, firstDifference } from '../support/corpus.js';
import { needs, repoRoot, runCli } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/names');
const CASES = join(fixtures, 'cases.txt');
const cases = corpusCases(CASES);
/** The cases a client answers itself: remapping (resolve, resolve-service) is the simulation's, for every client. */
const clientCases = cases.filter((line) => !line.startsWith('resolve'));

const word = (text: string): string => (text === '""' ? '' : text);

function validation(check: (name: string) => true, name: string): string {
  try {
    check(name);
    return 'ok';
  } catch (error) {
    if (!(error instanceof NameValidationError)) throw error;
    return `${error.validationResult} @${error.invalidIndex}`;
  }
}

/** An error's reason as rcl words it, after what names the argument ("invalid topic name 'x': topic name is invalid: "). */
function reason(error: unknown): string {
  const message = (error as Error).message;
  return message.slice(message.lastIndexOf(' is invalid: ') + ' is invalid: '.length);
}

/** What rcl_node_init and rcl_node_resolve_name give, in the order the simulation's node takes them. */
function resolve(kind: 'topic' | 'service', topic: string, node: string, namespace: string, rules: string[]): string {
  let remaps: ReturnType<typeof parseRosArguments>['remaps'];
  try {
    remaps = parseRosArguments(['--ros-args', ...rules.flatMap((rule) => ['-r', rule])]).remaps;
  } catch (error) {
    if (error instanceof RosArgumentsError) return 'refused';
    throw error;
  }
  const name = remapNodeName(node, remaps);
  const ns = normalizeNamespace(remapNamespace(name, namespace, remaps));
  return `${fullyQualifiedNodeName(name, ns)} ${remapName(expandTopicName(topic, name, ns, kind), name, ns, remaps, kind)}`;
}

const VALIDATORS: Record<string, (name: string) => true> = {
  node: validator.validateNodeName,
  namespace: validator.validateNamespace,
  full: validator.validateFullTopicName,
  topic: validator.validateTopicName,
};

function answer(line: string): string {
  const [operation, ...words] = line.split(' = ')[0]!.split(' ') as [string, ...string[]];
  const args = words.map(word);
  if (operation in VALIDATORS) return validation(VALIDATORS[operation]!, args[0]!);
  if (operation === 'expand') {
    try {
      return rclnodejsExpand(args[0]!, args[1]!, args[2]!);
    } catch (error) {
      return `error ${reason(error)}`;
    }
  }
  if (operation === 'resolve') return resolve('topic', args[0]!, args[1]!, args[2]!, args.slice(3));
  if (operation === 'resolve-service') return resolve('service', args[0]!, args[1]!, args[2]!, args.slice(3));
  throw new Error(`${CASES}: unknown operation '${operation}'`);
}

function assertSame(language: string, output: string, expected: string[]): void {
  const wanted = `${expected.join('\n')}\n`;
  assert.ok(output === wanted, `${language} differs from cases.txt at ${firstDifference(output, wanted)}`);
}

// One corpus of name rules for every client: each answers the cases it decides itself, the
// simulation (TypeScript) answers remapping for all of them.
describe('names and remapping: one corpus of cases through every client', () => {
  it('covers each rule: validation of node names, namespaces and topic names, expansion and remapping', () => {
    const operations = new Set(cases.map((line) => line.split(' ')[0]));
    assert.deepEqual([...operations].sort(), ['expand', 'full', 'namespace', 'node', 'resolve', 'resolve-service', 'topic']);
    assert.ok(cases.length >= 150, `${cases.length} cases`);
  });

  it('gives each answer in TypeScript (rclnodejs’s validator and expandTopicName, the simulation’s remapping)', () => {
    const output = cases.map((line) => `${line.split(' = ')[0]} = ${answer(line)}`);
    assertSame('TypeScript', `${output.join('\n')}\n`, cases);
  });

  it('gives each answer the Python client decides in Python (rclpy’s validators and expand_topic_name)', needs('python3'), () => {
    const python = runCli(['exec', join(fixtures, 'cases.py'), CASES], repoRoot, 120_000);
    assert.equal(python.status, 0, python.stderr);
    assertSame('Python', python.stdout, clientCases);
  });
});
