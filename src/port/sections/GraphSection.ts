import type { GraphQueryName } from '../NodePort.js';

/** The node port's graph section: what the ROS graph holds, as a node asks it: names, types, counts, endpoints' info, whether a service is there (proto/node.proto: GraphQuery, Await for a service). */
export interface GraphSection {
  /** Whether a service server is matched now. */
  serviceIsReady(client: number): boolean;

  /** A graph query of `node` (rclnodejs's method of that name) with its arguments: names, types, counts. */
  queryGraph(node: number, query: GraphQueryName, args: readonly (string | boolean)[]): unknown;

  /**
   * `onSettled(true)` once a server matches the client, `onSettled(false)` after `timeoutMs` of
   * sim time (none: no limit); it runs where a promise continuation of that event would.
   */
  waitForService(client: number, timeoutMs: number | undefined, onSettled: (available: boolean) => unknown): void;
}
