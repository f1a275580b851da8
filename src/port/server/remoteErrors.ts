/** What a separate program reported as failing, as the simulation's errors: the run's lines name them as an in-process failure's. */

/** A separate program's callback failed: its error as the program described it. */
export class RemoteCallbackError extends Error {
  override name = 'RemoteCallbackError';
}

/** Bad input a separate program met (a parameter override out of the range it declared …), as the simulation told it: the run's line, exit code 2. */
export class RemoteInputError extends Error {
  override name = 'RemoteInputError';
}

/** A separate program's code could not be loaded (a syntax error, a module not found): why, as the program's loader said. */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** A separate program that ended other than by process.exit(0): its exit code, an error nothing in it handled, or its process's death. */
