import { WorldInputError } from '../world/WorldInputError.js';

/** What a world engine is started with (world.proto's Initialize). */
export interface EngineInit {
  /** The model's file (absolute), or its text. */
  readonly modelFile?: string;
  readonly modelText?: string;
  readonly seed: number;
  /** The physics step, ns; 0: the model's own. */
  readonly stepNs: number;
}

/** What the engine offers (world.proto's Ready). */
export interface EngineReady {
  readonly engine: string;
  readonly stepNs: number;
  readonly sensors: readonly { name: string; kind: string; size: number }[];
  readonly actuators: readonly { name: string; limited: boolean; min: number; max: number }[];
  readonly joints: readonly { name: string; kind: string }[];
  readonly bodies: readonly { name: string; parent: string }[];
}

/** An actuator's command from a step on. */
export interface EngineCommand {
  readonly step: number;
  readonly actuator: number;
  readonly value: number;
}

/** Step to `untilStep` with these commands, then give what is asked of it (world.proto's Advance). */
export interface AdvanceRequest {
  readonly untilStep: number;
  readonly commands: readonly EngineCommand[];
  readonly sensors: readonly number[];
  readonly joints: boolean;
  readonly bodies: boolean;
}

export interface BodyPose {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly qw: number;
  readonly qx: number;
  readonly qy: number;
  readonly qz: number;
}

/** The state at a step, as far as asked (world.proto's Frame). */
export interface EngineFrame {
  readonly step: number;
  readonly sensorValues: readonly number[];
  readonly jointPositions: readonly number[];
  readonly jointVelocities: readonly number[];
  readonly jointEfforts: readonly number[];
  readonly poses: readonly BodyPose[];
}

/** A physics engine in lockstep with the run: in-process, or a process behind the world protocol. */
export interface WorldEngine {
  initialize(init: EngineInit): Promise<EngineReady>;
  advance(request: AdvanceRequest): Promise<EngineFrame>;
  /** Ends it, however the run ended. */
  close(): void;
}

/**
 * An engine that could not start, could not load its model, died, hung or answered out of
 * protocol: one line naming it and what it said. The job named the engine and its model, so it
 * is the job's input that failed (exit code 2), not rclsim.
 */
export class WorldEngineError extends WorldInputError {
  override readonly name: string = 'WorldEngineError';
}
