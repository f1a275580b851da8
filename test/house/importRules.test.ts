import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { folderOf } from '../support/folderGraph.js';
import { repoRoot } from '../support/helpers.js';
import { importsOf, sourceFiles } from '../support/sourceImports.js';

const SRC = join(repoRoot, 'src');
const RCLPY = join(repoRoot, 'clients/python/rclpy');

/** Every file under `dir` whose name ends with `suffix`, relative to `root`. */
function filesUnder(dir: string, suffix: string, root: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, suffix, root);
    return name.endsWith(suffix) ? [relative(root, path)] : [];
  });
}

/**
 * The modules of rclsim's Python package an rclpy module may import: the port and the helpers
 * over it (waits in sim time, errors, CDR, JSON values), never the socket, the runs or the tasks
 * under the port (docs/node-protocol.md "Adding an operation").
 */
const RCLPY_MAY_IMPORT = new Set(['_port', '_waits', '_errors', '_cdr', '_json', '_interfaces', '_messages']);

/** The rclsim modules each rclpy module imports, as "file -> module". */
function rclpyImportsOfRclsim(): string[] {
  const edges: string[] = [];
  for (const file of filesUnder(RCLPY, '.py', RCLPY)) {
    const text = readFileSync(join(RCLPY, file), 'utf8');
    for (const match of text.matchAll(/^\s*from rclsim(?:\.(\w+))? import ([\w, ()\n]+)|^\s*import rclsim\.(\w+)/gm)) {
      const modules = match[1] ?? match[3] ?? undefined;
      const named =
        modules !== undefined
          ? [modules]
          : match[2]!
              .replace(/[()\n]/g, ' ')
              .split(',')
              .map((name) => name.trim().split(/\s/)[0]!);
      for (const module of named) if (module !== '') edges.push(`${file} -> ${module}`);
    }
  }
  return edges.sort();
}

/** What each file loads when it runs: its imports that TypeScript does not erase. */
const GRAPH = new Map(
  sourceFiles(SRC).map((file) => [
    file,
    importsOf(SRC, file)
      .filter((edge) => !edge.typeOnly)
      .map((edge) => edge.to),
  ]),
);
const FILES = [...GRAPH.keys()];

/** What the files `entry` loads, itself included. */
function loaded(entry: string, skip: (from: string, to: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of GRAPH.get(file) ?? []) if (!skip(file, next)) stack.push(next);
  }
  return seen;
}

/** Imports of files in `folder` that reach a folder outside `allowed`, as "from -> to". */
function outside(folder: string, allowed: readonly string[]): string[] {
  const broken: string[] = [];
  for (const [file, targets] of GRAPH) {
    if (folderOf(file) !== folder) continue;
    for (const target of targets) if (folderOf(target) !== folder && !allowed.includes(folderOf(target))) broken.push(`${file} -> ${target}`);
  }
  return broken.sort();
}

/**
 * The one import of the simulation a client makes, named so that no other slips in:
 * rclnodejs's lib module `type_description_service.js` is the simulation's service itself.
 */
const CLIENT_TO_SIM = new Set(['client/rclnodejsLibModules.ts -> sim/TypeDescriptionService.ts']);

describe('the house: which folder may import which (docs/architecture.md, "Layers")', () => {
  it("keeps every folder's imports within the Imports: line of its README", () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    for (const folder of folders) {
      const readme = join(SRC, folder, 'README.md');
      assert.ok(existsSync(readme), `src/${folder}/ has no README.md saying what it holds and imports`);
      const line = /^Imports: (.*)$/m.exec(readFileSync(readme, 'utf8'));
      assert.ok(line, `src/${folder}/README.md has no Imports: line`);
      const allowed = line[1] === '(none)' ? [] : line[1]!.split(',').map((name) => name.trim());
      assert.deepEqual(outside(`${folder}/`, allowed), [], `src/${folder}/ imports outside its README's Imports: line`);
    }
  });

  it('lets engine/ import only engine/ and base/', () => {
    assert.deepEqual(outside('engine/', ['base/']), []);
  });

  it('lets client/ and program/ import nothing of sim/ (but the one named import) and not the step loop', () => {
    for (const folder of ['client/', 'program/']) {
      const broken = outside(folder, ['base/', 'client/', 'compat/', 'interfaces/', 'port/', 'ros/']).filter((edge) => !CLIENT_TO_SIM.has(edge));
      assert.deepEqual(broken, [], `${folder} imports the simulation`);
    }
  });

  it("loads no module of sim/ nor the step loop in a separate JavaScript program's process (program/programMain.ts and what it loads)", () => {
    const files = [...loaded('program/programMain.ts', (from, to) => CLIENT_TO_SIM.has(`${from} -> ${to}`))];
    assert.deepEqual(
      files.filter((file) => file.startsWith('sim/') || file === 'engine/Engine.ts'),
      [],
    );
    assert.ok(files.includes('port/WirePort.ts') && files.includes('client/Node.ts'), 'the program loads its client and the wire port');
  });

  it("lets nodes/ (the standard nodes) import what a user's rclnodejs program may: rclnodejs by its name, base/ and world/ (plain data: URDF)", () => {
    assert.deepEqual(outside('nodes/', ['base/', 'world/']), []);
    const programs = FILES.filter((file) => /^nodes\/[^/]+\/[^/]+\.ts$/.test(file) && !file.startsWith('nodes/urdf/'));
    assert.ok(programs.length > 0, 'found no standard node: the rule reads nothing');
    for (const file of programs)
      assert.match(readFileSync(join(SRC, file), 'utf8'), /^import rclnodejs from 'rclnodejs';$/m, `${file} imports rclnodejs by its name`);
  });

  it("lets rclpy's modules reach the simulation only through rclsim's _port (not its socket, runs or tasks)", () => {
    const edges = rclpyImportsOfRclsim();
    assert.ok(
      edges.some((edge) => edge.endsWith(' -> _port')),
      'found no import of _port: the rule reads nothing',
    );
    assert.deepEqual(
      edges.filter((edge) => !RCLPY_MAY_IMPORT.has(edge.split(' -> ')[1]!)),
      [],
    );
  });
});
