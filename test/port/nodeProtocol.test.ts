import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { wallClock } from '../../src/base/realTime.js';
import type { Outgoing, ToClient } from '../../src/port/wire/nodeMessages.js';
import { ProgramSocket } from '../../src/port/wire/ProgramSocket.js';
import { repoRoot, tempDir } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/nodeProtocol');
const programMain = join(repoRoot, 'dist/src/program/programMain.js');

interface Conversation {
  program: string;
  steps: ({ send: Outgoing<ToClient> } | { expect: unknown })[];
}

/** Whether `actual` has every field `expected` names, with its value ("<any>": any value; { hex }: bytes; numbers match bigints). */
function mismatch(actual: unknown, expected: unknown, path: string): string | null {
  if (expected === '<any>') return null;
  if (expected !== null && typeof expected === 'object' && 'hex' in expected) {
    const hex = actual instanceof Uint8Array ? Buffer.from(actual).toString('hex') : String(actual);
    return hex === (expected as { hex: string }).hex ? null : `${path}: ${hex}, expected ${(expected as { hex: string }).hex}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${path}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
    for (let i = 0; i < expected.length; i++) {
      const problem = mismatch(actual[i], expected[i], `${path}[${i}]`);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return `${path}: missing`;
    for (const [key, value] of Object.entries(expected)) {
      const problem = mismatch((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
      if (problem !== null) return problem;
    }
    return null;
  }
  return String(actual) === String(expected) ? null : `${path}: ${String(actual)}, expected ${String(expected)}`;
}

describe('the node protocol: a client driven through a recorded conversation', () => {
  for (const recording of ['talker.conversation.json', 'waiter.conversation.json'])
    it(`the rclnodejs client says what ${recording} says, in its order, and ends when the simulation does`, async () => {
      const conversation = JSON.parse(readFileSync(join(fixtures, recording), 'utf8')) as Conversation;
      const dir = tempDir();
      copyFileSync(join(fixtures, conversation.program), join(dir, conversation.program));
      const socket = ProgramSocket.spawn({
        name: conversation.program,
        command: process.execPath,
        args: [programMain, join(dir, conversation.program)],
        cwd: dir,
      });
      try {
        for (const [i, step] of conversation.steps.entries()) {
          if ('send' in step) {
            socket.send(step.send);
            continue;
          }
          const received = socket.receive(wallClock() + 20_000);
          const problem = mismatch(received, step.expect, 'message');
          assert.equal(
            problem,
            null,
            `step ${i}: ${problem}\nreceived ${JSON.stringify(received, (_key, value) => (typeof value === 'bigint' ? `${value}` : value))}`,
          );
        }
        socket.close();
        // Its simulation gone, the client ends with its process group (ProgramSocket.close).
        assert.deepEqual(await socket.exited, { kind: 'signal', signal: 'SIGKILL' });
      } finally {
        socket.kill();
      }
    });

  it('refuses a script that expects what the client does not say', () => {
    assert.notEqual(mismatch({ ask: 2, create: { kind: 'NODE', name: 'talker' } }, { create: { name: 'listener' } }, 'message'), null);
    assert.notEqual(mismatch({ cdr: Buffer.from([1]) }, { cdr: { hex: '02' } }, 'message'), null);
    assert.equal(mismatch({ nowNs: 5n, argv: ['a'] }, { nowNs: 5, argv: '<any>' }, 'message'), null);
  });
});
