/**
 * A separate C++ program's node port through shared memory with a futex hand-off
 * (docs/node-protocol.md, "The stream"): the port goes through it, and the ends the socket
 * told before are told the same (a death, a callback that never returns, output larger than a
 * pipe between two messages).
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir } from '../support/helpers.js';

// A program's build and run; rclsim's C++ client is built before, in a hook with no time limit.
const BUILD_MS = 240_000;

function programDir(): string {
  const dir = tempDir();
  copyFileSync(join(repoRoot, 'test/fixtures/cpp/port_carrier.cpp'), join(dir, 'port_carrier.cpp'));
  return dir;
}

describe('a separate C++ program: the node port through shared memory', needs('C++ toolchain'), () => {
  const dir = programDir();
  const run = (how: string, ...options: string[]) => runCli(['exec', '--process', 'separate', ...options, 'port_carrier.cpp', how], dir, BUILD_MS);

  it("goes through the region the simulation made, not the socket; in rclsim's process, through neither", () => {
    const separate = run('carrier', '--until', '1s');
    assert.equal(separate.status, 0, separate.stderr);
    assert.equal(separate.stdout.split('\n')[0], 'port through shared memory');
    const inProcess = runCli(['exec', '--until', '1s', 'port_carrier.cpp', 'carrier'], dir, BUILD_MS);
    assert.equal(inProcess.status, 0, inProcess.stderr);
    assert.equal(inProcess.stdout.split('\n')[0], 'no shared memory');
  });

  it('tells a program killed with SIGKILL mid-run in one line naming it, its node and the sim time (exit 7)', () => {
    const killed = run('kill', '--until', '2s');
    assert.equal(killed.status, 7, killed.stderr);
    assert.match(killed.stderr, /rclsim: program port_carrier\.cpp \(node \/strained\) was killed by SIGKILL at sim time 0\.300000000s\n/);
  });

  it('stops a program whose callback never returns with --callback-timeout (exit 6)', () => {
    const hung = run('hang', '--until', '2s', '--callback-timeout', '2s');
    assert.equal(hung.status, 6, hung.stderr);
    assert.match(hung.stderr, /timer 0 of node \/strained/);
  });

  it('finishes a program that writes more than a pipe holds between two messages, every line relayed in order', () => {
    // Three callbacks of ~190 kB each, within what runCli takes of a child's stdout (1 MiB).
    const flood = run('flood', '--until', '0.3s');
    assert.equal(flood.status, 0, flood.stderr);
    const lines = flood.stdout.split('\n').filter((line) => line.startsWith('tick '));
    assert.equal(lines.length, 3 * 2000);
    assert.equal(lines.at(-1), `tick 3 line 1999 ${'x'.repeat(80)}`);
  });
});
