import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ENTITY_OPS, GRAPH_QUERIES } from '../../../src/port/NodePort.js';
import { repoRoot } from '../../support/helpers.js';

/** Operations that name what they do by an argument: listed by those names instead (`entityOp:gid`), as portSpy records them. */
const DISPATCHED: Readonly<Record<string, readonly string[]>> = { entityOp: ENTITY_OPS, queryGraph: GRAPH_QUERIES };

/** The interfaces declared in src/port/ (its files read as syntax alone: a type checker takes seconds), by name. */
function portInterfaces(): Map<string, ts.InterfaceDeclaration> {
  const folder = join(repoRoot, 'src/port');
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(folder, file), 'utf8'), ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
  }
  return interfaces;
}

/**
 * Every operation of NodePort, read from src/port/: each member that is a function, with those of
 * the interfaces it extends; a member whose type is another interface of src/port/ is a section,
 * whose functions are listed as `section.name`; other members (the interface registry,
 * strictMessages) are data.
 */
export function nodePortOperations(): string[] {
  const interfaces = portInterfaces();
  const operations: string[] = [];
  const walk = (name: string, prefix: string): void => {
    const declaration = interfaces.get(name);
    if (declaration === undefined) throw new Error(`no interface ${name} in src/port/`);
    for (const clause of declaration.heritageClauses ?? []) for (const type of clause.types) walk(type.expression.getText(declaration.getSourceFile()), prefix);
    for (const member of declaration.members) {
      if (member.name === undefined) continue;
      const memberName = `${prefix}${member.name.getText(declaration.getSourceFile())}`;
      const type = ts.isPropertySignature(member) ? member.type : undefined;
      if (ts.isMethodSignature(member) || (type !== undefined && ts.isFunctionTypeNode(type))) {
        operations.push(...(DISPATCHED[memberName]?.map((what) => `${memberName}:${what}`) ?? [memberName]));
      } else if (type !== undefined && ts.isTypeReferenceNode(type) && interfaces.has(type.typeName.getText(declaration.getSourceFile()))) {
        walk(type.typeName.getText(declaration.getSourceFile()), `${memberName}.`);
      }
    }
  };
  walk('NodePort', '');
  return [...new Set(operations)];
}
