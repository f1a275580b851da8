import assert from 'node:assert/strict';
import type { ProgramSocket } from '../../src/port/wire/ProgramSocket.js';

/** A Run's input larger than the socket's buffers hold each way, and four times a shared-memory ring. */
export const BIG_RUN_BYTES = 4 * 1024 * 1024;

/**
 * Sends Run 1 for entity 9 with a BIG_RUN_BYTES input (counting 32-bit words, so a misplaced piece
 * shows) to a client that publishes each Run's input back (an echo), checks that publisher 9
 * published the same bytes, and returns the Done that follows for the caller to check.
 */
export function echoedBigRun(socket: ProgramSocket, deadline: number): ReturnType<ProgramSocket['receive']>['done'] {
  const input = Buffer.alloc(BIG_RUN_BYTES);
  for (let i = 0; i < input.length; i += 4) input.writeUInt32LE(i, i);
  socket.send({ run: { run: 1, entity: 9, input } }, deadline);
  const published = socket.receive(deadline).publish!;
  assert.equal(published.publisher, 9);
  assert.ok(input.equals(published.cdr), 'the 4 MB came back as they went');
  return socket.receive(deadline).done;
}
