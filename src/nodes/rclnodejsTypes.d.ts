// The types of `import rclnodejs from 'rclnodejs'` for the standard nodes (tsconfig's `paths`):
// compat/'s API, whose alias the name resolves to when a node runs. A declaration file, so that
// tsx, which reads the same `paths` for TypeScript user programs, finds nothing to load here and
// resolves `rclnodejs` as Node does, to the alias, and never to a second copy of the client.
export * from '../compat/index.js';
export { default } from '../compat/index.js';
