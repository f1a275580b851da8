import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { attribute, childrenNamed, readXml, type XmlElement } from '../base/xmlReader.js';
import { type ClassicSpawn, classicWorldFile, spawnEntityRequest } from './classicGazebo.js';
import { gzserverCommand } from './gzserverCommand.js';
import type { LaunchAction, PlanNode, PlanProcess } from './launchPlan.js';
import { shellWords } from './shellWords.js';

/** A spawn of the job's world: create's (ros_gz_sim) or spawn_entity.py's (gazebo_ros); `id` its launch action's (its exit's handlers). */
type LaunchedSpawn =
  | { file?: string; string?: string; topic?: string; name?: string; pose: number[]; allow_renaming?: boolean; at?: string; id?: string }
  | (ClassicSpawn & { at?: string; id?: string });

/** The job file's `world:` section as launch files give it (job/worldSection.ts reads it). */
export interface LaunchedWorld {
  sdf?: string;
  sdf_string?: string;
  resource_path: string[];
  paused?: boolean;
  /** Classic Gazebo's server runs the world: its system plugins (`-s`) and ROS arguments. */
  gzserver?: { plugins: string[]; ros_arguments?: string[] };
  spawn: LaunchedSpawn[];
  bridge_nodes: { name: string; namespace?: string; at?: string; bridge: (string | { config_file: string })[] }[];
}

/** What Gazebo's actions of a plan give: the world, the actions left for the rest, and lines about what is left out. */
export interface GazeboPart {
  world: LaunchedWorld | undefined;
  actions: LaunchAction[];
  warnings: string[];
}

/** The world files gz-sim ships that launch files name by name (`gz_args:=empty.sdf`), rclsim's own. */
const BUILT_IN_WORLDS = new URL('../../../assets/worlds/', import.meta.url);

/**
 * Gazebo as launch files start it, taken out of the plan into the job's world: `gz sim` (from
 * ros_gz_sim's gz_sim.launch.py, or any ExecuteProcess of `gz sim` / `ign gazebo`), ros_gz_sim's
 * `gzserver` node, its `create` (the models it spawns), ros_gz_bridge's `parameter_bridge` and
 * `bridge_node` (their bridges), at the times the launch starts them (a TimerAction's delay).
 * Classic Gazebo too: `gzserver` or `gazebo` (gazebo_ros's gzserver.launch.py and
 * gazebo.launch.py) with its world, `-u`, `-s` plugins and ROS arguments, `gzclient` (one line),
 * and gazebo_ros's spawn_entity.py (a spawn of the classic world).
 * Model folders: each package's `<export><gazebo_ros gazebo_model_path=…>` (as gz_sim.launch.py
 * and gzserver.launch.py add them), then GZ_SIM_RESOURCE_PATH and GAZEBO_MODEL_PATH as launch sets them.
 * `prefixes`: the install prefixes, first wins; `label` names an action for a line.
 */
