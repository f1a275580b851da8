import { setPortResolver } from '../client/currentPort.js';
import { DirectPort } from '../port/DirectPort.js';
import type { NodePort } from '../port/NodePort.js';
import { Simulation } from '../sim/Simulation.js';

/** The port of the program whose code runs in the simulation of this thread. */
function runningProgramPort(): NodePort {
  return DirectPort.of(Simulation.current().currentProgram());
}

/**
 * Makes the client in this process reach the running simulation's programs through their
 * DirectPorts. Here, above both, so that the port's simulation side need not know the client.
 */
export function useDirectPorts(): void {
  setPortResolver(runningProgramPort);
}
