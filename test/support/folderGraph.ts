import { importsOf, type SourceImport, sourceFiles } from './sourceImports.js';

/**
 * The graph of a source tree's top-level folders: folder → the folders its files import (types
 * too: a loop through types still ties two folders' code together), with the imports that make
 * each arrow. A file at the root (`index.ts`) is the folder `''`.
 */
export type FolderGraph = Map<string, Map<string, SourceImport[]>>;

export const folderOf = (file: string): string => (file.includes('/') ? `${file.split('/')[0]}/` : '');

export function folderGraph(root: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    for (const edge of importsOf(root, file)) {
      const [from, to] = [folderOf(edge.from), folderOf(edge.to)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const arrows = graph.get(from)!;
      if (!arrows.has(to)) arrows.set(to, []);
      arrows.get(to)!.push(edge);
    }
  }
  return graph;
}

/** `src/a/x.ts:3 imports src/b/y.ts`, with `prefix` the tree's path from the repository. */
export const shown = (edge: SourceImport, prefix: string): string => `${prefix}${edge.from}:${edge.line} imports ${prefix}${edge.to}`;

/**
 * One line per loop of folders (each set of folders that reach one another: its shortest loop),
 * naming the loop and, per arrow, the file that makes it.
 */
export function loops(graph: FolderGraph, prefix: string): string[] {
  return stronglyConnected(graph)
    .filter((component) => component.length > 1)
    .map((component) => {
      const cycle = component.map((start) => shortestLoop(graph, component, start)).reduce((best, loop) => (loop.length < best.length ? loop : best));
      const arrows = cycle.slice(0, -1).map((folder, i) => {
        const edges = graph.get(folder)!.get(cycle[i + 1]!)!;
        return `${shown(edges[0]!, prefix)}${edges.length > 1 ? ` (and ${edges.length - 1} more)` : ''}`;
      });
      const all = component.length > arrows.length ? `; ${component.map(named).join(', ')} all reach one another` : '';
      return `folders import each other in a loop: ${cycle.map(named).join(' -> ')} (${arrows.join('; ')})${all}`;
    });
}

/**
 * The layer order a markdown page draws: its numbered list whose items are folders in backquotes
 * (``3. `job/`, `launch/`: …``), the first layer the top. Folder → its layer (1-based).
 */
export function layerOrder(markdown: string): Map<string, number> {
  const order = new Map<string, number>();
  for (const match of markdown.matchAll(/^(\d+)\. ((?:`\w+\/`(?:, )?)+)/gm))
    for (const folder of match[2]!.matchAll(/`(\w+\/)`/g)) {
      if (order.has(folder[1]!)) throw new Error(`the layer order names ${folder[1]} twice`);
      order.set(folder[1]!, Number(match[1]));
    }
  return order;
}

/**
 * Each import against the order: a folder may import only folders of layers below its own (so
 * not one beside it, which could import it back). The root's files are above every layer.
 */
export function againstOrder(graph: FolderGraph, order: ReadonlyMap<string, number>, prefix: string): string[] {
  const layer = (folder: string): number => (folder === '' ? 0 : (order.get(folder) ?? Number.NaN));
  const broken: string[] = [];
  for (const [from, arrows] of graph)
    for (const [to, edges] of arrows)
      if (!(layer(to) > layer(from)))
        for (const edge of edges) broken.push(`${shown(edge, prefix)}: ${named(from)} (layer ${layer(from)}) may not import ${named(to)} (layer ${layer(to)})`);
  return broken.sort();
}

const named = (folder: string): string => (folder === '' ? '(the root)' : folder);

/** Tarjan's strongly connected components, in a fixed order (folders sorted). */
function stronglyConnected(graph: FolderGraph): string[][] {
  const folders = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((arrows) => [...arrows.keys()])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) === index.get(folder)) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        component.push(top);
      } while (top !== folder);
      components.push(component.sort());
    }
  };
  for (const folder of folders) if (!index.has(folder)) visit(folder);
  return components;
}

/** The shortest loop from `start` back to it, within its component (breadth first). */
function shortestLoop(graph: FolderGraph, component: readonly string[], start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) {
      if (!component.includes(next)) continue;
      if (next === start) {
        const path = [folder];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, folder);
        queue.push(next);
      }
    }
  }
  throw new Error(`no loop through ${start}`);
}
