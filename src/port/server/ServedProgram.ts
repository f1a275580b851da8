import type { Executable } from '../../engine/Executable.js';
import type { DirectPort } from '../DirectPort.js';
import type { InterfaceCdr } from '../wire/InterfaceCdr.js';
import type { Done, Outgoing, Run, ToClient, ToSimulation } from '../wire/nodeMessages.js';
import type { Section, SectionFields } from '../wire/nodePortOps.js';

/** A callback to run in the program: the Run without its number and time, which the server adds. */
export type RunRequest = Omit<Outgoing<Run>, 'run' | 'nowNs'>;

/** What a request is answered with (none: an effect, answered empty when asked). */
export type Answer = Outgoing<ToClient> | undefined;

/**
 * The serving of one section's requests: a handler for each ToSimulation field the .proto gives
 * the section (wire/nodePortOps.ts, generated), so that a handler missing is a type error.
 */
export type Handlers<S extends Section> = { [K in SectionFields[S]]: (request: NonNullable<ToSimulation[K]>) => Answer };

/** Every section's handlers: the simulation's side of the node port. */
export type HandlerTable = { [S in Section]: Handlers<S> };

/**
 * A separate program as the section handlers (serve*.ts) see it: the port whose calls answer its
 * requests (an in-process program's own), and how to run one of its callbacks.
 */
export interface ServedProgram {
  readonly port: DirectPort;
  readonly cdr: InterfaceCdr;
  /** Runs one callback in the program (Run, then its requests served until Done); throws what the callback threw. */
  run(request: RunRequest): Done;
  /** Whether the program's own callback group lets the entity's callback run now (an ended program's never runs). */
  mayRun(entity: Executable): boolean;
  /** Set once the program ended: nothing of it runs any more. */
  readonly ended: boolean;
}

/** An answer of JSON text (the value's, or `text` as given). */
export function json(value: unknown, text = JSON.stringify(value)): Outgoing<ToClient> {
  return { answer: { json: text } };
}