export function gazeboActions(actions: readonly LaunchAction[], prefixes: readonly string[], label: (action: LaunchAction) => string): GazeboPart {
  let world: LaunchedWorld | undefined;
  const warnings: string[] = [];
  const resourcePaths = new Set<string>(modelPathExports(prefixes));
  const theWorld = (): LaunchedWorld => {
    world ??= { resource_path: [], spawn: [], bridge_nodes: [] };
    return world;
  };
  const at = (delayNs: number): { at?: string } => (delayNs === 0 ? {} : { at: `${delayNs}ns` });
  /** Which server each spawn asks: a spawn only the other server's would serve is one line at the end. */
  const spawners: { label: string; classic: boolean }[] = [];
  const resourceFolders = new Set<string>();

  const walk = (list: readonly LaunchAction[], delayNs: number): LaunchAction[] => {
    const kept: LaunchAction[] = [];
    for (const action of list) {
      if (action.kind === 'timer') {
        const inner = walk(action.actions, delayNs + Math.round(action.period * 1e9));
        if (inner.length > 0) kept.push({ ...action, actions: inner });
        continue;
      }
      if (action.kind === 'process' || action.kind === 'node') {
        for (const variable of ['GZ_SIM_RESOURCE_PATH', 'GAZEBO_MODEL_PATH'])
          for (const path of (action.env[variable] ?? '').split(':')) if (path !== '') resourcePaths.add(path);
        for (const path of (action.env.GAZEBO_RESOURCE_PATH ?? '').split(':')) if (path !== '') resourceFolders.add(path);
      }
      if (action.kind === 'process') {
        const classic = gzserverCommand(commandWords(action) ?? []);
        if (classic !== null) {
          for (const flag of classic.notModeled) warnings.push(`${label(action)}: ${classic.program} ${flag} is not modeled; it is left out`);
          if (classic.program !== 'gzserver')
            warnings.push(`${label(action)}: ${classic.program} runs Gazebo's GUI, which is not modeled: rclsim's world has no GUI; it is left out`);
          if (classic.printsOnly !== null) warnings.push(`${label(action)}: ${classic.program} ${classic.printsOnly} prints and exits: it runs no world`);
          if (classic.program === 'gzclient' || classic.printsOnly !== null) continue;
          const w = theWorld();
          w.sdf = classicWorldFile(classic, action.cwd ?? '.', [...resourceFolders, ...(process.env.GAZEBO_RESOURCE_PATH ?? '').split(':').filter(Boolean)]);
          w.gzserver = { plugins: classic.plugins, ...(classic.rosArguments.length === 0 ? {} : { ros_arguments: classic.rosArguments }) };
          if (classic.paused) w.paused = true;
          continue;
        }
        const gz = gzSim(action);
        if (gz === null) {
          kept.push(action);
          continue;
        }
        if (gz.world === null) {
          warnings.push(
            `${label(action)}: gz sim ${gz.guiOnly ? '-g (the GUI alone)' : 'without a world'} is not modeled: rclsim's world has no GUI; it is left out`,
          );
          continue;
        }
        const w = theWorld();
        w.sdf = worldFile(gz.world, action.cwd ?? '.', [...resourcePaths]);
        if (!gz.running) w.paused = true;
        continue;
      }
      if (action.kind !== 'node') {
        kept.push(action);
        continue;
      }
      const known = `${action.package}/${action.executable}`;
      if (known === 'ros_gz_sim/gzserver') {
        const params = parameterValues(action);
        const w = theWorld();
        const file = text(params.world_sdf_file);
        if (file !== '') w.sdf = file;
        else if (text(params.world_sdf_string) !== '') w.sdf_string = text(params.world_sdf_string);
        else warnings.push(`${label(action)}: gzserver got neither world_sdf_file nor world_sdf_string: it ends at once, as upstream's does`);
      } else if (known === 'ros_gz_sim/create') {
        const request = createRequest(action);
        if (request === null) warnings.push(`${label(action)}: create got no file, string or topic: it ends with an error, as upstream's does`);
        else {
          theWorld().spawn.push({ ...request, ...at(delayNs), id: action.id });
          spawners.push({ label: label(action), classic: false });
        }
      } else if (known === 'gazebo_ros/spawn_entity.py') {
        const request = spawnEntityRequest(ownArguments(action.arguments));
        for (const line of request.lines) warnings.push(`${label(action)}: ${line}`);
        if (request.spawn !== null) {
          theWorld().spawn.push({ ...request.spawn, ...at(delayNs), id: action.id });
          spawners.push({ label: label(action), classic: true });
        }
      } else if (known === 'ros_gz_bridge/parameter_bridge' || known === 'ros_gz_bridge/bridge_node') {
        theWorld().bridge_nodes.push({ ...bridgeNode(action), ...at(delayNs) });
      } else if (known === 'ros_gz_image/image_bridge') {
        // ros_gz_image's image_bridge.cpp: node `ros_gz_image`; per argument, the gz image topic to
        // a ROS image topic of the same name (image_transport's raw topic), converted as ros_gz_bridge does.
        const topics = action.arguments.slice(0, action.arguments.includes('--ros-args') ? action.arguments.indexOf('--ros-args') : undefined);
        theWorld().bridge_nodes.push({
          name: action.name ?? 'ros_gz_image',
          ...(action.namespace === null || action.namespace === '/' ? {} : { namespace: action.namespace }),
          bridge: topics.map((topic) => `${topic}@sensor_msgs/msg/Image[gz.msgs.Image`),
          ...at(delayNs),
        });
      } else {
        kept.push(action);
      }
    }
    return kept;
  };
  const actionsLeft = walk(actions, 0);
  if (world !== undefined) {
    // gz-sim passes over a folder that is not there, as a launch file's paths often are.
    world.resource_path = [...resourcePaths].filter((folder) => existsSync(folder));
    const classic = world.gzserver !== undefined;
    const plugins = world.gzserver?.plugins ?? [];
    const factory = plugins.some((plugin) => /^(lib)?gazebo_ros_factory(\.so)?$/.test(plugin));
    const kept = world.spawn.filter((_spawn, i) => {
      const spawner = spawners[i]!;
      if (spawner.classic !== classic) {
        warnings.push(
          spawner.classic
            ? `${spawner.label}: spawn_entity.py calls gazebo_ros_factory's /spawn_entity, which only classic Gazebo's gzserver offers: it times out, nothing is spawned`
            : `${spawner.label}: create calls gz-sim's /world/<name>/create, which classic Gazebo's gzserver does not offer: it times out, nothing is spawned`,
        );
        return false;
      }
      if (classic && !factory) {
        warnings.push(
          `${spawner.label}: spawn_entity.py waits for /spawn_entity, which gzserver offers only with -s libgazebo_ros_factory.so: it times out, nothing is spawned`,
        );
        return false;
      }
      return true;
    });
    world.spawn = kept;
  }
  return { world, actions: actionsLeft, warnings };
}

