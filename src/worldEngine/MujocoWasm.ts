import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AdvanceRequest, BodyPose, EngineFrame, EngineInit, EngineReady, WorldEngine } from './WorldEngine.js';
import { WorldEngineError } from './WorldEngine.js';

/** What rclsim uses of MuJoCo's WebAssembly module (npm `mujoco`, its mujoco.d.ts has all of it). */
interface Module {
  FS: { mkdir(path: string): void; writeFile(path: string, data: Uint8Array | string): void; rmdir(path: string): void; unlink(path: string): void };
  MjModel: { mj_loadXML(path: string): Model };
  MjData: new (model: Model) => Data;
  mj_step(model: Model, data: Data): void;
  mj_forward(model: Model, data: Data): void;
  mj_id2name(model: Model, type: number, id: number): string;
  mj_versionString(): string;
  mjtObj: Record<'mjOBJ_BODY' | 'mjOBJ_JOINT' | 'mjOBJ_ACTUATOR' | 'mjOBJ_SENSOR', { value: number }>;
  mjtSensor: Record<string, { value: number }>;
}

type Ints = ArrayLike<number>;

interface Model {
  opt: { timestep: number };
  nsensor: number;
  nu: number;
  njnt: number;
  nbody: number;
  sensor_type: Ints;
  sensor_dim: Ints;
  sensor_adr: Ints;
  actuator_ctrllimited: Ints;
  actuator_ctrlrange: Ints;
  jnt_type: Ints;
  jnt_qposadr: Ints;
  jnt_dofadr: Ints;
  body_parentid: Ints;
  delete(): void;
}

interface Data {
  ctrl: Float64Array;
  qpos: Float64Array;
  qvel: Float64Array;
  qfrc_actuator: Float64Array;
  sensordata: Float64Array;
  xpos: Float64Array;
  xquat: Float64Array;
  delete(): void;
}

/** MuJoCo's joint types of one degree of freedom (mjtJoint), as MJCF names them. */
const ONE_DOF = new Map([
  [3, 'hinge'],
  [2, 'slide'],
]);

/** Loaded once per thread: a second run reuses it (each run's model lives in its own folder of its file system). */
let module: Promise<Module> | null = null;
let runs = 0;

/**
 * MuJoCo in the run's thread: its official WebAssembly build (npm `mujoco`, pinned), which gives
 * the same bits on every little-endian CPU (WebAssembly's arithmetic is IEEE's, its libm compiled
 * in). The model's folder is copied into the module's in-memory file system, so that what the
 * model includes (meshes, other MJCF files) is found as MuJoCo finds it beside a file. Steps and
 * frames as adapters/mujoco does them: commands set before the step they name, mj_step, and what
 * is asked read after mj_forward (every quantity of the state reached, the trajectory unchanged).
 */
export class MujocoWasm implements WorldEngine {
  readonly #mj: Module;
  #model: Model | null = null;
  #data: Data | null = null;
  #step = 0;
  #joints: number[] = [];
  #sensorSpans: [number, number][] = [];

  private constructor(mj: Module) {
    this.#mj = mj;
  }

  static async load(): Promise<MujocoWasm> {
    module ??= (async () => {
      const { default: load } = (await import('mujoco')) as unknown as { default: () => Promise<Module> };
      return load();
    })();
    return new MujocoWasm(await module);
  }

