import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lastJsonLine, repoRoot, runCli, tempDir, writeTemp } from '../support/helpers.js';

interface LinkSummary {
  from: string;
  to: string;
  distance: number;
  messagesSent: number;
}

describe("the network in the world: hosts riding the world's bodies, walls from its geometry", () => {
  it('places a host where the body it rides is, as the world moves it', () => {
    const dir = tempDir();
    cpSync(join(repoRoot, 'examples/world'), dir, { recursive: true });
    writeTemp(
      dir,
      'radio.yaml',
      `end: { after: 5s }
world:
  sdf: yard.sdf
  spawn: [{ file: rover.sdf, pose: [0, 0, 0, 0, 0, 0] }]
  bridge: [{ config_file: bridge.yaml }]
network:
  hosts:
    - { name: robot, nodes: [/probe], position: { body: rover } }
    - { name: base, nodes: [/ros_gz_bridge], position: [-3.9, 0, 1] }
nodes:
  - script: probe.cjs
`,
    );
    const result = runCli(['run', 'radio.yaml', '--json'], dir, 120_000);
    assert.equal(result.status, 0, result.stderr);
    const links = (lastJsonLine(result.stdout).network as { links: LinkSummary[] }).links;
    const link = links.find((l) => l.from === 'base' && l.to === 'robot')!;
    // The rover drives east at 0.5 m/s from 1 s: near x = 2 at 5 s, its frame on the ground; the base 1 m up at x = −3.9.
    assert.ok(link.distance > 5.95 && link.distance < 6.0, `distance ${link.distance}`);
    // The bridge is on the base: scans and odometry cross to the probe, commands back.
    assert.ok(link.messagesSent > 100, `sent ${link.messagesSent}`);
  });

  it("gives the patrol the same radio with its buildings as an SDF world's geometry as with its GeoJSON", () => {
    const fingerprint = (job: string): unknown => {
      // Each in a copy of its own: both record into output/.
      const dir = tempDir();
      cpSync(join(repoRoot, 'examples/patrol'), dir, { recursive: true });
      const result = runCli(['run', job, '--until', '30s', '--json'], dir, 300_000);
      assert.equal(result.status, 0, result.stderr);
      return lastJsonLine(result.stdout).fingerprint;
    };
    assert.equal(fingerprint('world.yaml'), fingerprint('job.yaml'));
  });

  it("says which model of world_obstacles' losses the world lacks", () => {
    const dir = tempDir();
    cpSync(join(repoRoot, 'examples/patrol'), dir, { recursive: true });
    writeTemp(
      dir,
      'typo.yaml',
      'world: { sdf: world.sdf }\nnetwork:\n  hosts: [{ name: a, nodes: [/a], position: [0, 0, 1] }]\n  world_obstacles: { models: { libary: 18 } }\nnodes: []\n',
    );
    const result = runCli(['run', 'typo.yaml'], dir, 60_000);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /typo\.yaml:4: network\.world_obstacles\.models\.libary: the world has no static model named 'libary'/);
  });
});
