import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cachedFolder, contentKey } from '../../src/build/buildCache.js';
import { tempDir } from '../support/helpers.js';

describe('the build cache', () => {
  let saved: string | undefined;
  let root: string;
  before(() => {
    saved = process.env.RCLSIM_CACHE;
    root = tempDir();
    process.env.RCLSIM_CACHE = root;
  });
  after(() => {
    if (saved === undefined) delete process.env.RCLSIM_CACHE;
    else process.env.RCLSIM_CACHE = saved;
  });

  it('keeps the last used folders of a kind that asks for it, and removes the rest when it makes one', () => {
    const keys = ['a', 'b', 'c', 'd'].map((name) => contentKey([name]));
    // Three made earlier, last used at 100 s, 300 s and 200 s after the epoch.
    keys.slice(0, 3).forEach((key, i) => {
      const folder = join(root, 'pch', key);
      mkdirSync(folder, { recursive: true });
      const at = new Date([100, 300, 200][i]! * 1000);
      utimesSync(folder, at, at);
    });
    // Using the oldest makes it the newest.
    assert.equal(
      cachedFolder('pch', keys[0]!, () => assert.fail('it was there'), 3),
      join(root, 'pch', keys[0]!),
    );
    let made = 0;
    cachedFolder('pch', keys[3]!, () => made++, 3);
    assert.equal(made, 1);
    assert.deepEqual(readdirSync(join(root, 'pch')).sort(), [keys[0]!, keys[1]!, keys[3]!].sort());
    // A kind that does not ask keeps everything.
    for (const key of keys) cachedFolder('programs', key, () => {});
    assert.equal(readdirSync(join(root, 'programs')).length, 4);
    assert.ok(existsSync(join(root, 'pch', keys[3]!)));
  });
});
