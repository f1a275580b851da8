/**
 * A world that cannot be read: a description, a mesh, a map or a bridge's configuration with
 * something wrong in it. One line, naming the file and where in it; a run that meets one ends
 * as it ends for any bad input (exit code 2).
 */
export class WorldInputError extends Error {
  override readonly name: string = 'WorldInputError';
}
