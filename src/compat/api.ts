/**
 * The rclnodejs API inside rclsim's own process: the client (client/rclnodejs.ts), each program
 * reaching the simulation through its DirectPort — the same client a program in its own process
 * runs over its socket.
 */
import { useDirectPorts } from './directPorts.js';

useDirectPorts();

export * from '../client/rclnodejs.js';
