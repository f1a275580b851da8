import { timeMsg } from '../../base/timeMsg.js';
import type { SystemContext, WorldSystem } from '../systems/WorldSystem.js';
import { CLOCK_QOS, type ClassicNode, type RosPublisher } from './ClassicRos.js';
import { ClassicThrottle } from './classicTime.js';

/**
 * gazebo_ros_init's /clock (gazebo_ros_pkgs ros2, gazebo_ros/src/gazebo_ros_init.cpp): the sim
 * time on node `gazebo`'s /clock (rclcpp::ClockQoS: depth 1, best effort) at its `publish_rate`
 * parameter (10 Hz), gazebo_ros's Throttler at WorldUpdateBegin from time 0.
 */
export class ClassicClock implements WorldSystem {
  readonly name = 'gazebo_ros_init';
  readonly #context: SystemContext;
  readonly #throttle: ClassicThrottle;
  readonly #publisher: RosPublisher;

  constructor(context: SystemContext, node: ClassicNode) {
    this.#context = context;
    this.#publisher = node.publisher('rosgraph_msgs/msg/Clock', '/clock', CLOCK_QOS);
    this.#throttle = new ClassicThrottle(node.declare('publish_rate', 10.0), context.world.stepNs, 0);
  }

  nextOutput(from: number): number | null {
    return this.#throttle.next(from);
  }

  output(step: number): void {
    if (this.#throttle.ready(step)) this.#publisher.publish({ clock: timeMsg(this.#context.stampNs(step)) });
  }
}
