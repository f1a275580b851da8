import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { againstOrder, folderGraph, layerOrder, loops } from '../support/folderGraph.js';
import { repoRoot } from '../support/helpers.js';

const SRC = join(repoRoot, 'src');
const ARCHITECTURE = 'docs/architecture.md';
const ORDER = layerOrder(readFileSync(join(repoRoot, ARCHITECTURE), 'utf8'));
const FOLDERS = readdirSync(SRC)
  .filter((name) => statSync(join(SRC, name)).isDirectory())
  .map((name) => `${name}/`)
  .sort();
const GRAPH = folderGraph(SRC);

/** A scratch source tree of the given files (path → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rclsim-layers-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe(`the house: folders import down the layer order ${ARCHITECTURE} draws`, () => {
  it('orders every folder of src/ once, and only folders there are', () => {
    assert.deepEqual([...ORDER.keys()].sort(), FOLDERS, `${ARCHITECTURE}'s layer order and the folders of src/ differ`);
  });

  it('has no loop of folders importing each other (types, dynamic imports and re-exports counted)', () => {
    assert.deepEqual(loops(GRAPH, 'src/'), []);
  });

  it('has no import of a folder beside or above the importing one', () => {
    assert.deepEqual(againstOrder(GRAPH, ORDER, 'src/'), []);
  });

  it("lets no README's Imports: line name a folder beside or above its own", () => {
    const broken = FOLDERS.flatMap((folder) => {
      const line = /^Imports: (.*)$/m.exec(readFileSync(join(SRC, folder, 'README.md'), 'utf8'));
      const named = line === null || line[1] === '(none)' ? [] : line[1]!.split(',').map((name) => name.trim());
      return named.filter((other) => !(ORDER.get(other)! > ORDER.get(folder)!)).map((other) => `src/${folder}README.md: ${other}`);
    });
    assert.deepEqual(broken, []);
  });

  it('finds a loop made by any kind of import, naming each file that makes it, and the imports against the order', () => {
    const root = tree({
      'a/top.ts': "export const top = 1;\nconst later = () => import('../c/low.js');\n",
      'b/middle.ts': "import { top } from '../a/top.js';\nexport const middle = top;\n",
      'c/low.ts': "export type { Middle } from '../b/types.js';\nexport const worker = new URL('../b/middle.js', import.meta.url);\n",
      'b/types.ts': 'export type Middle = number;\n',
    });
    try {
      const graph = folderGraph(root);
      assert.deepEqual(loops(graph, ''), [
        'folders import each other in a loop: a/ -> c/ -> b/ -> a/ (a/top.ts:2 imports c/low.ts; c/low.ts:1 imports b/types.ts (and 1 more); b/middle.ts:1 imports a/top.ts)',
      ]);
      assert.deepEqual(againstOrder(graph, layerOrder('1. `a/`\n2. `b/`, `c/`: beside\n'), ''), [
        'b/middle.ts:1 imports a/top.ts: b/ (layer 2) may not import a/ (layer 1)',
        'c/low.ts:1 imports b/types.ts: c/ (layer 2) may not import b/ (layer 2)',
        'c/low.ts:2 imports b/middle.ts: c/ (layer 2) may not import b/ (layer 2)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
