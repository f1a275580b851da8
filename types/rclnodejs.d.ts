// Lets TypeScript programs written for rclnodejs (`import rclnodejs from 'rclnodejs'`) type-check
// against rclsim's rclnodejs API: add "rclsim/types/rclnodejs.d.ts" to your tsconfig's files.
declare module 'rclnodejs' {
  export * from 'rclsim/rclnodejs';
  import rclnodejs from 'rclsim/rclnodejs';
  export default rclnodejs;
}
