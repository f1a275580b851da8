// The JSON schemas of a job file. Runs check files with code ajv generates from them when rclsim
// is built (scripts/jobValidators.mjs → jobValidators.js); jobFile.ts reads them to name fields.
import { checkSchema } from './checksSection.js';
import { faultSchema } from './faultsSection.js';
import { networkSchema } from './networkSection.js';
import { durationSchema, timeModelSchema } from './timeModelEntry.js';
import { worldSchema } from './worldSection.js';

const duration = durationSchema;
/** Which callbacks a rule names (execution times, callback groups, rclc handles). */
const entityMatch = {
  nodes: { type: 'array', items: { type: 'string', minLength: 1 } },
  kind: { enum: ['timer', 'subscription', 'service', 'client', 'guard_condition', 'event'] },
  topic: { type: 'string' },
} as const;
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const stringList = { type: 'array', items: { type: 'string' } };
export const playEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['bag'],
  properties: {
    bag: { type: 'string' },
    topics: stringList,
    remap: stringMap,
    start_offset: duration,
    window: { type: 'object', additionalProperties: false, properties: { from: duration, to: duration } },
    timestamp: { enum: ['received', 'sent'] },
    clock: { anyOf: [{ type: 'boolean' }, { type: 'number', exclusiveMinimum: 0 }] },
    host: { type: 'string' },
  },
};
export const recordEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: { path: { type: 'string' }, topics: stringList, compression: { enum: ['none', 'zstd', 'lz4'] }, host: { type: 'string' } },
};

