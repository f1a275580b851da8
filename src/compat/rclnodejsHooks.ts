import { fileURLToPath } from 'node:url';
import { isRclnodejsEntry } from './rclnodejsEntry.js';

/**
 * ES module resolve hook (registered with module.register): `import … from 'rclnodejs'`
 * (or of the entry point of an rclnodejs checkout) resolves to rclsim's rclnodejs-shaped module.
 */
let target = '';
/** Other specifiers that resolve to rclsim's modules (RclnodejsTarget.packages), to their URLs. */
let packages: Readonly<Record<string, string>> = {};

export async function initialize(data: { target: string; packages: Readonly<Record<string, string>> }): Promise<void> {
  target = data.target;
  packages = data.packages;
}

interface ResolveResult {
  url: string;
  shortCircuit?: boolean;
}

export async function resolve(
  specifier: string,
  context: unknown,
  nextResolve: (specifier: string, context: unknown) => Promise<ResolveResult>,
): Promise<ResolveResult> {
  if (specifier === 'rclnodejs') return { url: target, shortCircuit: true };
  const aliased = packages[specifier];
  if (aliased !== undefined) return { url: aliased, shortCircuit: true };
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.startsWith('file:') && isRclnodejsEntry(fileURLToPath(resolved.url))) {
    return { url: target, shortCircuit: true };
  }
  return resolved;
}
