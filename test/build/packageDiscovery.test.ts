import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { findPackages } from '../../src/build/packageManifest.js';
import { tempDir } from '../support/helpers.js';

/** A package.xml of `name` in `folder`. */
function packageAt(folder: string, name: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.xml'),
    `<package format="3"><name>${name}</name><version>1.0.0</version><description>x</description><maintainer email="a@b.c">a</maintainer><license>MIT</license><export><build_type>ament_cmake</build_type></export></package>\n`,
  );
}

describe('rclsim build: the packages of a workspace, as colcon finds them', () => {
  // colcon-core's recursive_crawl.py walks with os.walk(followlinks=True) and skips a real path
  // seen before: a workspace made of links to checkouts elsewhere builds as one of folders.
  it('follows links to folders, crawls a folder reached twice once, and leaves out dangling links, hidden folders and COLCON_IGNORE', () => {
    const root = tempDir();
    const src = join(root, 'src');
    packageAt(join(src, 'b_here'), 'b_here');
    packageAt(join(root, 'checkouts/repo/a_linked'), 'a_linked');
    packageAt(join(root, 'checkouts/repo/c_below'), 'c_below');
    packageAt(join(root, 'checkouts/ignored/d_ignored'), 'd_ignored');
    writeFileSync(join(root, 'checkouts/ignored/COLCON_IGNORE'), '');
    packageAt(join(src, '.hidden/e_hidden'), 'e_hidden');
    symlinkSync(join(root, 'checkouts/repo'), join(src, 'a_repo'));
    symlinkSync(join(root, 'checkouts/repo'), join(src, 'z_same_repo'));
    symlinkSync(join(root, 'checkouts/ignored'), join(src, 'ignored'));
    symlinkSync(join(root, 'nowhere'), join(src, 'dangling'));
    const found = findPackages(src);
    assert.deepEqual(
      found.map((pkg) => [pkg.name, pkg.folder]),
      [
        ['a_linked', join(src, 'a_repo/a_linked')],
        ['c_below', join(src, 'a_repo/c_below')],
        ['b_here', join(src, 'b_here')],
      ],
    );
  });
});
