import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const fingerprint = (stdout: string): string => /fingerprint +([0-9a-f]{16})/.exec(stdout)?.[1] ?? 'none';

/** A copy of examples/world. */
function yard(): string {
  const dir = tempDir();
  cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
  return dir;
}

describe("hunt and shrink in the robot's world: faults drawn at rates, a check on the world's contacts", () => {
  it('finds the seed where glare and bumps put the rover into the wall, and shrinks its faults to the five that do it', () => {
    const dir = yard();
    // Seed 46 is the first of seeds 0…399 that fails (examples/world/README.md).
    const hunt = runCli(['hunt', 'hunt-wall.yaml', '--seed', '40', '--runs', '10', '--jobs', '2'], dir, 300_000);
    assert.equal(hunt.status, 8, hunt.stderr);
    assert.match(hunt.stdout, /^seed 46 fails \(7 runs, seeds 40…46,/m);
    assert.match(
      hunt.stdout,
      /check no-collision \(never\) failed at sim time 11\.141000000s: it held at step 11141: rover at \(3\.800, 0\.000\), touching walls::walls::east/,
    );
    const shrink = runCli(['shrink', 'hunt-wall.yaml', '--seed', '46', '--check', 'no-collision', '--jobs', '2'], dir, 600_000);
    assert.equal(shrink.status, 0, shrink.stderr);
    assert.match(shrink.stdout, /14 faults fired; it fails with 5 of them/);
    const shrunk = readFileSync(join(dir, 'hunt-wall.shrunk.yaml'), 'utf8');
    // Each occurrence on its own step boundary: three bursts of glare while the rover waits before the wall, two bumps east.
    assert.deepEqual(
      [...shrunk.matchAll(/\{ fault: (glare|bumps), (?:sensor: \/scan|model: rover), at: ([\d.]+)s/g)].map((m) => `${m[1]} ${m[2]}`),
      ['glare 8.944', 'glare 9.59', 'bumps 10.216', 'bumps 10.29', 'glare 10.698'],
    );
    // The shrunk job hits the wall by itself (9 ms later: the faults shrink removed moved the rover too).
    const replay = runCli(['run', 'hunt-wall.shrunk.yaml'], dir, 120_000);
    assert.equal(replay.status, 8, replay.stderr);
    assert.match(replay.stdout, /no-collision: FAILED at 11\.150000000s: it held at step 11150: rover at \(3\.800, 0\.000\), touching walls::walls::east/);
  });

  it('checks on the world change no run with faults in it: the same fingerprint without checks, with more (also read at messages), under --perturb', () => {
    const dir = yard();
    const job = readFileSync(join(dir, 'hunt-wall.yaml'), 'utf8');
    const [head, rest] = job.split(/^checks:\n.*\n/m) as [string, string];
    writeTemp(dir, 'none.yaml', head + rest);
    writeTemp(
      dir,
      'more.yaml',
      job.replace(
        /^checks:\n/m,
        'checks:\n  - { name: seen, topic: /scan, never: "collision(rover) AND distance(rover, 0, 0) > 100" }\n  - { name: odom, topic: /odom, always: "in_region(rover, -5, -5, 5, 5)" }\n',
      ),
    );
    const runs = [['hunt-wall.yaml'], ['none.yaml'], ['more.yaml'], ['more.yaml', '--perturb']].map((args) =>
      runCli(['run', ...args, '--seed', '46'], dir, 120_000),
    );
    assert.deepEqual(
      runs.map((run) => run.status),
      [8, 0, 8, 8],
      runs.map((run) => run.stderr).join('\n'),
    );
    assert.match(runs[2]!.stdout, /check +odom: held \(always, 600 read\)/);
    assert.match(runs[1]!.stdout, /faults +14 fired: glare 6, bumps 8/);
    assert.equal(new Set(runs.map((run) => fingerprint(run.stdout))).size, 1);
    assert.notEqual(fingerprint(runs[0]!.stdout), 'none');
  });
});
