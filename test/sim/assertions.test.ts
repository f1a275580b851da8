import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { defineJob } from '../../src/job/JobHandle.js';
import { type ProgramProcess, startProgram } from '../../src/job/programs.js';
import { runJob } from '../../src/job/runJob.js';
import type { AssertionRecord } from '../../src/sim/Assertions.js';
import { MS, needs, repoRoot, tempDir } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/assertions');

/** The assertions a run of one program (in `dir`, test/fixtures/assertions unless told) recorded, and when it started. */
async function assertionsOf(
  program: string,
  running: ProgramProcess = 'in-process',
  dir = fixtures,
): Promise<{ records: readonly AssertionRecord[]; start: bigint }> {
  let result: { records: readonly AssertionRecord[]; start: bigint } | undefined;
  const summary = await runJob(
    defineJob({
      name: 'assertions',
      endAfter: 350n * MS,
      async setup(job) {
        await startProgram(job.simulation, join(dir, program), [], undefined, program, { running });
        job.onEnd(() => {
          result = { records: job.simulation.assertions.records, start: job.startTime };
        });
      },
    }),
  );
  // Not exitCode: a failed assertion fails the run (issue 43), without ending it early.
  assert.equal(summary.endReason, 'end-time');
  return result!;
}

/** What asserter.mjs and asserter.py assert in 350 ms (three ticks of their timer), by message in first-reached order. */
function expected(start: bigint): AssertionRecord[] {
  const callback = 'timer 0 of node /asserter';
  const passed = (kind: AssertionRecord['kind'], message: string, hits: number, satisfied: number): AssertionRecord => ({
    message,
    kind,
    hits,
    satisfied,
    failure: null,
  });
  return [
    passed('always', 'a message that is no string throws a TypeError', 1, 1),
    passed('always', 'details that are no object throw a TypeError', 1, 1),
    passed('reachable', 'the timer fires', 3, 3),
    { message: 'fewer than three ticks', kind: 'always', hits: 3, satisfied: 2, failure: { time: start + 300n * MS, details: '{"count":3}', callback } },
    passed('sometimes', 'a second tick', 3, 1),
    passed('sometimes', 'a sixth tick', 3, 0),
    {
      message: 'a third tick',
      kind: 'unreachable',
      hits: 1,
      satisfied: 0,
      failure: { time: start + 300n * MS, details: '{"count":3,"seen":[1,2,3]}', callback },
    },
  ];
}

describe("assertions from node code (always, sometimes, reachable, unreachable from 'rclsim')", () => {
  it('records what a JavaScript program asserts, in-process and separate alike, and refuses a message or details of the wrong type with a TypeError', async () => {
    const inProcess = await assertionsOf('asserter.mjs');
    assert.deepEqual(inProcess.records, expected(inProcess.start));
    assert.deepEqual((await assertionsOf('asserter.mjs', 'separate')).records, inProcess.records);
  });

  it("loads 'rclsim' wherever 'rclnodejs' loads: a program outside any rclsim project, in-process and separate", async () => {
    const outside = tempDir();
    copyFileSync(join(fixtures, 'asserter.mjs'), join(outside, 'asserter.mjs'));
    const inProcess = await assertionsOf('asserter.mjs', 'in-process', outside);
    assert.deepEqual(inProcess.records, expected(inProcess.start));
    assert.deepEqual((await assertionsOf('asserter.mjs', 'separate', outside)).records, inProcess.records);
  });

  it("records what a Python program asserts with rclsim's always, sometimes, reachable and unreachable", needs('python3'), async () => {
    const { records, start } = await assertionsOf('asserter.py');
    assert.deepEqual(records, expected(start));
  });
});
