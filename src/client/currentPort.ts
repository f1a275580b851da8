import type { NodePort } from '../port/NodePort.js';

// Whose port a call without a node or context uses (rclnodejs's module functions, `new Context()`,
// `new Clock()`): a separate program's process has one port; the simulation's process has one per
// program and finds the program whose code runs. Set once per process by what hosts the client.
let resolver: (() => NodePort) | null = null;

export function setPortResolver(resolve: () => NodePort): void {
  if (resolver !== null && resolver !== resolve) throw new Error('the client port resolver is set once per process');
  resolver = resolve;
}

/** The port of the program whose code is running. */
export function currentPort(): NodePort {
  if (resolver === null) throw new Error('no rclsim simulation is running: rclnodejs calls work inside one (rclsim run, exec or runJob)');
  return resolver();
}
