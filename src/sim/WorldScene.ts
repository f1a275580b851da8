import { timeMsg } from '../base/timeMsg.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { Color } from '../world/description/description.js';
import { compose, type Pose } from '../world/geometry/pose.js';
import { modelEntity, poseMessage } from './sceneEntities.js';
import type { ViewTopic, ViewTopics } from './ViewTopics.js';
import type { WorldView } from './WorldView.js';

/** The static models' geometry, in frame `world`: one message at the start, again when a static model is spawned. */
export const SCENE_TOPIC = '/rclsim/world/scene';
/** The moving models' geometry, each in its model's frame, at every sample. */
export const MODELS_TOPIC = '/rclsim/world/models';
/** `world` → each moving model's frame, and its sensors' frames, at every sample. */
export const TF_TOPIC = '/rclsim/world/tf';
/** Samples a second of sim time: every 40 ms at the usual 1 ms step. */
export const SCENE_HZ = 25;

const SCENE_TYPE = 'foxglove_msgs/msg/SceneUpdate';
const STATIC_COLOR: Color = { r: 0.6, g: 0.6, b: 0.6, a: 1 };
/** Moving models in the order they came into the world. */
const MODEL_COLORS: readonly Color[] = [
  { r: 0.12, g: 0.47, b: 0.71, a: 1 },
  { r: 0.84, g: 0.15, b: 0.16, a: 1 },
  { r: 0.17, g: 0.63, b: 0.17, a: 1 },
  { r: 1, g: 0.5, b: 0.05, a: 1 },
  { r: 0.58, g: 0.4, b: 0.74, a: 1 },
];

/**
 * The world as Foxglove's 3D panel shows it (foxglove_msgs/msg/SceneUpdate, which Foxglove draws
 * as it draws foxglove.SceneUpdate; tf2_msgs/msg/TFMessage for the frames), on view topics
 * (sim/ViewTopics.ts: recordings and the live view get them, the run never sees them): the static
 * geometry once, the moving models and their frames every 1/SCENE_HZ s of sim time. A sensor's
 * frame hangs off its model's, so that Foxglove places what the sensor publishes (a bridged
 * LaserScan in `rover/base_link/lidar`) where the sensor is; a sensor whose frame is its own
 * `<gz_frame_id>` is left to the robot's tf (robot_state_publisher names such frames too, and a
 * frame has one parent).
 */
export class WorldScene {
  readonly #view: WorldView;
  readonly #topics: ViewTopics;
  readonly #scene: ViewTopic;
  readonly #models: ViewTopic;
  readonly #tf: ViewTopic;
  /** How many static models the last static scene held. */
  #statics = -1;

  /** Whether a recording or the live view watches any of the scene's topics. */
  static watched(topics: ViewTopics): boolean {
    return [SCENE_TOPIC, MODELS_TOPIC, TF_TOPIC].some((topic) => topics.watched(topic));
  }

  constructor(view: WorldView, topics: ViewTopics) {
    this.#view = view;
    this.#topics = topics;
    this.#scene = topics.declare(SCENE_TOPIC, SCENE_TYPE, true);
    this.#models = topics.declare(MODELS_TOPIC, SCENE_TYPE, false);
    this.#tf = topics.declare(TF_TOPIC, 'tf2_msgs/msg/TFMessage', false);
    view.every(1e9 / SCENE_HZ, (step) => this.#sample(step));
  }

  #sample(step: number): void {
    const world = this.#view.world;
    const timeNs = this.#view.timeOf(step);
    const statics = world.models.filter((model) => model.body === null);
    if (statics.length !== this.#statics) {
      this.#statics = statics.length;
      const entities = statics.flatMap(
        (model) => modelEntity(model, model.name, 'world', (link) => model.linkPose(link), STATIC_COLOR, timeNs, world.meshOf) ?? [],
      );
      this.#topics.post(this.#scene, { deletions: [], entities }, timeNs);
    }
    const moving = world.models.filter((model) => model.body !== null);
    const entities = moving.flatMap(
      (model, i) =>
        modelEntity(model, model.name, model.name, (link) => model.kinematics.linkPose(link), MODEL_COLORS[i % MODEL_COLORS.length]!, timeNs, world.meshOf) ??
        [],
    );
    this.#topics.post(this.#models, { deletions: [], entities }, timeNs);
    this.#topics.post(this.#tf, { transforms: this.#transforms(timeNs) }, timeNs);
  }

  #transforms(timeNs: bigint): Message[] {
    const stamp = timeMsg(timeNs);
    const transform = (parent: string, child: string, pose: Pose): Message => {
      const { position, orientation } = poseMessage(pose) as { position: Message; orientation: Message };
      return { header: { stamp, frame_id: parent }, child_frame_id: child, transform: { translation: position, rotation: orientation } };
    };
    const transforms = this.#view.world.models.filter((model) => model.body !== null).map((model) => transform('world', model.name, model.pose()));
    for (const { frame, scoped, model, link, sensor } of this.#view.sensors()) {
      if (!scoped) continue;
      transforms.push(
        model.body === null
          ? transform('world', frame, compose(model.linkPose(link), sensor.pose))
          : transform(model.name, frame, compose(model.kinematics.linkPose(link), sensor.pose)),
      );
    }
    return transforms;
  }
}