/** A process's command as words (a shell line split as the shell would); null when a shell line needs more than quoting. */
function commandWords(action: PlanProcess): string[] | null {
  try {
    return action.shell ? shellWords(action.cmd.join(' ')) : action.cmd.flatMap((part) => part.split(' ').filter(Boolean));
  } catch {
    return null;
  }
}

/** `gz sim …` (or `ruby $(which gz) sim`, `ign gazebo`) in a process's command: its flags and world, or null when it is none. */
function gzSim(action: PlanProcess): { world: string | null; running: boolean; guiOnly: boolean } | null {
  const words = commandWords({ ...action, cmd: action.cmd.map((part) => part.replace('$(which gz)', 'gz').replace('$(which ign)', 'ign')) });
  if (words === null) return null;
  const start = words.findIndex((word, i) => (/(^|\/)gz$/.test(word) && words[i + 1] === 'sim') || (/(^|\/)ign$/.test(word) && words[i + 1] === 'gazebo'));
  if (start < 0) return null;
  const rest = words.slice(start + 2);
  let world: string | null = null;
  let running = false;
  let server = false;
  let gui = false;
  // gz sim's options with a value (cmdsim.rb): the value is the next word unless joined.
  const valued = new Set([
    '-v',
    '--verbose',
    '--iterations',
    '--force-version',
    '-z',
    '--initial-sim-time',
    '--seed',
    '--render-engine',
    '--render-engine-gui',
    '--render-engine-server',
    '--physics-engine',
    '--gui-config',
    '--network-role',
    '--network-secondaries',
    '--record-path',
    '--record-period',
    '--record-topic',
    '--log-compress',
    '--playback',
    '--record-resources',
  ]);
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '-r') running = true;
    else if (word === '-s') server = true;
    else if (word === '-g') gui = true;
    else if (/^-[rsg]+$/.test(word)) {
      running ||= word.includes('r');
      server ||= word.includes('s');
      gui ||= word.includes('g');
    } else if (valued.has(word)) i++;
    else if (!word.startsWith('-')) world ??= word;
  }
  // -s wins over -g; -g alone is the GUI of a server started elsewhere.
  const guiOnly = gui && !server;
  return { world: guiOnly ? null : world, running, guiOnly };
}

/** A world named as gz sim finds it: a path, else in the resource paths, else a world gz-sim ships (rclsim's own). */
function worldFile(name: string, cwd: string, resourcePaths: readonly string[]): string {
  const direct = isAbsolute(name) ? name : resolve(cwd, name);
  if (existsSync(direct)) return direct;
  for (const folder of resourcePaths) if (existsSync(join(folder, name))) return join(folder, name);
  const builtIn = new URL(name, BUILT_IN_WORLDS);
  if (existsSync(builtIn)) return builtIn.pathname;
  return direct;
}

/**
 * Each package's exported model folders (`<export><gazebo_ros gazebo_model_path="${prefix}/models"/>`,
 * ${prefix} its share folder), as gz_sim.launch.py adds them; a manifest that is no XML exports none.
 */
function modelPathExports(prefixes: readonly string[]): string[] {
  const folders: string[] = [];
  for (const prefix of prefixes) {
    const share = join(prefix, 'share');
    if (!existsSync(share)) continue;
    for (const pkg of readdirSync(share).sort()) {
      const manifest = join(share, pkg, 'package.xml');
      if (!existsSync(manifest)) continue;
      let roots: XmlElement[];
      try {
        roots = readXml(readFileSync(manifest, 'utf8'));
      } catch {
        continue;
      }
      for (const exports of roots.flatMap((root) => childrenNamed(root, 'export')))
        for (const gazebo of childrenNamed(exports, 'gazebo_ros'))
          for (const path of (attribute(gazebo, 'gazebo_model_path') ?? '').split(':'))
            if (path !== '') folders.push(path.replace(/\$\{prefix\}/g, join(share, pkg)));
    }
  }
  return folders;
}

