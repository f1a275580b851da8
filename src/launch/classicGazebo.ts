import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { GzserverCommand } from './gzserverCommand.js';
import { SpawnEntityUsageError, spawnEntityArguments } from './spawnEntityArguments.js';

/** gazebo_ros's share folder as rclsim provides it: its worlds/empty.world is gzserver.launch.py's default world. */
const GAZEBO_ROS_SHARE = new URL('../../../assets/ros/share/gazebo_ros/', import.meta.url);

/** A spawn as the job's world takes it from spawn_entity.py (docs/world.md "Classic gazebo_ros"). */
export interface ClassicSpawn {
  file?: string;
  topic?: string;
  database?: string;
  name: string;
  pose: number[];
  timeout?: number;
}

/**
 * The world file gzserver loads: a path (from the process's folder), else a file in the folders of
 * GAZEBO_RESOURCE_PATH (classic's `worlds/empty.world` is one), else gazebo_ros's and Gazebo's
 * empty world, which rclsim has as gazebo_ros's. A world that is none of these stays as given:
 * reading it fails with one line.
 */
export function classicWorldFile(command: GzserverCommand, cwd: string, resourceFolders: readonly string[]): string {
  const name = command.world ?? 'worlds/empty.world';
  const direct = isAbsolute(name) ? name : resolve(cwd, name);
  if (existsSync(direct)) return direct;
  for (const folder of resourceFolders) if (existsSync(join(folder, name))) return join(folder, name);
  for (const candidate of [name, `worlds/${name}`]) {
    const builtIn = new URL(candidate, GAZEBO_ROS_SHARE);
    if (candidate.endsWith('empty.world') && existsSync(builtIn)) return builtIn.pathname;
  }
  return direct;
}

/**
 * What spawn_entity.py asks the factory for, or the one line saying why it spawns nothing there:
 * argparse's error (exit code 2), or what rclsim refuses — `-stdin` (a launched process's standard
 * input is empty), a `-reference_frame` other than the world's, a `-gazebo_namespace` (its
 * services would be looked for under it). `-wait`, `-unpause`, `-b` and `-robot_namespace` are lines of their own,
 * the spawn goes on.
 */
export function spawnEntityRequest(words: readonly string[]): { spawn: ClassicSpawn | null; lines: string[] } {
  const lines: string[] = [];
  let args: ReturnType<typeof spawnEntityArguments>;
  try {
    args = spawnEntityArguments(words);
  } catch (error) {
    if (!(error instanceof SpawnEntityUsageError)) throw error;
    const said = error.exitCode === 0 ? error.message : `spawn_entity.py: error: ${error.message}`;
    return { spawn: null, lines: [`${said} (it exits with code ${error.exitCode}, as upstream's argparse makes it: nothing is spawned)`] };
  }
  const refused = (why: string) => ({ spawn: null, lines: [...lines, `${why}: nothing is spawned`] });
  if (args.stdin)
    return refused("spawn_entity.py -stdin reads a launched process's standard input, which is empty ('Error: stdin buffer was empty', exit code 1)");
  if (!['', 'world', 'map', '/map'].includes(args.reference_frame))
    return refused(`spawn_entity.py -reference_frame ${args.reference_frame}: rclsim spawns in the world's frame only`);
  if (args.gazebo_namespace !== '')
    return refused(
      `spawn_entity.py -gazebo_namespace ${args.gazebo_namespace}: gzserver's gazebo_ros_factory offers /spawn_entity, not ${args.gazebo_namespace}/spawn_entity (it times out there)`,
    );
  if (args.file !== undefined && !existsSync(args.file))
    return refused(`spawn_entity.py -file ${args.file}: no such file (upstream's spawn_entity.py then fails on its own error line and exits with code 1)`);
  const timeout = args.spawn_service_timeout ?? args.timeout;
  if (args.spawn_service_timeout !== undefined) lines.push("spawn_entity.py: '-spawn_service_timeout' is deprecated, use '-timeout' instead");
  if (timeout < 0) return refused('spawn_entity.py: spawn_entity timeout must be greater than zero (exit code 1)');
  if (args.wait !== undefined) lines.push(`spawn_entity.py -wait ${args.wait} is not modeled: it spawns at once`);
  if (args.unpause) lines.push('spawn_entity.py -unpause is not modeled: a world started paused stays paused');
  if (args.bond) lines.push('spawn_entity.py -b is not modeled: the entity is not deleted when it ends');
  if (args.robot_namespace !== '')
    lines.push(`spawn_entity.py -robot_namespace ${args.robot_namespace} is not modeled: each plugin keeps its own <ros><namespace>`);
  const source = args.file !== undefined ? { file: args.file } : args.topic !== undefined ? { topic: args.topic } : { database: args.database! };
  return {
    spawn: {
      ...source,
      name: args.entity,
      pose: [args.x, args.y, args.z, args.R, args.P, args.Y],
      ...(timeout === 30 ? {} : { timeout }),
    },
    lines,
  };
}
