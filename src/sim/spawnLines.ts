import { LoggingSeverity } from '../ros/LogOutput.js';
import type { SpawnEntry } from '../world/WorldConfig.js';

export type SpawnLine = readonly [LoggingSeverity, string];

/** What a spawning node logs: when it starts (and waits for its topic), when the model is in, when the name is taken. */
export interface SpawnLines {
  readonly started: readonly SpawnLine[];
  created(name: string): SpawnLine[];
  exists(name: string): SpawnLine[];
}

const { INFO, ERROR } = LoggingSeverity;

/**
 * ros_gz_sim's create (create.cpp: the topic as given, then the result) or gazebo_ros's
 * spawn_entity.py (gazebo_ros_pkgs ros2, gazebo_ros/scripts/spawn_entity.py main() and run(),
 * with gazebo_ros_factory.cpp's status messages; no gazebo namespace, so `/spawn_entity`).
 */
export function spawnLines(spawn: SpawnEntry): SpawnLines {
  const source = spawn.source;
  if (spawn.classic === undefined) {
    return {
      started: 'topic' in source ? [[INFO, `Waiting messages on topic [${source.given}].`]] : [],
      created: () => [[INFO, 'Entity creation successfull.']],
      exists: () => [[ERROR, 'Entity creation failed.']],
    };
  }
  const loading: SpawnLine[] =
    'file' in source
      ? [[INFO, `Loading entity XML from file ${source.file}`]]
      : 'topic' in source
        ? [
            [INFO, `Loading entity published on topic ${source.given}`],
            [INFO, `Waiting for entity xml on ${source.given}`],
          ]
        : 'database' in source
          ? [[INFO, 'Loading entity XML from Gazebo Model Database']]
          : [];
  const calling: SpawnLine[] = [
    [INFO, `Waiting for service /spawn_entity, timeout = ${pythonRounded(spawn.classic.timeout)}`],
    [INFO, 'Waiting for service /spawn_entity'],
    [INFO, 'Calling service /spawn_entity'],
  ];
  return {
    started: [[INFO, 'Spawn Entity started'], ...loading],
    created: (name) => [...calling, [INFO, `Spawn status: SpawnEntity: Successfully spawned entity [${name}]`]],
    exists: (name) => [...calling, [INFO, `Spawn status: Entity [${name}] already exists.`], [ERROR, 'Spawn service failed. Exiting.']],
  };
}

/** Python's `'%.f' % value`: rounded half to even. */
function pythonRounded(value: number): string {
  const floor = Math.floor(value);
  const rest = value - floor;
  return String(rest > 0.5 || (rest === 0.5 && floor % 2 !== 0) ? floor + 1 : floor);
}
