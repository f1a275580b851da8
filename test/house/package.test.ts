import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { needs, repoRoot, tempDir } from '../support/helpers.js';

const FIXTURE = join(repoRoot, 'test/fixtures/package');

interface Npx {
  status: number | null;
  stdout: string;
  stderr: string;
}

describe('the packed package, installed into a new project', () => {
  const project = tempDir();

  before(() => {
    // `npm test` has just built dist/; packing must not build again under the running tests.
    const packed = tempDir();
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', packed], { cwd: repoRoot, stdio: 'ignore' });
    const tarball = join(packed, readdirSync(packed).find((file) => file.endsWith('.tgz'))!);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-robot', version: '1.0.0', private: true }));
    // From npm's cache (npm ci filled it). Install scripts are left out: the one the package needs is
    // better-sqlite3's native build, for sqlite3 bags, which these programs do not read.
    execFileSync('npm', ['install', '--save-dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], {
      cwd: project,
      stdio: 'ignore',
    });
    cpSync(FIXTURE, project, { recursive: true });
    // The same text as another kind of module: where Node and tsx decide by file name and package.json.
    copyFileSync(join(project, 'talker.mts'), join(project, 'esm/talker.ts'));
    copyFileSync(join(project, 'talker.mts'), join(project, 'talker-await.ts'));
    copyFileSync(join(project, 'job.mts'), join(project, 'job.ts'));
  });

  function npx(...args: string[]): Npx {
    const result = spawnSync('npx', ['--no-install', 'rclsim', ...args], { cwd: project, encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('prints its version with --version and -V', () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const result = npx(flag);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stdout, `${version}\n`);
    }
  });

  it('runs the same talker as CommonJS, an ES module, TypeScript, and with top-level await as .mts or .ts in a "type": "module" package: the same messages at the same times', () => {
    const chatter = new Set<string>();
    for (const program of ['talker.js', 'talker.mjs', 'talker.ts', 'talker.mts', 'esm/talker.ts']) {
      const trace = join(project, `${program.replace('/', '-')}.trace`);
      const result = npx('exec', program, '--trace', trace);
      assert.equal(result.status, 0, `${program}: ${result.stderr}`);
      const logs = result.stderr.split('\n').filter((line) => line.startsWith('[INFO]'));
      assert.deepEqual(
        logs,
        ['[INFO] [0.100000000] [talker]: sent 0', '[INFO] [0.200000000] [talker]: sent 1', '[INFO] [0.300000000] [talker]: sent 2'],
        program,
      );
      // Sim time and content digest of each publish (/rosout records differ: they name the file).
      const published = readFileSync(trace, 'utf8')
        .split('\n')
        .filter((line) => line.includes('\t/chatter\t'));
      assert.equal(published.length, 3, program);
      chatter.add(
        published
          .map((line) => {
            const fields = line.split('\t');
            return `${fields[0]} ${fields[5]}`;
          })
          .join(', '),
      );
    }
    assert.equal(chatter.size, 1, [...chatter].join('\n'));
  });

  it('runs an rclpy program with the Python client the package ships', needs('python3'), () => {
    copyFileSync(join(repoRoot, 'examples/python/talker.py'), join(project, 'talker.py'));
    const result = npx('exec', 'talker.py', '--until', '1s');
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(
      result.stderr.split('\n').filter((line) => line.startsWith('[INFO]')),
      ['[INFO] [0.500000000] [talker]: Publishing: "Hello World: 0"', '[INFO] [1.000000000] [talker]: Publishing: "Hello World: 1"'],
    );
  });

  it('refuses a .ts program with top-level await in a CommonJS package with one line naming the place and the fix (exit 2)', () => {
    const result = npx('exec', 'talker-await.ts');
    assert.equal(result.status, 2, result.stderr);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('rclsim:'));
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0]!, /talker-await\.ts:3:0: Top-level await is currently not supported with the "cjs" output format/);
    assert.match(lines[0]!, /rename it to \.mts or set "type": "module" in package\.json/);
  });

  it('runs a job module written as .mts, and refuses a .ts one in a CommonJS package naming the fix (exit 2)', () => {
    const job = npx('run', 'job.mts', '--json');
    assert.equal(job.status, 0, job.stderr);
    assert.match(job.stdout, /"endReason":"finished"/);
    const commonJs = npx('run', 'job.ts');
    assert.equal(commonJs.status, 2, commonJs.stderr);
    assert.match(
      commonJs.stderr,
      /^rclsim: job\.ts: a \.ts job module is CommonJS in a package without "type": "module": rename it to \.mts or set "type": "module" in package\.json$/m,
    );
  });
});
