import type { GraphQueryName } from '../NodePort.js';
import { valueToJson } from '../wire/nodeMessages.js';
import { type Handlers, json, type ServedProgram } from './ServedProgram.js';

/** The graph section's requests: rclnodejs's graph queries by name, whether a service is ready, a node's entities. */
export function graphHandlers(program: ServedProgram): Handlers<'graph'> {
  const { port } = program;
  return {
    graph: ({ query, arguments: args }) => {
      if (query === 'service_is_ready') return json(port.serviceIsReady(Number(args[0])));
      if (query === 'nodeEntities') return json(port.nodeEntities(Number(args[0])));
      const [node, ...rest] = args;
      const answer = port.queryGraph(
        Number(node),
        query as GraphQueryName,
        rest.map((arg) => JSON.parse(arg) as string | boolean),
      );
      return json(undefined, valueToJson(answer));
    },
  };
}
