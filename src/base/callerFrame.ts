import { basename } from 'node:path';

/** Where a call was made: the calling function, the file by its base name, the line. */
export interface CallerFrame {
  function: string;
  file: string;
  line: number;
}

/**
 * The frame that called `method`, read as rclnodejs reads a logger's caller: `at <function>
 * (<file>:<line>:<column>)`, '(anonymous)' for a frame without a function name. Shared by the
 * simulation's loggers and a client's, so /rosout names the user's function whoever logs it.
 */
// biome-ignore lint/complexity/noBannedTypes: any function can be the frame to start above.
export function callerFrame(method: Function): CallerFrame {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, method);
  const frame = holder.stack?.split('\n')[1] ?? '';
  const match = /^\s*at\s+(?:(.+)\s+\()?(.+):(\d+):\d+\)?$/.exec(frame);
  if (match === null) return { function: 'unknown', file: 'unknown', line: 0 };
  // Program modules are loaded with a query on their URL (rclsim's loader); the file is the path's.
  return { function: match[1] ?? '(anonymous)', file: basename(match[2]!.replace(/[?#].*$/, '')), line: Number(match[3]) };
}
