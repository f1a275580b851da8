import assert from 'node:assert/strict';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';
import { linesOf, messageFiltersJob, SYNCHRONIZED_PAIRS } from '../support/messageFiltersScenario.js';

// The first program builds rclsim's C++ client into the cache (a minute or more on 2 shared vCPUs).
const BUILD_MS = 900_000;

describe('C++ message_filters: Subscriber, Cache, Chain, Synchronizer policies', needs('C++ toolchain'), () => {
  it('pairs the stamped streams as the Python filters do, and answers Cache queries as upstream C++', needs('python3'), () => {
    const { dir, job } = messageFiltersJob('sync_listener.cpp');
    const result = runCli(['run', job], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    // The same pairs at the same sim times as Python's: ExactTime through a Chain, ApproximateTime
    // through a Cache given the streams' lower bounds and a maximum interval below the slop.
    assert.deepEqual(linesOf(result.stdout, ['exact', 'approx']), SYNCHRONIZED_PAIRS);
    // Left as constructed, ApproximateTime pairs every /b (the first with the /a before it, the
    // /b of 0 ms dropped for a better set), each once a later message proves it best.
    assert.deepEqual(linesOf(result.stdout, ['unbounded']), [
      'unbounded 100 160 at 170000000',
      'unbounded 300 300 at 320000000',
      'unbounded 500 460 at 500000000',
      'unbounded 600 600 at 620000000',
      'unbounded 800 760 at 800000000',
      'unbounded 900 900 at 920000000',
      'unbounded 1100 1060 at 1100000000',
      'unbounded 1200 1200 at 1220000000',
    ]);
    // The C++ Cache's element queries are strict, unlike Python's.
    assert.deepEqual(linesOf(result.stdout, ['topic', 'interval', 'surrounding', 'after', 'latest']), [
      'topic a /b',
      'interval 650..900: 800 900',
      'surrounding 850..1050: 800 900 1000 1100',
      'after 800: 900 before 800: none',
      'after 1200: none before 801: 800',
      'latest 1200 oldest 800',
    ]);
  });

  it('builds a package finding message_filters (ament_target_dependencies) with rclsim build', needs('python3'), () => {
    const dir = tempDir();
    const pkg = join(dir, 'src/message_filters_demo');
    cpSync(join(repoRoot, 'test/fixtures/message_filters/message_filters_demo'), pkg, { recursive: true });
    mkdirSync(join(pkg, 'src'));
    cpSync(join(repoRoot, 'test/fixtures/message_filters/sync_listener.cpp'), join(pkg, 'src/sync_listener.cpp'));
    cpSync(join(repoRoot, 'test/fixtures/message_filters/stamped_publishers.py'), join(dir, 'stamped_publishers.py'));
    const build = runCli(['build'], dir, BUILD_MS);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    const job = writeTemp(
      dir,
      'job.yaml',
      'end: { after: 1.3s }\nnodes:\n  - script: stamped_publishers.py\n  - { package: message_filters_demo, executable: sync_listener }\n',
    );
    const result = runCli(['run', job], dir, BUILD_MS);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(linesOf(result.stdout, ['exact', 'approx']), SYNCHRONIZED_PAIRS);
  });
});
