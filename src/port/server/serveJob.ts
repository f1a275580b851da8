import { valueFromJson, valueToJson } from '../wire/nodeMessages.js';
import { type Handlers, json, type ServedProgram } from './ServedProgram.js';
import type { ServerOptions } from './ServerOptions.js';
import { bagHandler } from './serveBag.js';
import { worldJointsHandler } from './serveWorldJoints.js';

/** The job section's requests: a component's job operations, a proposed start time, the program's assertions, its bags and its world joints. */
export function jobHandlers(program: ServedProgram, { bags, world }: Pick<ServerOptions, 'bags' | 'world'>): Handlers<'job'> {
  const { port } = program;
  return {
    job: (op) => {
      if (op.finish !== undefined) port.finishJob(op.finish);
      else if (op.setResult !== undefined) port.setResult(op.setResult.name, valueFromJson(op.setResult.valueJson));
      else if (op.getResult !== undefined) return json(undefined, valueToJson(port.getResult(op.getResult)));
      else if (op.startNs !== undefined) return json(undefined, JSON.stringify(port.proposeStartTime(BigInt(op.startNs))));
      else {
        const hook = op.onEnd!;
        // A life of a program that ended has no end to run (a respawned one registers its own).
        port.onEnd(() => {
          if (!program.ended) program.run({ kind: 'END_HOOK', entity: hook });
        });
      }
      return undefined;
    },
    assertion: ({ kind, message, holds, detailsJson }) => {
      port.assertion(kind.toLowerCase() as Lowercase<typeof kind>, message, holds, detailsJson);
      return undefined;
    },
    bag: bagHandler(bags),
    worldJoints: worldJointsHandler(world),
  };
}