export const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    workspace: { type: 'string' },
    launch: {
      type: 'object',
      additionalProperties: false,
      required: ['file'],
      properties: {
        file: { type: 'string', minLength: 1 },
        package: { type: 'string', minLength: 1 },
        arguments: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
      },
    },
    skip: stringList,
    events: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['on', 'do'],
        properties: {
          on: {
            anyOf: [
              { enum: ['start', 'shutdown'] },
              { type: 'object', additionalProperties: false, required: ['started'], properties: { started: { type: 'string', minLength: 1 } } },
              { type: 'object', additionalProperties: false, required: ['exited'], properties: { exited: { type: 'string', minLength: 1 } } },
              { type: 'object', additionalProperties: false, required: ['stdout'], properties: { stdout: { type: 'string', minLength: 1 } } },
              { type: 'object', additionalProperties: false, required: ['stderr'], properties: { stderr: { type: 'string', minLength: 1 } } },
              {
                type: 'object',
                additionalProperties: false,
                required: ['transition'],
                properties: {
                  transition: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['node'],
                    properties: { node: { type: 'string', minLength: 1 }, from: { type: 'string' }, to: { type: 'string' } },
                  },
                },
              },
            ],
          },
          origin: { type: 'string' },
          // Each action is read by jobEvents.ts, which names what is wrong in it.
          do: { type: 'array', items: { type: 'object' } },
        },
      },
    },
    seed: { type: 'integer' },
    zero_copy: { type: 'boolean' },
    strict_messages: { type: 'boolean' },
    python: { type: 'string' },
    sleeps: { enum: ['sim-time', 'none'] },
    start: duration,
    end: {
      type: 'object',
      additionalProperties: false,
      properties: {
        after: duration,
        idle: { type: 'boolean' },
        when: {
          type: 'object',
          additionalProperties: false,
          required: ['topic'],
          properties: { topic: { type: 'string' }, field: { type: 'string' }, equals: {} },
        },
      },
    },
    parameters: { type: 'object' },
    params_files: { type: 'array', items: { type: 'string' } },
    remap: stringMap,
    delays: {
      type: 'object',
      additionalProperties: {
        anyOf: [duration, { type: 'object', additionalProperties: false, required: ['min', 'max'], properties: { min: duration, max: duration } }],
      },
    },
    delays_csv: { type: 'string' },
    interfaces: {
      type: 'array',
      items: {
        anyOf: [
          { type: 'string' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['path'],
            properties: { path: { type: 'string' }, package: { type: 'string' } },
          },
        ],
      },
    },
    // Each entry (a mapping, or every item of a list) is checked on its own: see ENTRY_SCHEMAS.
    network: networkSchema,
    world: worldSchema,
    report: {
      type: 'object',
      additionalProperties: false,
      properties: { world: { type: 'object', additionalProperties: false, properties: { scans_at: { type: 'array', items: duration } } } },
    },
    faults: { type: 'array', items: faultSchema },
    swarm: { type: 'boolean' },
    checks: { type: 'array', items: checkSchema },
    chains: {
      type: 'array',
      items: {
        anyOf: [
          { type: 'array', minItems: 2, items: { type: 'string' } },
          {
            type: 'object',
            additionalProperties: false,
            required: ['topics'],
            properties: { name: { type: 'string', minLength: 1 }, topics: { type: 'array', minItems: 2, items: { type: 'string' } } },
          },
        ],
      },
    },
    execution_times: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['time'],
        properties: {
          ...entityMatch,
          time: timeModelSchema,
        },
      },
    },
    executors: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'nodes'],
        properties: {
          name: { type: 'string', minLength: 1 },
          type: { enum: ['events', 'single_threaded', 'multi_threaded', 'rclc'] },
          nodes: { type: 'array', items: { type: 'string', minLength: 1 } },
          order: { enum: ['creation', 'seeded'] },
          threads: { type: 'integer', minimum: 1, maximum: 1024 },
          groups: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'type'],
              properties: { name: { type: 'string', minLength: 1 }, type: { enum: ['reentrant', 'mutually_exclusive'] }, ...entityMatch },
            },
          },
          handles: { type: 'array', items: { type: 'object', additionalProperties: false, properties: entityMatch } },
          trigger: {
            anyOf: [
              { enum: ['any', 'all', 'always'] },
              { type: 'object', additionalProperties: false, required: ['one'], properties: { one: { type: 'string', minLength: 1 } } },
            ],
          },
          semantics: { enum: ['rclcpp_executor', 'let'] },
          period: duration,
          timeout: duration,
        },
      },
    },
    play: { type: ['object', 'array'] },
    record: { type: ['object', 'array'] },
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          script: { type: 'string' },
          module: { type: 'string' },
          export: { type: 'string' },
          args: { type: 'array', items: { type: ['string', 'number', 'boolean'] } },
          name: { type: 'string' },
          namespace: { type: 'string' },
          parameters: { type: 'object' },
          remap: stringMap,
          process: { enum: ['in-process', 'separate'] },
          on_exit: { enum: ['fail', 'continue', 'respawn'] },
          respawn_delay: { type: ['string', 'number'] },
          respawn_max_retries: { type: 'integer' },
          python: { type: 'string' },
          sleeps: { enum: ['sim-time', 'none'] },
          package: { type: 'string', minLength: 1 },
          executable: { type: 'string', minLength: 1 },
          component: { type: 'string', minLength: 1 },
          container: { type: 'string', minLength: 1 },
          // ros2 component load's -e, launch_ros' extra_arguments: what rclcpp_components' container reads.
          extra_arguments: {
            type: 'object',
            additionalProperties: false,
            properties: { use_intra_process_comms: { type: 'boolean' }, forward_global_arguments: { type: 'boolean' } },
          },
          id: { type: 'string', minLength: 1 },
          origin: { type: 'string', minLength: 1 },
          start_after: { anyOf: [{ const: 'event' }, duration] },
          // A mapping names which: a plain string could be a path, as every other file field's, or the text.
          stdin: {
            type: 'object',
            additionalProperties: false,
            minProperties: 1,
            maxProperties: 1,
            properties: { file: { type: 'string', minLength: 1 }, text: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;

/** The schemas of one `play`/`record` entry, each checked on its own. */
export const ENTRY_SCHEMAS = { play: playEntry, record: recordEntry } as const;
