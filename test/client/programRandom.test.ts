import assert from 'node:assert/strict';
import os, { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { realAvailableParallelism } from '../../src/base/realTime.js';
import { defineJob, type JobHandle } from '../../src/job/JobHandle.js';
import { parseJobFile } from '../../src/job/jobFile.js';
import { startProgram } from '../../src/job/programs.js';
import { runJob } from '../../src/job/runJob.js';
import { LogOutput } from '../../src/ros/LogOutput.js';
import { repoRoot } from '../support/helpers.js';

const fixtures = join(repoRoot, 'test/fixtures/programRandom');

/** What each node logged in a run, by node name. */
type Logs = Record<string, string[]>;

function collecting(logs: Logs): LogOutput {
  return new LogOutput((record) => {
    logs[record.name] ??= [];
    logs[record.name]!.push(record.message);
  });
}

/** Runs a job file of these programs (in test/fixtures/programRandom) with `seed`. */
async function runPrograms(programs: string[], seed: number): Promise<Logs> {
  const text = `name: draws\nseed: ${seed}\nnodes:\n${programs.map((program) => `  - script: ${program}\n`).join('')}`;
  const logs: Logs = {};
  await runJob(parseJobFile(text, join(fixtures, 'job.yaml')), { logOutput: collecting(logs) });
  return logs;
}

/** Runs a job module's `setup` with seed 7. */
async function runSetup(setup: (job: JobHandle) => Promise<void>): Promise<Logs> {
  const logs: Logs = {};
  await runJob(defineJob({ name: 'draws', seed: 7, setup }), { logOutput: collecting(logs) });
  return logs;
}

describe("each program's own random streams", () => {
  it('gives two programs in one job the draws each gets alone, in either order', async () => {
    const both = await runPrograms(['a.cjs', 'b.cjs'], 7);
    const reversed = await runPrograms(['b.cjs', 'a.cjs'], 7);
    const a = await runPrograms(['a.cjs'], 7);
    const b = await runPrograms(['b.cjs'], 7);
    // Top-level code, a promise continuation, a timer callback; both timers fire at 100 ms.
    assert.deepEqual(
      a.a?.map((line) => line.split(' ')[0]),
      ['top-level', 'continuation', 'timer'],
    );
    assert.deepEqual(both.a, a.a);
    assert.deepEqual(both.b, b.b, 'a program added before b does not shift its draws');
    assert.deepEqual(reversed, both);
    assert.notDeepEqual(a.a, b.b, 'two programs draw from streams of their own');
  });

  it('draws differently with another seed', async () => {
    const seven = await runPrograms(['a.cjs'], 7);
    const eight = await runPrograms(['a.cjs'], 8);
    const words = (logs: Logs): string[] => logs.a!.flatMap((line) => line.split(' ').slice(1));
    assert.equal(words(seven).length, 3 * 5);
    assert.ok(
      words(seven).every((word, i) => word !== words(eight)[i]),
      'every draw differs',
    );
  });

  it("gives the job's own code a stream of its own, which a program started by it does not shift", async () => {
    const jobDraws = async (withProgram: boolean): Promise<{ draws: unknown[]; logs: Logs }> => {
      const draws: unknown[] = [];
      const logs = await runSetup(async (job) => {
        draws.push(Math.random(), crypto.randomUUID());
        if (withProgram) await startProgram(job.simulation, join(fixtures, 'a.cjs'));
        draws.push(Math.random(), crypto.randomUUID());
      });
      return { draws, logs };
    };
    const alone = await jobDraws(false);
    const withProgram = await jobDraws(true);
    assert.deepEqual(withProgram.draws, alone.draws);
    const a = await runPrograms(['a.cjs'], 7);
    assert.deepEqual(withProgram.logs.a, a.a, "the program's draws do not depend on the job's");
    const [jobRandom, jobUuid] = alone.draws;
    assert.ok(!a.a!.some((line) => line.includes(String(jobRandom)) || line.includes(String(jobUuid))));
  });
});

describe('the machine programs see', () => {
  it('has 4 CPUs during a run, through require and import of node:os, and the real ones before and after', async () => {
    const originals = [availableParallelism, cpus, os.availableParallelism, os.cpus];
    const real = [availableParallelism(), cpus().length];
    let seenByRclsim = 0;
    const logs = await runSetup(async (job) => {
      seenByRclsim = realAvailableParallelism();
      await startProgram(job.simulation, join(fixtures, 'cpus.cjs'));
      await startProgram(job.simulation, join(fixtures, 'cpus.mjs'));
    });
    assert.deepEqual(logs.cjs, ['4 4 rclsim virtual CPU']);
    assert.deepEqual(logs.esm, ['4 4 rclsim virtual CPU 4']);
    assert.equal(seenByRclsim, real[0], "rclsim's own code reads the machine's count");
    assert.deepEqual([availableParallelism, cpus, os.availableParallelism, os.cpus], originals);
    assert.deepEqual([availableParallelism(), cpus().length], real);
  });

  it('has navigator.hardwareConcurrency 4 during a run, and the real one after', async () => {
    // Node.js 20 has no navigator: a stand-in with Node.js 21's shape, a getter of its prototype.
    const own = !('navigator' in globalThis);
    if (own) {
      class Navigator {
        get hardwareConcurrency(): number {
          return availableParallelism();
        }
      }
      Object.assign(globalThis, { navigator: new Navigator() });
    }
    const navigator = (globalThis as unknown as { navigator: { hardwareConcurrency: number } }).navigator;
    const real = navigator.hardwareConcurrency;
    let seen = 0;
    try {
      await runSetup(async () => {
        seen = navigator.hardwareConcurrency;
      });
    } finally {
      if (own) Reflect.deleteProperty(globalThis, 'navigator');
    }
    assert.deepEqual([seen, navigator.hardwareConcurrency], [4, real]);
  });
});
