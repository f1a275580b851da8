/**
 * The wall time one run may take before it counts as hung, unless told otherwise: a sweep file's
 * `timeout`, the queue worker's pool, and `verify`/`explore --timeout` share it.
 */
export const RUN_TIMEOUT_MS = 10 * 60_000;
