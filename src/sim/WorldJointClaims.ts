import type { GazeboRos2Control, JointStates } from '../world/systems/GazeboRos2Control.js';
import type { WorldHost } from './WorldHost.js';

/**
 * One program's claims on the world's joints (WorldJointsOp: rclsim's gz_ros2_control hardware),
 * each on a model with gz_ros2_control's plugin. Reads see the world caught up to now; writes act
 * from the next step, as every command that reaches the world does (docs/world.md).
 */
export class WorldJointClaims {
  readonly #host: WorldHost;
  readonly #claims = new Map<number, { system: GazeboRos2Control; id: number }>();
  #last = 0;

  constructor(host: WorldHost) {
    this.#host = host;
  }

  /** Claims joints of `model` ('': the world's one model with the plugin); throws one line when it cannot. */
  open(model: string, joints: readonly string[]): { claim: number; model: string } {
    const systems = this.#host.caughtUp().ros2Control;
    let system: GazeboRos2Control | undefined;
    if (model !== '') {
      system = systems.get(model);
      if (system === undefined) throw new Error(`gz_ros2_control: the world has no model '${model}' with gz_ros2_control's plugin (gz_ros2_control-system)`);
    } else {
      const names = [...systems.keys()];
      if (names.length !== 1) {
        throw new Error(
          names.length === 0
            ? "gz_ros2_control: no model of the world has gz_ros2_control's plugin (gz_ros2_control-system), whose joints the hardware would claim"
            : `gz_ros2_control: models ${names.map((name) => `'${name}'`).join(', ')} have gz_ros2_control's plugin: the hardware must name one`,
        );
      }
      system = systems.get(names[0]!)!;
    }
    const id = system.claim(joints);
    const claim = ++this.#last;
    this.#claims.set(claim, { system, id });
    return { claim, model: system.model.name };
  }

  read(claim: number): JointStates {
    this.#host.caughtUp();
    return this.#current(claim).read();
  }

  write(claim: number, velocities: readonly number[]): void {
    this.#host.caughtUp();
    this.#current(claim).write(velocities);
  }

  #current(claim: number): GazeboRos2Control {
    const held = this.#claims.get(claim);
    if (held === undefined) throw new Error(`gz_ros2_control: no claim ${claim} on the world's joints`);
    if (!held.system.holds(held.id))
      throw new Error(`gz_ros2_control: the joints of model '${held.system.model.name}' were claimed again since claim ${claim}`);
    return held.system;
  }
}
