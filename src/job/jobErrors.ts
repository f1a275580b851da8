/** A job file that cannot be used: names the file, line and field. */
export class JobFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFileError';
  }
}

/** User code that cannot be loaded (a missing file, a syntax error, a missing export). */
export class JobModuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobModuleError';
  }
}

/** An output that is an input of the command, or another of its outputs: bad input (exit 2), found before anything is written. */
export class OutputCollisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputCollisionError';
  }
}
