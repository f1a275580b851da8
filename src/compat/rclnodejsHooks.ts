/**
 * ES module resolve hook (registered with module.register): `import … from 'rclnodejs'`
 * resolves to rclsim's rclnodejs-shaped module.
 */
let target = '';

export async function initialize(data: { target: string }): Promise<void> {
  target = data.target;
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
  return nextResolve(specifier, context);
}
