import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { facadeTarget } from '../../src/compat/facadeTarget.js';
import rclsimRclnodejs from '../../src/compat/index.js';
import { installRclnodejsAlias } from '../../src/compat/rclnodejsAlias.js';

const programs = resolve('test/fixtures/programs');
const esModule = pathToFileURL(`${programs}/late-esm/node.mjs`).href;

describe('rclnodejs for ES modules (the module hook, registered when user code may need it)', () => {
  it('is left out for CommonJS programs, and registered once a required user file may import', async () => {
    // A CommonJS program that never says `import`: a run of it starts without the hook's thread.
    installRclnodejsAlias(`${programs}/random-talker.cjs`, facadeTarget);
    await assert.rejects(import(`${esModule}?before`), /rclnodejs/);
    // A helper it requires may load ES modules: from then on they find rclsim's rclnodejs.
    const helper = createRequire(`${programs}/random-talker.cjs`)('./late-esm/loader.cjs') as { load(): Promise<{ rclnodejs: unknown }> };
    const loaded = await helper.load();
    assert.equal(loaded.rclnodejs, rclsimRclnodejs);
  });
});
