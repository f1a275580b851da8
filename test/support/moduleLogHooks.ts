import { appendFileSync } from 'node:fs';

// Module hooks (node:module register) that append every module's URL to the file named by
// RCLSIM_MODULE_LOG as it loads, on every thread: what a command loads, counted by a test.

export async function load(url: string, context: object, next: (url: string, context: object) => Promise<unknown>): Promise<unknown> {
  appendFileSync(process.env.RCLSIM_MODULE_LOG!, `${url}\n`);
  return next(url, context);
}
