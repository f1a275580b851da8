import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { VIRTUAL_CPUS } from '../../src/base/virtualCpus.js';
import { cliPath, needs, repoRoot, tempDir } from '../support/helpers.js';
import { cppClientBuilt } from '../support/sharedBuilds.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

/** test/fixtures/cpp/cpu_count.cpp run with `rclsim exec`, under `taskset -c <cpus>` when given: its lines. */
function counts(cpus?: string): string[] {
  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/cpu_count.cpp'), join(dir, 'cpu_count.cpp'));
  const command = [process.execPath, cliPath, 'exec', 'cpu_count.cpp'];
  const [file, ...args] = cpus === undefined ? command : ['taskset', '-c', cpus, ...command];
  const run = spawnSync(file!, args, { cwd: dir, encoding: 'utf8', timeout: BUILD_MS, env: { ...process.env, LDLIBS: '-ltbb -lgomp' } });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trimEnd().split('\n');
}

describe('the CPU count a C++ program sees', needs('C++ toolchain'), () => {
  before(() => cppClientBuilt());

  it('is the virtual one in every call a program or a library asks (libc, libstdc++, oneTBB, OpenMP), with all CPUs or one', needs('oneTBB'), () => {
    const expected = [
      `sysconf(_SC_NPROCESSORS_ONLN) ${VIRTUAL_CPUS}`,
      `sysconf(_SC_NPROCESSORS_CONF) ${VIRTUAL_CPUS}`,
      `get_nprocs ${VIRTUAL_CPUS}`,
      `get_nprocs_conf ${VIRTUAL_CPUS}`,
      `sched_getaffinity ${VIRTUAL_CPUS}`,
      `pthread_getaffinity_np ${VIRTUAL_CPUS}`,
      `std::thread::hardware_concurrency ${VIRTUAL_CPUS}`,
      `omp_get_num_procs ${VIRTUAL_CPUS}`,
      `omp_get_max_threads ${VIRTUAL_CPUS}`,
      `tbb::info::default_concurrency ${VIRTUAL_CPUS}`,
      `tbb::this_task_arena::max_concurrency ${VIRTUAL_CPUS}`,
      // Setting a mask of virtual CPUs the machine may not have succeeds.
      'sched_setaffinity to the last CPU 0',
    ];
    assert.deepEqual(counts(), expected);
    assert.deepEqual(counts('0'), expected);
  });
});
