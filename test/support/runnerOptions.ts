/**
 * What `npm test` (scripts/test.mjs) gives node --test besides its files. `--test-force-exit`: a
 * file's process ends once its tests have, even when a child a failed test left (its pipes, a
 * socket) would keep it alive: node:test sets no time limit, and such a file held its slot of the
 * three for 14 minutes of a fresh clone's run (test/house/testRunner.test.ts).
 */
export const RUNNER_OPTIONS = ['--test-concurrency=3', '--test-force-exit'];