/**
 * A node's parameter values, as rcl gives them to it: launch's `parameters=` (files read too),
 * then those of its ROS arguments (`arguments=['--ros-args', '-p', 'config_file:=…']` and
 * `ros_arguments=`), `-p`/`--param` over `--params-file`, later over earlier.
 */
function parameterValues(action: PlanNode): Record<string, unknown> {
  const files: string[] = [];
  const values: [string, string][] = [];
  for (const entry of action.parameters) {
    if ('values' in entry) values.push(...entry.values);
    else files.push(entry.file);
  }
  for (const words of [rosArguments(action.arguments), action.ros_arguments]) {
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const next = words[i + 1];
      if ((word === '-p' || word === '--param') && next !== undefined) {
        const at = next.indexOf(':=');
        if (at > 0) values.push([next.slice(0, at), next.slice(at + 2)]);
        i++;
      } else if (word === '--params-file' && next !== undefined) {
        files.push(next);
        i++;
      }
    }
  }
  const result: Record<string, unknown> = {};
  for (const file of files) {
    const data = parseYaml(readFileSync(file, 'utf8')) as Record<string, { ros__parameters?: Record<string, unknown> }> | null;
    for (const node of Object.values(data ?? {})) Object.assign(result, node?.ros__parameters ?? {});
  }
  for (const [name, yaml] of values) result[name] = parseYaml(yaml);
  return result;
}

/** The words of a node's arguments between `--ros-args` and `--` (or their end). */
function rosArguments(args: readonly string[]): string[] {
  const words: string[] = [];
  let inside = false;
  for (const word of args) {
    if (word === '--ros-args') inside = true;
    else if (word === '--') inside = false;
    else if (inside) words.push(word);
  }
  return words;
}

/** A node's arguments before its ROS arguments: its own flags. */
function ownArguments(args: readonly string[]): string[] {
  const end = args.indexOf('--ros-args');
  return end < 0 ? [...args] : args.slice(0, end);
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/**
 * What ros_gz_sim's create asks for (create.cpp): its ROS parameters first (`file` over `string`
 * over `topic`; each pose parameter over its flag when it is not 0), else its flags (`-file` over
 * `-param` over `-string` over `-topic`).
 */
function createRequest(action: PlanNode): LaunchedWorld['spawn'][number] | null {
  const params = parameterValues(action);
  const flags = new Map<string, string>();
  const args = ownArguments(action.arguments);
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word.startsWith('-') && i + 1 < args.length) flags.set(word.replace(/^-+/, ''), args[++i]!);
    else if (word.startsWith('-')) flags.set(word.replace(/^-+/, ''), 'true');
  }
  const number = (name: string): number => {
    const param = Number(params[name] ?? 0);
    return param !== 0 ? param : Number(flags.get(name) ?? 0);
  };
  const pose = [number('x'), number('y'), number('z'), number('R'), number('P'), number('Y')];
  const name = text(params.name) || flags.get('name') || undefined;
  const allowRenaming = params.allow_renaming === true || params.allow_renaming === 'true' || flags.get('allow_renaming') === 'true';
  const base = { pose, ...(name === undefined ? {} : { name }), ...(allowRenaming ? { allow_renaming: true } : {}) };
  if (text(params.file) !== '') return { ...base, file: text(params.file) };
  if (text(params.string) !== '') return { ...base, string: text(params.string) };
  if (text(params.topic) !== '') return { ...base, topic: text(params.topic) };
  if (flags.has('file')) return { ...base, file: flags.get('file')! };
  if (flags.has('param')) return { ...base, string: text(params[flags.get('param')!]) };
  if (flags.has('string')) return { ...base, string: flags.get('string')! };
  if (flags.has('topic')) return { ...base, topic: flags.get('topic')! };
  return null;
}

/** A bridge node: its name, namespace, command-line bridges and config file (parameter_bridge.cpp). */
function bridgeNode(action: PlanNode): LaunchedWorld['bridge_nodes'][number] {
  const params = parameterValues(action);
  const bridges: (string | { config_file: string })[] = ownArguments(action.arguments);
  const config = text(params.config_file);
  if (config !== '') bridges.push({ config_file: config });
  return {
    name: action.name ?? 'ros_gz_bridge',
    ...(action.namespace === null || action.namespace === '/' ? {} : { namespace: action.namespace }),
    bridge: bridges,
  };
}
