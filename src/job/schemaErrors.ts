import type { ErrorObject } from 'ajv';
import { ENTRY_SCHEMAS, schema } from './jobSchema.js';
import { type JobFileContext, keyNode, type Location } from './sectionContext.js';

/** The keys of a node entry, in the order an unknown key's message lists them. */
const NODE_KEYS = [
  'script',
  'module',
  'export',
  'args',
  'name',
  'namespace',
  'parameters',
  'remap',
  'process',
  'on_exit',
  'respawn_delay',
  'respawn_max_retries',
  'python',
  'sleeps',
  'package',
  'executable',
  'component',
  'container',
  'id',
  'origin',
  'start_after',
  'stdin',
];

/**
 * The schema error a job file's line names: a failed duration (anyOf) is clearer than its first
 * alternative's complaint, but a mapping given where a duration or a mapping goes (a
 * distribution) is wrong inside: the error of a field in it (a negative sigma, an unknown
 * distribution, a mean that is no duration), or its unknown key, says what.
 */
function chosenError(errors: readonly ErrorObject[]): ErrorObject {
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
  if (anyOfs.length === 0) return errors[0]!;
  const outer = anyOfs.reduce((a, b) => (b.instancePath.length < a.instancePath.length ? b : a));
  const inside = errors.filter((e) => e.instancePath.startsWith(`${outer.instancePath}/`));
  if (inside.length > 0) return chosenError(inside);
  return errors.find((e) => ['additionalProperties', 'enum'].includes(e.keyword) && e.instancePath === outer.instancePath) ?? outer;
}

/**
 * Fails at the field of the schema error `errors` report (the one chosenError picks), in words a
 * user reads; `within` is where the part of the document validated apart (a bag's entry) sits.
 */
export function failSchema(errors: readonly ErrorObject[], context: JobFileContext, within: Location = []): never {
  const error = chosenError(errors);
  const { doc, fail } = context;
  const location = [
    ...within,
    ...error.instancePath
      .split('/')
      .slice(1)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replaceAll('~1', '/').replaceAll('~0', '~'))),
  ];
  if (location[0] === 'nodes' && location[2] === 'stdin' && location.length === 3 && ['type', 'minProperties', 'maxProperties'].includes(error.keyword))
    return fail(location, 'must be { file: path } (relative to the job file) or { text: "…" }');
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      const allowed = location[0] === 'nodes' && location.length === 2 ? NODE_KEYS : Object.keys(propertiesAt([...location, key]));
      return fail([...location, key], `unknown key (expected one of: ${allowed.join(', ')})`, keyNode(doc, location, key));
    }
    case 'required':
      return fail(location, `missing '${String(error.params.missingProperty)}'`);
    case 'type':
      if (Array.isArray(error.params.type))
        return fail(location, error.params.type.includes('object') ? 'must be a mapping, or a list of mappings' : `must be ${alternatives(error.params.type)}`);
      return fail(location, `must be ${articled(String(error.params.type))}`);
    case 'anyOf':
      return fail(
        location,
        location[0] === 'interfaces'
          ? "must be a folder, or { path, package } for a folder whose name is not the package's"
          : location[location.length - 1] === 'clock'
            ? 'must be true, false, or a /clock rate in Hz'
            : location[location.length - 1] === 'time' && location[0] === 'execution_times'
              ? 'must be a duration, or { distribution: uniform (min, max), normal (mean, sd) or lognormal (median, sigma), min?, max? }'
              : location[location.length - 1] === 'position'
                ? 'must be [x, y] or [x, y, z] (metres), { topic, initial? } (a pose topic), or { waypoints: [{ at, position }, …] }'
                : location[0] === 'delays' && location.length === 2
                  ? 'must be a duration (e.g. 20ms), or { min, max } for a delay drawn per message'
                  : 'must be a duration (e.g. 100ms, 2.5s, or integer nanoseconds)',
      );
    case 'enum':
      return fail(location, `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`);
    default:
      return fail(location, error.message ?? 'is not valid');
  }
}

/** The properties of the mapping that holds the field at `location`. */
function propertiesAt(location: Location): Record<string, unknown> {
  let node: { properties?: Record<string, unknown>; items?: unknown } = schema as never;
  let path = location.slice(0, -1);
  const entryKey = path[0];
  if (entryKey === 'play' || entryKey === 'record') {
    node = ENTRY_SCHEMAS[entryKey] as never;
    path = path.slice(typeof path[1] === 'number' ? 2 : 1);
  }
  // A field that is a duration or a mapping (anyOf) has the mapping's keys.
  const mapping = (at: typeof node & { anyOf?: (typeof node)[] }): typeof node => at.anyOf?.find((alternative) => alternative.properties) ?? at;
  for (const part of path) {
    node = mapping((typeof part === 'number' ? node.items : node.properties?.[part]) as typeof node);
  }
  return node.properties ?? {};
}

function articled(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** `a string, a number or a boolean`. */
function alternatives(types: readonly string[]): string {
  const each = types.map(articled);
  return each.length === 1 ? each[0]! : `${each.slice(0, -1).join(', ')} or ${each.at(-1)!}`;
}
