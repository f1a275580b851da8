import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { logLines, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

/** A folder with the quick program (up, then exit after 1 s) and the job `text`. */
function jobWith(text: string): { dir: string; job: string } {
  const dir = tempDir();
  cpSync(join(repoRoot, 'test/fixtures/events/quick.cjs'), join(dir, 'quick.cjs'));
  return { dir, job: writeTemp(dir, 'job.yaml', text) };
}

describe("a job's events (launch's event handlers, timers and Shutdown)", () => {
  it('runs on: start before any node starts, an end event after the instant it happened in, delays in sim time, entries started late or by an event, and on: shutdown last', () => {
    const { dir, job } = jobWith(`nodes:
  - script: quick.cjs
    args: [first]
    id: first
    on_exit: continue
  - script: quick.cjs
    args: [second]
    start_after: 2500ms
    on_exit: continue
  - script: quick.cjs
    args: [third]
    id: third
    start_after: event
    on_exit: continue
events:
  - on: start
    do: [{ log: launched }]
  - on: { exited: first }
    do:
      - log: first is gone
      - after: 500ms
        do: [{ start: third }]
  - on: { started: '*' }
    do: [{ log: a program started }]
  - on: shutdown
    do: [{ log: all done }]
`);
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      '[INFO] [0.000000000] [launch.user]: launched',
      '[INFO] [0.000000000] [first]: up',
      '[INFO] [0.000000000] [launch.user]: a program started',
      '[INFO] [1.000000000] [first]: bye',
      '[INFO] [1.000000000] [launch.user]: first is gone',
      '[INFO] [1.500000000] [third]: up',
      '[INFO] [1.500000000] [launch.user]: a program started',
      '[INFO] [2.500000000] [second]: up',
      '[INFO] [2.500000000] [third]: bye',
      '[INFO] [3.500000000] [second]: bye',
      '[INFO] [3.500000000] [launch.user]: all done',
    ]);
  });

  it("starts a late entry at its sim time while another program's timer is due (time waits for its import); OnShutdown's reason is launch's", () => {
    const { dir, job } = jobWith(`nodes:
  - script: quick.cjs
    args: [ticker]
    on_exit: continue
  - script: quick.cjs
    args: [late]
    start_after: 500ms
    on_exit: continue
events:
  - on: shutdown
    do: [{ log: 'stopped: \${event.reason}' }]
`);
    const run = runCli(['run', job], dir);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      '[INFO] [0.000000000] [ticker]: up',
      '[INFO] [0.500000000] [late]: up',
      '[INFO] [1.000000000] [ticker]: bye',
      '[INFO] [1.500000000] [late]: bye',
      // Nothing left to do: launch's reason is idle; stopped at the end time, as ros2 launch by Ctrl-C.
      '[INFO] [1.500000000] [launch.user]: stopped: idle',
    ]);
    const stopped = runCli(['run', job, '--until', '1200ms'], dir);
    assert.equal(logLines(stopped.stderr).at(-1), '[INFO] [1.200000000] [launch.user]: stopped: ctrl-c (SIGINT)');
  });

  it('starts a late entry that is the only one: the run waits for it to load instead of ending with nothing running', () => {
    const { dir, job } = jobWith('nodes:\n  - script: quick.cjs\n    args: [alone]\n    start_after: 1s\n');
    const run = runCli(['run', job], dir);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), ['[INFO] [1.000000000] [alone]: up', '[INFO] [2.000000000] [alone]: bye']);
  });

  it("respawns a program that exits 0 too, as launch does; a shutdown ends the run with code 0 and says why; actions say an exit code and a reason as launch's event substitutions", () => {
    const { dir, job } = jobWith(`nodes:
  - script: quick.cjs
    args: [phoenix]
    id: phoenix
    on_exit: respawn
    respawn_delay: 250ms
  - script: quick.cjs
    args: [required, '4']
    id: required
    start_after: 3s
    on_exit: continue
events:
  - on: { exited: required }
    do: [{ log: 'required exited with code \${event.returncode}' }, { shutdown: required node exited }]
  - on: shutdown
    do: [{ log: 'shut down: \${event.reason}' }]
`);
    const run = runCli(['run', job], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    const lines = logLines(run.stderr);
    assert.equal(lines.filter((line) => line.endsWith('[phoenix]: up')).length, 4, run.stderr);
    assert.ok(
      lines.includes(
        '[WARN] [1.000000000] [rclsim]: program quick.cjs (node /phoenix) exited with code 0 at sim time 1.000000000s; it starts again at sim time 1.250000000s (on_exit: respawn)',
      ),
      run.stderr,
    );
    assert.deepEqual(lines.slice(-3), [
      '[INFO] [4.000000000] [launch.user]: required exited with code 4',
      '[INFO] [4.000000000] [launch]: shutting down at sim time 4.000000000s: required node exited; the run ends with exit code 0',
      '[INFO] [4.000000000] [launch.user]: shut down: required node exited',
    ]);
  });

  it("drives a lifecycle node as launch_ros does: a ChangeState at the start, OnStateTransition's actions when it reaches a state (one asks the next transition, one starts an entry)", () => {
    const { dir, job } = jobWith(`nodes:
  - script: lifecycle.cjs
    args: [talker]
    id: talker
    name: talker
    namespace: /
  - script: quick.cjs
    args: [follower]
    id: follower
    start_after: event
    on_exit: continue
events:
  - on: start
    do: [{ change_state: { node: talker, transition: 1 } }]
  - on: { transition: { node: talker, to: inactive } }
    do: [{ log: 'talker went \${event.start_state} -> \${event.goal_state}' }, { change_state: { node: talker, transition: 3 } }]
  - on: { transition: { node: talker, from: activating, to: active } }
    do: [{ log: talker is active }, { start: follower }]
  - on: { transition: { node: talker, to: finalized } }
    do: [{ log: never }]
`);
    cpSync(join(repoRoot, 'test/fixtures/events/lifecycle.cjs'), join(dir, 'lifecycle.cjs'));
    const run = runCli(['run', job, '--until', '2s'], dir, 60_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(logLines(run.stderr), [
      '[INFO] [0.000000000] [talker]: configured',
      '[INFO] [0.000000000] [launch.user]: talker went configuring -> inactive',
      '[INFO] [0.000000000] [talker]: activated',
      '[INFO] [0.000000000] [launch.user]: talker is active',
      '[INFO] [0.000000000] [follower]: up',
      '[INFO] [1.000000000] [follower]: bye',
    ]);
  });

  it('refuses an event naming no entry, an entry no event starts, and an unknown action, each at its line', () => {
    const cases: [string, RegExp][] = [
      [
        'nodes:\n  - script: quick.cjs\n    id: a\nevents:\n  - on: { exited: b }\n    do: [{ log: x }]\n',
        /job\.yaml:5: events\[0\]\.on\.exited: no node entry has id 'b' \(ids: a\)$/m,
      ],
      [
        'nodes:\n  - script: quick.cjs\n    id: a\n    start_after: event\n',
        /job\.yaml:4: nodes\[0\]\.start_after: no event starts it \(no event has \{ start: a \}\)$/m,
      ],
      [
        'nodes:\n  - script: quick.cjs\nevents:\n  - on: start\n    do: [{ speak: x }]\n',
        /job\.yaml:5: events\[0\]\.do\[0\]: an action is one of .* \(not 'speak'\)$/m,
      ],
    ];
    for (const [text, line] of cases) {
      const { dir, job } = jobWith(text);
      const run = runCli(['run', job], dir, 60_000);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, line);
    }
  });
});
