import { compileCheckExpression } from '../sim/checkExpression.js';
import type { CheckConfig } from '../sim/checks/CheckConfig.js';
import { ContentFilterError } from '../sim/contentFilter.js';
import { hostNamed, type SectionContext } from './sectionContext.js';
import { durationSchema } from './timeModelEntry.js';

/** The JSON schema of one entry of `checks:`. */
export const checkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    topic: { type: 'string', minLength: 1 },
    node: { type: 'string', minLength: 1 },
    host: { type: 'string', minLength: 1 },
    always: { type: 'string' },
    never: { type: 'string' },
    eventually: { type: 'string' },
    within: durationSchema,
    after: { type: 'string' },
    after_topic: { type: 'string', minLength: 1 },
  },
} as const;

export interface CheckEntry {
  name: string;
  topic?: string;
  node?: string;
  host?: string;
  always?: string;
  never?: string;
  eventually?: string;
  within?: string | number;
  after?: string;
  after_topic?: string;
}

const KINDS = ['always', 'never', 'eventually'] as const;

/**
 * The job's `checks:`, checked: unique names, one property each, expressions that parse. A check
 * without `topic` judges the robot's world at every step: its expression names a model (the
 * world's functions) and no message field; the world's functions need a job with a world.
 */
export function checksConfig(
  entries: readonly CheckEntry[],
  context: SectionContext,
  hosts: readonly string[] | null,
  where: (i: number) => string,
  noWorld: string | null,
): CheckConfig[] {
  const names = new Set<string>();
  return entries.map((entry, i) => {
    const location = ['checks', i];
    if (names.has(entry.name)) context.fail([...location, 'name'], `a second check named '${entry.name}'`);
    names.add(entry.name);
    const given = KINDS.filter((kind) => entry[kind] !== undefined);
    if (given.length !== 1)
      context.fail(location, `a check has one of always, never, eventually (${given.length === 0 ? 'none given' : `given: ${given.join(', ')}`})`);
    const kind = given[0]!;
    const onWorld = entry.topic === undefined;
    const expression = parsed(entry[kind]!, [...location, kind], context, onWorld, noWorld);
    if (onWorld) {
      for (const key of ['node', 'host'] as const)
        if (entry[key] !== undefined)
          context.fail([...location, key], "reads messages as they arrive, but a check without 'topic' judges the world at every step");
      if (entry.after !== undefined && entry.after_topic === undefined)
        context.fail([...location, 'after'], "reads messages: a check without 'topic' takes them from 'after_topic'");
    }
    if (entry.node !== undefined && entry.host !== undefined) context.fail([...location, 'host'], 'a check reads at a node or at a host, not both');
    if (entry.host !== undefined) hostNamed(context, [...location, 'host'], entry.host, hosts);
    if (kind !== 'eventually') {
      for (const key of ['within', 'after', 'after_topic'] as const)
        if (entry[key] !== undefined) context.fail([...location, key], `belongs to an eventually check`);
    } else if (entry.within === undefined) context.fail(location, "an eventually check needs 'within'");
    if (entry.after_topic !== undefined && entry.after === undefined) context.fail([...location, 'after_topic'], "goes with 'after'");
    return {
      name: entry.name,
      where: where(i),
      ...(entry.topic === undefined ? {} : { topic: context.topic([...location, 'topic'], entry.topic) }),
      ...(entry.node === undefined ? {} : { node: entry.node.startsWith('/') ? entry.node : `/${entry.node}` }),
      ...(entry.host === undefined ? {} : { host: entry.host }),
      kind,
      expression,
      ...(entry.within === undefined ? {} : { within: Number(context.duration([...location, 'within'], entry.within)) }),
      ...(entry.after === undefined ? {} : { after: parsed(entry.after, [...location, 'after'], context, false, noWorld) }),
      ...(entry.after_topic === undefined ? {} : { afterTopic: context.topic([...location, 'after_topic'], entry.after_topic) }),
    };
  });
}

/**
 * An expression that parses (its fields are checked against the topic's type when it has one);
 * on the world (`onWorld`: no topic), one that names a model and reads no field of a message of
 * its own; one that names a model only in a job with the built-in world (`noWorld`: why not).
 */
function parsed(expression: string, location: (string | number)[], context: SectionContext, onWorld: boolean, noWorld: string | null): string {
  let models: readonly string[];
  try {
    models = compileCheckExpression(expression, (topic, path) => {
      if (onWorld && topic === null)
        throw new ContentFilterError(`'${path}' is a message's field, but a check without 'topic' reads no message: it judges the world at every step`);
      return true;
    }).models;
  } catch (error) {
    if (error instanceof ContentFilterError) context.fail(location, error.message);
    throw error;
  }
  if (models.length > 0 && noWorld !== null) context.fail(location, `reads the robot's world (model '${models[0]}'), but ${noWorld}`);
  if (onWorld && models.length === 0)
    context.fail(location, "a check without 'topic' judges the world at every step: its expression names a model (collision, in_region, distance)");
  return expression;
}
