import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One file of a source tree loading another, as the TypeScript compiler reads it. */
export interface SourceImport {
  /** The importing file, relative to the tree's root (`port/DirectPort.ts`). */
  from: string;
  /** The file it reaches, relative to the root. */
  to: string;
  /** Its line in `from` (1-based). */
  line: number;
  /** Erased by TypeScript (`import type`, or every name `type`): it loads nothing when it runs. */
  typeOnly: boolean;
}

/** Every `.ts` file under `root` (declarations `.d.ts` aside), relative to it, sorted. */
export function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(root, path);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [relative(root, path)] : [];
    });
}

/**
 * What `file` (relative to `root`) imports of the tree: its imports and `export … from` (type-only
 * ones marked), dynamic `import('…')` and modules it names by `new URL('…', import.meta.url)`
 * (a worker's or a separate process's main, which it loads as surely as an import). Specifiers
 * that are not literal, or lead outside the tree or to no source file, are not edges of the tree.
 */
export function importsOf(root: string, file: string): SourceImport[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: SourceImport[] = [];
  const add = (specifier: ts.Node | undefined, node: ts.Node, typeOnly: boolean): void => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    const to = relative(root, resolve(dirname(join(root, file)), specifier.text.replace(/\.js$/, '.ts')));
    if (to.startsWith('..') || !existsSync(join(root, to)) || !to.endsWith('.ts')) return;
    found.push({ from: file, to, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node, isTypeOnlyImport(node.importClause));
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node, isTypeOnlyExport(node));
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], node, false);
    else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && isImportMetaUrl(node.arguments?.[1]))
      add(node.arguments?.[0], node, false);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isTypeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (clause === undefined) return false; // `import './x.js'`: loaded for its effect
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
}

function isImportMetaUrl(node: ts.Node | undefined): boolean {
  return (
    node !== undefined &&
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'url' &&
    ts.isMetaProperty(node.expression) &&
    node.expression.keywordToken === ts.SyntaxKind.ImportKeyword
  );
}
