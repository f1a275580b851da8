// Generated from proto/node.proto by scripts/nodeProtoTypes.mjs (npm run build): do not edit.
// The in-process link's hot messages in their fixed layout (scripts/fixedLayout.mjs says how it is laid out).
import type { FixedLayout } from './fixedCodec.js';

/** Where a body's fields start: after its mark (0) and its member's number. */
export const FIXED_HEAD = 2;

export const FIXED_LAYOUTS: readonly FixedLayout[] = [
  {
    envelope: 'ToClient',
    member: 'run',
    number: 6,
    fixedBytes: 115,
    fields: [
      { name: 'run', kind: 'uint64', offset: 2 },
      { name: 'thread', kind: 'uint32', offset: 10 },
      { name: 'kind', kind: 'enum', offset: 14 },
      { name: 'entity', kind: 'uint64', offset: 18 },
      { name: 'nowNs', kind: 'int64', offset: 26 },
      { name: 'input', kind: 'bytes', offset: 34 },
      { name: 'sourceTimestampNs', kind: 'int64', offset: 38 },
      { name: 'receivedTimestampNs', kind: 'int64', offset: 46 },
      { name: 'publisherGid', kind: 'bytes', offset: 54 },
      { name: 'request', kind: 'uint64', offset: 58 },
      { name: 'sequence', kind: 'int64', offset: 66 },
      { name: 'expectedCallNs', kind: 'int64', offset: 74 },
      { name: 'publicationSequence', kind: 'int64', offset: 82 },
      { name: 'receptionSequence', kind: 'int64', offset: 90 },
      { name: 'timedOut', kind: 'bool', offset: 98 },
      { name: 'parameterHook', kind: 'enum', offset: 99 },
      { name: 'readPolls', kind: 'uint32', offset: 103 },
      { name: 'executionNs', kind: 'int64', offset: 107 },
    ],
  },
  {
    envelope: 'ToSimulation',
    member: 'publish',
    number: 5,
    fixedBytes: 14,
    fields: [
      { name: 'publisher', kind: 'uint64', offset: 2 },
      { name: 'cdr', kind: 'bytes', offset: 10 },
    ],
  },
  {
    envelope: 'ToSimulation',
    member: 'done',
    number: 15,
    fixedBytes: 61,
    fields: [
      { name: 'run', kind: 'uint64', offset: 2 },
      { name: 'error', kind: 'string', offset: 10 },
      { name: 'pending', kind: 'bool', offset: 14 },
      { name: 'loadFailed', kind: 'bool', offset: 15 },
      { name: 'result', kind: 'bytes', offset: 16 },
      { name: 'wroteOutput', kind: 'bool', offset: 20 },
      { name: 'inputError', kind: 'string', offset: 21 },
      { name: 'failedKind', kind: 'enum', offset: 25 },
      { name: 'failedEntity', kind: 'uint64', offset: 29 },
      { name: 'failedAtNs', kind: 'int64', offset: 37 },
      { name: 'failedLabel', kind: 'string', offset: 45 },
      { name: 'exitCodeSet', kind: 'bool', offset: 49 },
      { name: 'exitCode', kind: 'int64', offset: 50 },
      { name: 'failed', kind: 'bool', offset: 58 },
      { name: 'moreTasks', kind: 'bool', offset: 59 },
      { name: 'woke', kind: 'bool', offset: 60 },
    ],
  },
];
