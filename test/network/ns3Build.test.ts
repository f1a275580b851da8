import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, tempDir } from '../support/helpers.js';

/** A copy of adapters/ns3 and the .proto it compiles, laid out as in the repository: its build.sh as users run it. */
function adapterCopy(): string {
  const root = tempDir();
  cpSync(join(repoRoot, 'adapters/ns3'), join(root, 'adapters/ns3'), { recursive: true, filter: (path) => !path.endsWith('/build') });
  mkdirSync(join(root, 'proto'));
  cpSync(join(repoRoot, 'proto/netsim.proto'), join(root, 'proto/netsim.proto'));
  return join(root, 'adapters/ns3');
}

interface Build {
  status: number | null;
  stdout: string;
  stderr: string;
}

function build(script: string): Promise<Build> {
  return new Promise((resolve) => {
    const child = spawn(script);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** What starting the adapter without arguments does: its usage line, once it is whole. */
function started(adapter: string): string {
  const result = spawnSync(adapter, [], { encoding: 'utf8' });
  if (result.error !== undefined) return `${(result.error as NodeJS.ErrnoException).code}`;
  return `exit ${result.status ?? result.signal}: ${result.stderr.trim()}`;
}

const USAGE = 'exit 1: rclsim-ns3: usage: rclsim-ns3 SOCKET_PATH | rclsim-ns3 --listen SOCKET_PATH';

describe('adapters/ns3/build.sh', needs('ns-3'), () => {
  it('run twice at once builds the adapter once, and what finds it there finds it whole; run again, builds nothing', async () => {
    const folder = adapterCopy();
    const adapter = join(folder, 'build/rclsim-ns3');
    const script = join(folder, 'build.sh');
    // Several test files (and users' two rclsim processes) start the adapter as soon as it exists.
    const seen = new Set<string>();
    const watch = setInterval(() => {
      if (existsSync(adapter)) seen.add(started(adapter));
    }, 5);
    const builds = await Promise.all([build(script), build(script)]);
    clearInterval(watch);
    seen.add(started(adapter));
    for (const { status, stdout, stderr } of builds) {
      assert.equal(status, 0, stderr);
      assert.equal(stdout, `${adapter}\n`);
    }
    assert.deepEqual([...seen], [USAGE], 'every start of the adapter found it whole');
    assert.equal(builds.filter(({ stderr }) => stderr.includes('building')).length, 1, 'one of the two built it');
    const again = await build(script);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stderr, '', 'up to date: nothing built');
    assert.equal(started(adapter), USAGE);
  });
});
