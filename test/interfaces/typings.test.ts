import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli } from '../support/helpers.js';

/** Type-checks files with the project's TypeScript, from a folder inside the package (so 'rclsim' resolves). */
function typeCheck(files: Record<string, string>): { status: number | null; output: string } {
  mkdirSync(join(repoRoot, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, 'dist', 'typecheck-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [join(repoRoot, 'node_modules/@types')],
      },
      files: [...Object.keys(files), join(repoRoot, 'types/rclnodejs.d.ts')],
    }),
  );
  const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('typings', () => {
  it('type the rclnodejs API by interface name: callbacks, payloads, requests and responses', () => {
    const { status, output } = typeCheck({
      'program.mts': `
import rclnodejs from 'rclnodejs';
const node = rclnodejs.createNode('typed');
node.createSubscription('std_msgs/msg/String', 'chatter', (msg) => { const text: string = msg.data; void text; });
// @ts-expect-error data is a string
node.createSubscription('std_msgs/msg/String', 'chatter', (msg) => { const n: number = msg.data; void n; });
const twist = node.createPublisher('geometry_msgs/msg/Twist', 'cmd');
twist.publish({ linear: { x: 1 } });
// @ts-expect-error linear.x is a number
twist.publish({ linear: { x: 'fast' } });
const client = node.createClient('example_interfaces/srv/AddTwoInts', 'add');
client.sendRequest({ a: 1n, b: 2 }, (response) => { const sum: bigint = response.sum; void sum; });
node.createService('example_interfaces/srv/AddTwoInts', 'add', (request, response) => { response.send({ sum: request.a }); });
const message: rclnodejs.std_msgs.msg.String = { data: 'x' };
const cloud: rclnodejs.sensor_msgs.msg.PointCloud2['data'] = new Uint8Array(4);
void message; void cloud;
`,
    });
    assert.equal(status, 0, output);
  });

  it('gen-types declares user packages that then type the API too', () => {
    const dir = mkdtempSync(join(repoRoot, 'dist', 'interfaces-'));
    mkdirSync(join(dir, 'my_pkg/msg'), { recursive: true });
    mkdirSync(join(dir, 'my_pkg/srv'), { recursive: true });
    writeFileSync(join(dir, 'my_pkg/msg/Thing.msg'), 'uint8 KIND_A=1\ngeometry_msgs/Point where\nstring label\nint64[] counts\n');
    writeFileSync(join(dir, 'my_pkg/srv/Ask.srv'), 'Thing question\n---\nbool ok\n');
    const generated = runCli(['gen-types', '--interfaces', dir, '-o', join(dir, 'my_types.d.ts')]);
    assert.equal(generated.status, 0, generated.stderr);
    const text = readFileSync(join(dir, 'my_types.d.ts'), 'utf8');
    assert.match(text, /export namespace my_pkg \{/);
    assert.match(text, /where: import\('rclsim\/interfaces'\)\.geometry_msgs\.msg\.Point;/);
    assert.match(text, /counts: BigInt64Array;/);
    assert.match(text, /readonly KIND_A: 1;/);
    assert.match(text, /'my_pkg\/srv\/Ask': \{ Request: my_pkg\.srv\.Ask_Request; Response: my_pkg\.srv\.Ask_Response \};/);
    const { status, output } = typeCheck({
      'my_types.d.ts': text,
      'program.mts': `
import rclnodejs from 'rclnodejs';
const node = rclnodejs.createNode('typed');
node.createSubscription('my_pkg/msg/Thing', 'things', (thing) => { const x: number = thing.where.x; const label: string = thing.label; void x; void label; });
// @ts-expect-error label is a string
node.createPublisher('my_pkg/msg/Thing', 'things').publish({ label: 5 });
node.createService('my_pkg/srv/Ask', 'ask', (request) => ({ ok: request.question.label.length > 0 }));
`,
    });
    assert.equal(status, 0, output);
    const missing = runCli(['gen-types', 'no_such_pkg']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no interface package no_such_pkg/);
  });

  it('the committed standard typings are what gen-types --standard writes', () => {
    const generated = runCli(['gen-types', '--standard']);
    assert.equal(generated.status, 0, generated.stderr);
    assert.equal(generated.stdout, readFileSync(join(repoRoot, 'src/interfaces/standardTypes.ts'), 'utf8'));
  });
});
