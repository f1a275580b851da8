import type { Node } from '../client/Node.js';
import type { JobHandle } from './JobHandle.js';

/** A client the job's own nodes make. */
export type JobClient = ReturnType<Node['createClient']>;

/**
 * Runs `then` once the client's service is there, as rclpy's `wait_for_service` would let it:
 * at once when it is, else when it comes or `timeoutMs` (none: no limit) passes in sim time —
 * `ready` says which — unless the run finished meanwhile.
 */
export function whenServiceReady(job: JobHandle, node: Node, client: JobClient, timeoutMs: number | undefined, then: (ready: boolean) => void): void {
  if (client.isServiceServerAvailable()) then(true);
  else
    node.port.waitForService(client.id, timeoutMs, (ready) => {
      if (!job.finished) then(ready);
    });
}
