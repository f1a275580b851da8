import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, runCli, tempDir, writeTemp } from '../support/helpers.js';

// A component in TypeScript outside any project: no package.json says "type": "module", so tsx
// compiles it to CommonJS, in the run's thread (in-process) or the program's (separate), and
// caches what it compiled under the temporary folder.
const COMPONENT = `import { reachable } from 'rclsim';
import * as rclnodejs from 'rclsim/rclnodejs';

export const ticker = () => {
  const node = new rclnodejs.Node('ticker');
  const pub = node.createPublisher('std_msgs/msg/Int32', 'ticks');
  let count = 0;
  node.createTimer(100_000_000n, () => {
    reachable('a tick');
    pub.publish({ data: count++ });
  });
  return node;
};
`;

/** A folder outside the project with the component and a job running it `process`, and an empty folder for the caches. */
function project(process: string): { dir: string; caches: string } {
  const dir = tempDir();
  writeTemp(dir, 'ticker.ts', COMPONENT);
  writeTemp(dir, 'job.yaml', `nodes:\n  - { module: ticker.ts, export: ticker, process: ${process} }\nend: { after: 1s }\n`);
  const caches = join(dir, 'tmp');
  mkdirSync(caches);
  return { dir, caches };
}

/** The run's callbacks and fingerprint, with tsx's cache under `caches` (its TMPDIR). */
function run(dir: string, caches: string): { callbacks: unknown; fingerprint: unknown } {
  const result = runCli(['run', 'job.yaml', '--json'], dir, undefined, { TMPDIR: caches });
  assert.equal(result.status, 0, result.stderr);
  const { callbacks, fingerprint } = lastJsonLine(result.stdout);
  return { callbacks, fingerprint };
}

describe('TypeScript components outside a project (tsx compiles them to CommonJS)', () => {
  it('finds their exports, and the rclsim they import, in-process as in a process of their own: the same run', () => {
    const [inProcess, separate] = ['in-process', 'separate'].map((process) => {
      const { dir, caches } = project(process);
      return run(dir, caches);
    });
    // Ten ticks; the same run either way (docs/design.md#seams: in-process and separate differ in transport alone).
    assert.deepEqual(inProcess, { callbacks: 10, fingerprint: '6d3ccf808912ddf8' });
    assert.deepEqual(separate, inProcess);
  });

  for (const process of ['in-process', 'separate']) {
    it(`run the same with tsx's cache cold and warm: what loads them stays out of the run (${process})`, () => {
      const { dir, caches } = project(process);
      const cold = run(dir, caches);
      const warm = run(dir, caches);
      // No callback of tsx's own (its cache's clean-up, scheduled as it first writes) in the program.
      assert.deepEqual(cold, warm);
      assert.deepEqual(warm, { callbacks: 10, fingerprint: '6d3ccf808912ddf8' });
    });
  }
});
