import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { kdlTree, segmentTransform } from '../../src/nodes/urdf/kdlTree.js';
import { parseUrdf } from '../../src/world/description/urdfModel.js';
import { repoRoot } from '../support/helpers.js';

const ALL_JOINTS = readFileSync(join(repoRoot, 'test/fixtures/nodes/all_joints.urdf'), 'utf8');

/** What urdfdom logs reading `xml` (one line each), and whether it gave a model. */
function read(xml: string): { lines: string[]; ok: boolean } {
  const lines: string[] = [];
  const model = parseUrdf(xml, (level, text) => lines.push(`${level}: ${text}`));
  return { lines, ok: model !== null };
}

const robot = (body: string): string => `<robot name="r"><link name="a"/><link name="b"/><link name="c"/>${body}</robot>`;

describe('URDF read as urdfdom reads it, into the tree kdl_parser builds', () => {
  it('reads every joint type; the tree is depth first with children by joint name; KDL moves revolute, continuous and prismatic joints', () => {
    const warnings: string[] = [];
    const model = parseUrdf(ALL_JOINTS, () => assert.fail('no errors'))!;
    assert.equal(model.root.name, 'base_link');
    const tree = kdlTree(model, (text) => warnings.push(text));
    assert.ok(tree !== 'loop');
    assert.deepEqual(
      tree.map((segment) => `${segment.parent}>${segment.name}:${segment.moving ? 'moving' : 'fixed'}`),
      [
        'base_link>float:fixed',
        'base_link>plane:fixed',
        'base_link>sensor:fixed',
        'base_link>arm:moving',
        'arm>slider:moving',
        'slider>finger_left:moving',
        'slider>finger_right:moving',
        'base_link>wheel:moving',
      ],
    );
    assert.deepEqual(warnings, [
      "Converting unknown joint type of joint 'floating_joint' into a fixed joint",
      "Converting unknown joint type of joint 'planar_joint' into a fixed joint",
    ]);
    assert.deepEqual(model.joints.get('finger_right_joint')!.mimic, { joint: 'finger_left_joint', multiplier: -2, offset: 0.25 });
    // A revolute joint about the parent's y (the shoulder's z turned by its origin's yaw of π/2)
    // at 0.5 rad: the origin's rotation times the joint's.
    const shoulder = segmentTransform(tree.find((segment) => segment.name === 'arm')!, 0.5);
    assert.deepEqual(shoulder.translation, { x: 0, y: 0, z: 0.5 });
    const h = Math.SQRT1_2;
    const expected = { x: -Math.sin(0.25) * h, y: Math.sin(0.25) * h, z: Math.cos(0.25) * h, w: Math.cos(0.25) * h };
    for (const key of ['x', 'y', 'z', 'w'] as const) assert.ok(Math.abs(shoulder.rotation[key] - expected[key]) < 1e-15, key);
    // A prismatic joint moves along its axis (normalized) turned into the parent's frame.
    const lift = segmentTransform(tree.find((segment) => segment.name === 'slider')!, 0);
    assert.deepEqual(lift.translation, { x: 0.1, y: 0, z: 0 });
  });

  it('refuses what urdfdom refuses, with its words: a loop, two roots, a missing link, a revolute joint without limits, a bad number, no robot', () => {
    const loop =
      '<robot name="r"><link name="a"/><link name="b"/><joint name="j1" type="fixed"><parent link="a"/><child link="b"/></joint><joint name="j2" type="fixed"><parent link="b"/><child link="a"/></joint></robot>';
    assert.deepEqual(read(loop).lines, ['Error: Failed to find root link: No root link found. The robot xml is not a valid tree.']);
    assert.deepEqual(read(robot('<joint name="j1" type="fixed"><parent link="a"/><child link="b"/></joint>')).lines, [
      'Error: Failed to find root link: Two root links found: [a] and [c]',
    ]);
    assert.deepEqual(read(robot('<joint name="j1" type="fixed"><parent link="a"/><child link="x"/></joint>')).lines, [
      'Error: Failed to build tree: child link [x] of joint [j1] not found',
    ]);
    assert.deepEqual(read(robot('<joint name="j1" type="revolute"><parent link="a"/><child link="b"/></joint>')).lines, [
      'Error: Joint [j1] is of type REVOLUTE but it does not specify limits',
      'Error: joint xml is not initialized correctly',
    ]);
    assert.deepEqual(read(robot('<joint name="j1" type="fixed"><origin xyz="0 0 x"/><parent link="a"/><child link="b"/></joint>')).lines, [
      'Error: Unable to parse component [x] to a double (while parsing a vector value)',
      'Error: Malformed parent origin element for joint [j1]',
      'Error: joint xml is not initialized correctly',
    ]);
    assert.deepEqual(read('<robt name="r"/>').lines, ["Error: Could not find the 'robot' element in the xml file"]);
    assert.deepEqual(read('<robot name="r" version="2.0"><link name="a"/></robot>').lines, [
      "Error: Invalid 'version' specified; only version 1.0 is currently supported",
    ]);
    // A loop below the root passes urdfdom; kdl_parser never ends on it.
    const below = parseUrdf(
      robot(
        '<joint name="j1" type="fixed"><parent link="a"/><child link="b"/></joint><joint name="j2" type="fixed"><parent link="b"/><child link="c"/></joint><joint name="j3" type="fixed"><parent link="c"/><child link="b"/></joint>',
      ),
      () => {},
    )!;
    assert.equal(
      kdlTree(below, () => {}),
      'loop',
    );
  });
});
