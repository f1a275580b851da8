import type { NodePort } from '../port/NodePort.js';

// A separate program's process runs one program: its port is a fact of the process, set once by
// the program's host before the program's code loads (port/programMain.ts).
let port: NodePort | null = null;

export function setProgramPort(programPort: NodePort): void {
  if (port !== null) throw new Error('the program port is set once per process');
  port = programPort;
}

/** The port of the program this process runs. */
export function programPort(): NodePort {
  if (port === null) throw new Error('no program port: this module is loaded by a separate program run by rclsim');
  return port;
}
