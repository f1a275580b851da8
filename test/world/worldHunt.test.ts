import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli, tempDir } from '../support/helpers.js';

describe("hunt and shrink in the robot's world: faults drawn at rates, a check on the world's contacts", () => {
  it('finds the seed where glare and bumps put the rover into the wall, and shrinks its faults to the five that do it', () => {
    const dir = tempDir();
    cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
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
});