  async initialize(init: EngineInit): Promise<EngineReady> {
    const mj = this.#mj;
    const file = init.modelFile;
    if (file === undefined) throw new WorldEngineError('MuJoCo in-process loads a model file (world.mujoco), not text');
    const folder = `/run${++runs}`;
    copyFolder(mj, dirname(file), folder);
    const inside = `${folder}/${basename(file)}`;
    let model: Model;
    try {
      model = mj.MjModel.mj_loadXML(inside);
    } catch (error) {
      const said = String((error as Error).message ?? error)
        .replace(/^MuJoCo Error: Loading error: /, '')
        .split('\n')
        .map((line) => line.trim().replaceAll(inside, file))
        .filter((line) => line !== '')
        .join('; ');
      throw new WorldEngineError(said.includes(file) ? `MuJoCo: ${said}` : `MuJoCo: ${file}: ${said}`);
    }
    if (init.stepNs > 0) model.opt.timestep = init.stepNs / 1e9;
    this.#model = model;
    this.#data = new mj.MjData(model);
    const name = (kind: keyof Module['mjtObj'], id: number): string => mj.mj_id2name(model, mj.mjtObj[kind].value, id) ?? '';
    const sensorKinds = new Map(
      Object.entries(mj.mjtSensor)
        .filter(([key]) => key.startsWith('mjSENS_'))
        .map(([key, value]) => [value.value, key.replace(/^mjSENS_/, '').toLowerCase()]),
    );
    const range = model.actuator_ctrlrange;
    this.#joints = Array.from({ length: model.njnt }, (_, j) => j).filter((j) => ONE_DOF.has(model.jnt_type[j]!));
    this.#sensorSpans = Array.from({ length: model.nsensor }, (_, s) => [model.sensor_adr[s]!, model.sensor_dim[s]!]);
    return {
      engine: `MuJoCo ${mj.mj_versionString()} (WebAssembly)`,
      stepNs: Math.round(model.opt.timestep * 1e9),
      sensors: Array.from({ length: model.nsensor }, (_, s) => ({
        name: name('mjOBJ_SENSOR', s),
        kind: sensorKinds.get(model.sensor_type[s]!) ?? '',
        size: model.sensor_dim[s]!,
      })),
      actuators: Array.from({ length: model.nu }, (_, a) => ({
        name: name('mjOBJ_ACTUATOR', a),
        limited: model.actuator_ctrllimited[a] !== 0,
        min: range[2 * a]!,
        max: range[2 * a + 1]!,
      })),
      joints: this.#joints.map((j) => ({ name: name('mjOBJ_JOINT', j), kind: ONE_DOF.get(model.jnt_type[j]!)! })),
      bodies: Array.from({ length: model.nbody - 1 }, (_, i) => {
        const parent = model.body_parentid[i + 1]!;
        return { name: name('mjOBJ_BODY', i + 1), parent: parent === 0 ? '' : name('mjOBJ_BODY', parent) };
      }),
    };
  }

  async advance(request: AdvanceRequest): Promise<EngineFrame> {
    const mj = this.#mj;
    const model = this.#model!;
    const data = this.#data!;
    const commands = request.commands;
    let next = 0;
    while (this.#step < request.untilStep) {
      this.#step++;
      // The heap may have grown: its views are taken again after each step.
      const ctrl = data.ctrl;
      for (; next < commands.length && commands[next]!.step <= this.#step; next++) ctrl[commands[next]!.actuator] = commands[next]!.value;
      mj.mj_step(model, data);
    }
    const frame = {
      step: this.#step,
      sensorValues: [] as number[],
      jointPositions: [] as number[],
      jointVelocities: [] as number[],
      jointEfforts: [] as number[],
      poses: [] as BodyPose[],
    };
    if (request.sensors.length === 0 && !request.joints && !request.bodies) return frame;
    mj.mj_forward(model, data);
    const sensordata = data.sensordata;
    for (const s of request.sensors) {
      const [adr, dim] = this.#sensorSpans[s]!;
      for (let i = 0; i < dim; i++) frame.sensorValues.push(sensordata[adr + i]!);
    }
    if (request.joints) {
      const qpos = data.qpos;
      const qvel = data.qvel;
      const force = data.qfrc_actuator;
      for (const j of this.#joints) {
        const dof = model.jnt_dofadr[j]!;
        frame.jointPositions.push(qpos[model.jnt_qposadr[j]!]!);
        frame.jointVelocities.push(qvel[dof]!);
        frame.jointEfforts.push(force[dof]!);
      }
    }
    if (request.bodies) {
      const xpos = data.xpos;
      const xquat = data.xquat;
      for (let b = 1; b < model.nbody; b++) {
        frame.poses.push({
          x: xpos[3 * b]!,
          y: xpos[3 * b + 1]!,
          z: xpos[3 * b + 2]!,
          qw: xquat[4 * b]!,
          qx: xquat[4 * b + 1]!,
          qy: xquat[4 * b + 2]!,
          qz: xquat[4 * b + 3]!,
        });
      }
    }
    return frame;
  }

  close(): void {
    this.#data?.delete();
    this.#model?.delete();
    this.#data = null;
    this.#model = null;
  }
}

/** A folder's files into the module's file system, in name order (dot-folders and node_modules left out). */
function copyFolder(mj: Module, from: string, to: string): void {
  mj.FS.mkdir(to);
  for (const name of readdirSync(from).sort()) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyFolder(mj, path, `${to}/${name}`);
    else mj.FS.writeFile(`${to}/${name}`, readFileSync(path));
  }
}
