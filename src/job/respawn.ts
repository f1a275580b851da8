import type { Program } from '../sim/Program.js';

/** on_exit: respawn, as launch's ExecuteProcess has it: `respawn_delay` of sim time, at most `maxRetries` times (null: no limit). */
export interface Respawn {
  kind: 'respawn';
  delay: bigint;
  maxRetries: number | null;
}

/**
 * What on_exit: respawn does when `life` of `program` ended now (absolute ns): start it again,
 * or not, and why in words that follow the line saying how it ended.
 *
 * - Past `respawn_max_retries` respawns it stays down and the run goes on without it, as launch
 *   leaves it (ros2/launch, launch/actions/execute_local.py: `respawn_max_retries`, negative:
 *   no limit, the default).
 * - A respawned life that ends at the very instant it started (respawn_delay 0) fails the run as
 *   on_exit: fail would: its next life would start at that instant again, and so on forever,
 *   while sim time stands still (a start costs no sim time, unlike a real process's).
 */
export function respawnVerdict(
  program: Program,
  respawn: Respawn,
  life: number,
  now: bigint,
): { kind: 'again' } | { kind: 'stop'; why: string } | { kind: 'fail'; why: string } {
  if (respawn.delay === 0n && life > 1 && program.startedAt === now) {
    return {
      kind: 'fail',
      why: `it ended at the sim instant its respawn started it (life ${life}, respawn_delay 0): starting it again would repeat forever; the run fails (on_exit: respawn)`,
    };
  }
  if (respawn.maxRetries !== null && life > respawn.maxRetries) {
    return {
      kind: 'stop',
      why: `it is not started again after ${respawn.maxRetries} respawn${respawn.maxRetries === 1 ? '' : 's'} (respawn_max_retries); its nodes left the graph (on_exit: respawn)`,
    };
  }
  return { kind: 'again' };
}
