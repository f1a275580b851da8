/**
 * ros2 commands over a live view (`rclsim ros2 …` against a run started with --foxglove): the
 * Foxglove WebSocket protocol's own means, so any client of it could use them. A client calls
 * the service COMMAND_SERVICE (JSON request and response) with the words after `ros2`; the answer
 * is the command's number, or why it cannot run. What the command prints, and its end, come on
 * the channel OUTPUT_TOPIC (JSON), each naming the command's number: a client subscribes to it
 * before it calls. A client that goes away ends its commands, as Ctrl-C ends ros2cli's process.
 */
export const COMMAND_SERVICE = '/rclsim/ros2';
export const OUTPUT_TOPIC = '/rclsim/ros2/output';

export interface CommandRequest {
  words: string[];
}

export type CommandResponse = { command: number } | { error: string };

export type CommandOutput = { command: number; stream: 'stdout' | 'stderr'; text: string } | { command: number; code: number };

/** The service's and the channel's JSON schemas (`jsonschema`), as Foxglove clients show them. */
export const REQUEST_SCHEMA = JSON.stringify({
  type: 'object',
  properties: { words: { type: 'array', items: { type: 'string' } } },
  required: ['words'],
});
export const RESPONSE_SCHEMA = JSON.stringify({
  type: 'object',
  properties: { command: { type: 'integer' }, error: { type: 'string' } },
});
export const OUTPUT_SCHEMA = JSON.stringify({
  type: 'object',
  properties: { command: { type: 'integer' }, stream: { enum: ['stdout', 'stderr'] }, text: { type: 'string' }, code: { type: 'integer' } },
  required: ['command'],
});

/** A JSON payload's bytes. */
export function jsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

/** A JSON payload read (a malformed one throws). */
export function readJson(data: ArrayBufferView): unknown {
  // byte order: UTF-8 text, read byte by byte.
  return JSON.parse(new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
}
