import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port of 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/** Debian's redis-server (.ci/run installs it) on `port`, in memory only, with the eviction policy BullMQ needs; resolves once it answers. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
    stdio: 'ignore',
  });
  let failed: Error | undefined;
  redis.once('error', (error) => (failed = error));
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return redis;
    // One that could not start or ended (the port taken) fails here, not in every test after.
    if (failed !== undefined || redis.exitCode !== null || redis.signalCode !== null)
      throw new Error(`redis-server on port ${port} ended before it answered (${failed?.message ?? redis.signalCode ?? `exit ${redis.exitCode}`})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  redis.kill();
  throw new Error(`redis-server on port ${port} did not answer within 100 pings`);
}
