import { type Schedule, sensorSchedule } from './schedules.js';
import type { SystemContext, WorldSystem } from './WorldSystem.js';

/** The world's own topic of true poses (rclsim's, not Gazebo's). */
export const POSES_TOPIC = '/rclsim/world/poses';

/** Every moving model's true pose (its frame in the world) at `rateHz`, on the sensor grid: what checks and network hosts read. */
export class GroundTruth implements WorldSystem {
  readonly name = 'ground truth';
  readonly #context: SystemContext;
  readonly #schedule: Schedule;

  constructor(context: SystemContext, rateHz: number) {
    this.#context = context;
    this.#schedule = sensorSchedule(rateHz, context.world.stepNs);
  }

  nextOutput(from: number): number | null {
    return this.#context.bus.heard(POSES_TOPIC) ? this.#schedule.next(from) : null;
  }

  output(step: number): void {
    this.#schedule.done(step);
    const stampNs = this.#context.stampNs(step);
    const poses = this.#context.world.models
      .filter((model) => model.body !== null)
      .map((model) => {
        const pose = model.pose();
        return { name: model.name, header: { stampNs, frameId: 'world' }, position: pose.position, orientation: pose.rotation };
      });
    this.#context.bus.publish(POSES_TOPIC, 'gz.msgs.Pose_V', { header: { stampNs }, poses });
  }
}
