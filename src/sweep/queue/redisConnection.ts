import { Redis } from 'ioredis';

/** The BullMQ queue every sweep puts its runs on, and every `rclsim worker` takes them from. */
export const RUNS_QUEUE = 'rclsim-runs';

/**
 * A connection to `redis://HOST:PORT[/DB]` as BullMQ needs it (blocking commands wait as long as
 * they must). It reconnects by itself; an outage is said once, in one line, and so is its end.
 */
export function redisConnection(url: string, say: (line: string) => void): Redis {
  if (!/^rediss?:\/\//.test(url)) throw new Error(`'${url}' is no Redis URL (redis://HOST:PORT)`);
  const connection = new Redis(url, { maxRetriesPerRequest: null });
  let down = false;
  connection.on('error', (error: Error) => {
    if (down) return;
    down = true;
    say(`Redis at ${url} is unreachable (${(error as NodeJS.ErrnoException).code ?? error.message}); trying again`);
  });
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    say(`Redis at ${url} is back`);
  });
  return connection;
}
