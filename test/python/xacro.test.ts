import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { needs, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

const CONSTRUCTS = join(repoRoot, 'test/fixtures/xacro/constructs');
const XACRO = join(repoRoot, 'clients/python/bin/xacro');

/** An ament prefix where `$(find xacro_constructs)` is the constructs folder. */
function prefix(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'share/ament_index/resource_index/packages'), { recursive: true });
  writeFileSync(join(dir, 'share/ament_index/resource_index/packages/xacro_constructs'), '');
  symlinkSync(CONSTRUCTS, join(dir, 'share/xacro_constructs'));
  return dir;
}

/** The `xacro` command on `args`, run from the constructs folder as a user would run it. */
function xacro(args: string[], env: Record<string, string> = {}) {
  return spawnSync('python3', [XACRO, ...args], { cwd: CONSTRUCTS, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
}

/** What the expected output of `name` says, its placeholders for this machine's folders filled. */
function expected(name: string, share: string): string {
  return readFileSync(join(CONSTRUCTS, 'expected', `${name}.urdf`), 'utf8')
    .replaceAll('@SHARE@', share)
    .replaceAll('@HERE@', CONSTRUCTS);
}

describe('xacro: the language as ROS 2 xacro processes it, its command and its Python API', needs('yaml'), () => {
  const constructs = ['comments', 'conditions', 'elements', 'includes', 'macros', 'properties', 'substitutions', 'yaml'];
  for (const name of constructs) {
    it(`expands ${name}.xacro to the text xacro writes`, () => {
      const ament = prefix();
      const run = xacro([`${name}.xacro`, 'prefix:=cli_'], { AMENT_PREFIX_PATH: ament, XACRO_TEST_HOME: '/home/robot' });
      assert.equal(run.stderr, '');
      assert.equal(run.status, 0);
      assert.equal(run.stdout, expected(name, join(ament, 'share/xacro_constructs')));
    });
  }

  it('writes -o FILE (its folder made) and lists --deps, the included files', () => {
    const ament = prefix();
    const out = join(tempDir(), 'made/robot.urdf');
    const written = xacro(['includes.xacro', '-o', out], { AMENT_PREFIX_PATH: ament });
    assert.equal(written.status, 0, written.stderr);
    assert.equal(written.stdout, '');
    assert.equal(readFileSync(out, 'utf8'), expected('includes', join(ament, 'share/xacro_constructs')));
    const deps = xacro(['--deps', 'includes.xacro'], { AMENT_PREFIX_PATH: ament });
    assert.equal(deps.status, 0, deps.stderr);
    const share = join(ament, 'share/xacro_constructs');
    assert.equal(deps.stdout, [`${share}/parts/leg_1.xacro`, `${share}/parts/leg_2.xacro`, 'parts/arm.xacro', 'parts/leg_2.xacro'].join(' '));
  });

  it("names the expression, the macros and the file of an error in xacro's words, exit 2", () => {
    const undefinedName = xacro(['errors/undefined.xacro']);
    assert.equal(undefinedName.status, 2);
    assert.equal(
      undefinedName.stderr,
      "error: name 'wheel_radius' is not defined \nwhen evaluating expression 'wheel_radius * 2'\nwhen processing file: errors/undefined.xacro\n",
    );
    const inMacro = xacro(['errors/in_macro.xacro']);
    assert.equal(inMacro.status, 2);
    assert.equal(
      inMacro.stderr,
      'error: Undefined substitution argument max_effort\nwhen instantiating macro: inner (errors/macro_parts.xacro)\n' +
        'instantiated from: outer (errors/macro_parts.xacro)\nin file: errors/in_macro.xacro\n',
    );
    // What xacro adds to a parse error (with -q too: it is read before the options are).
    const malformed = xacro(['errors/malformed.xacro', '-q']);
    assert.equal(malformed.status, 2);
    assert.equal(
      malformed.stderr,
      'XML parsing error: mismatched tag: line 4, column 2\nwhen processing file: errors/malformed.xacro\n\nCheck that:\n' +
        ' - Your XML is well-formed\n - You have the xacro xmlns declaration: xmlns:xacro="http://www.ros.org/wiki/xacro"\n',
    );
    assert.equal(malformed.stdout, '');
  });

  it('is what a Python program rclsim runs imports, and the xacro command on its PATH', () => {
    const dir = tempDir();
    writeTemp(
      dir,
      'r.xacro',
      `<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="r"><xacro:property name="w" value="0.5"/><link name="l" w="\${w * 2}"/></robot>`,
    );
    writeTemp(
      dir,
      'describe.py',
      `import shutil
import subprocess

import xacro

print(xacro.process_file('r.xacro').documentElement.toxml())
print(shutil.which('xacro'))
print(subprocess.run(['xacro', 'r.xacro'], capture_output=True, text=True, check=True).stdout.splitlines()[-2])
`,
    );
    writeTemp(dir, 'job.yaml', 'nodes:\n  - script: describe.py\n');
    const run = runCli(['run', 'job.yaml'], dir, 90_000);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').slice(0, 3), ['<robot name="r"><link name="l" w="1.0"/></robot>', XACRO, '  <link name="l" w="1.0"/>']);
  });

  it('gives process_file a minidom document (toxml, toprettyxml) and process_doc a parsed text, with mappings', () => {
    const script = `
import sys

import xacro
doc = xacro.process_file('substitutions.xacro', mappings={'prefix': 'api_', 'scale': '4'})
link = doc.getElementsByTagName('link')[0]
print(link.getAttribute('name'), link.getAttribute('scaled'))
print(doc.toprettyxml(indent='  ') == sys.stdin.read())
doc = xacro.parse('<a xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:arg name="n" default="1"/><b n="\${$(arg n) + 1}"/></a>')
xacro.process_doc(doc, mappings={'n': '41'})
print(doc.toxml())
`;
    const ament = prefix();
    const env = { AMENT_PREFIX_PATH: ament, XACRO_TEST_HOME: '/home/robot' };
    const cli = xacro(['substitutions.xacro', 'prefix:=api_', 'scale:=4'], env);
    assert.equal(cli.status, 0, cli.stderr);
    const api = spawnSync('python3', ['-c', script], {
      cwd: CONSTRUCTS,
      encoding: 'utf8',
      input: cli.stdout,
      env: { ...process.env, ...env, PYTHONPATH: join(repoRoot, 'clients/python') },
      timeout: 60_000,
    });
    assert.equal(api.stderr, '');
    assert.deepEqual(api.stdout.split('\n'), ['api_base 6.0', 'True', '<?xml version="1.0" ?><a><b n="42"/></a>', '']);
  });
});
