/**
 * turtlesim's draw_square (tutorials/draw_square.cpp): the node `draw_square` resets the
 * simulator, then drives turtle1 round a square of 2 m sides: forward until within 0.1 m of the
 * corner, stop, turn 0.4 rad/s until within 0.01 rad of a quarter turn, stop, again; a step every
 * 16 ms. Float where draw_square.cpp has float (its poses, its PI), in its order of operations.
 */

import rclnodejs from 'rclnodejs';
import { cos, sin } from '../../base/portableMath.js';
import { cFixed, f32 } from '../cNumbers.js';
import { topicQos } from './frame/Turtle.js';

/** draw_square.cpp's PI: 3.141592f. */
// biome-ignore lint/suspicious/noApproximativeNumericConstant: draw_square.cpp's own PI, which decides its goals' bits
const PI = f32(3.141592);

type State = 'FORWARD' | 'STOP_FORWARD' | 'TURN' | 'STOP_TURN';
interface Pose {
  x: number;
  y: number;
  theta: number;
  linear_velocity: number;
  angular_velocity: number;
}

await rclnodejs.init();
const node = rclnodejs.createNode('draw_square');
const logger = node.getLogger();
const qos = topicQos();
const twist = node.createPublisher('geometry_msgs/msg/Twist', 'turtle1/cmd_vel', { qos });
let current: Pose = { x: 0, y: 0, theta: 0, linear_velocity: 0, angular_velocity: 0 };
const goal = { x: 0, y: 0, theta: 0 };
let firstPoseSet = false;
let firstGoalSet = false;
let state: State = 'FORWARD';

node.createSubscription('turtlesim/msg/Pose', 'turtle1/pose', { qos }, (pose) => {
  current = pose;
  firstPoseSet = true;
});
const reset = node.createClient('std_srvs/srv/Empty', 'reset');
node.createTimer(16_000_000n, step);
// draw_square.cpp sends the reset and goes on: its timer only checks that the future is valid, which it is at once.
reset.sendRequest({}, () => {});

function hasReachedGoal(): boolean {
  return Math.abs(f32(current.x - goal.x)) < 0.1 && Math.abs(f32(current.y - goal.y)) < 0.1 && Math.abs(f32(current.theta - goal.theta)) < 0.01;
}

function hasStopped(): boolean {
  return current.angular_velocity < 0.0001 && current.linear_velocity < 0.0001;
}

function printGoal(): void {
  logger.info(`New goal [${cFixed(goal.x)} ${cFixed(goal.y)}, ${cFixed(goal.theta)}]`);
}

function command(linear: number, angular: number): void {
  twist.publish({ linear: { x: linear, y: 0, z: 0 }, angular: { x: 0, y: 0, z: angular } });
}

/** The next side: 2 m ahead along the heading (cos and sin of the float heading, in double). */
function goForward(): void {
  state = 'FORWARD';
  goal.x = f32(cos(current.theta) * 2 + current.x);
  goal.y = f32(sin(current.theta) * 2 + current.y);
  goal.theta = current.theta;
  printGoal();
}

function stopForward(): void {
  if (!hasStopped()) {
    command(0, 0);
    return;
  }
  logger.info('Reached goal');
  state = 'TURN';
  goal.x = current.x;
  goal.y = current.y;
  // fmod of two floats is exact, in float or double alike; wrapped to [-pi, pi).
  goal.theta = f32(f32(current.theta + f32(PI / 2)) % f32(2 * PI));
  if (goal.theta >= PI) goal.theta = f32(goal.theta - f32(2 * PI));
  printGoal();
}

function stopTurn(): void {
  if (!hasStopped()) {
    command(0, 0);
    return;
  }
  logger.info('Reached goal');
  goForward();
}

function forward(): void {
  if (hasReachedGoal()) {
    state = 'STOP_FORWARD';
    command(0, 0);
  } else {
    command(1, 0);
  }
}

function turn(): void {
  if (hasReachedGoal()) {
    state = 'STOP_TURN';
    command(0, 0);
  } else {
    command(0, f32(0.4));
  }
}

function step(): void {
  if (!firstPoseSet) return;
  if (!firstGoalSet) {
    firstGoalSet = true;
    goForward();
  }
  if (state === 'FORWARD') forward();
  else if (state === 'STOP_FORWARD') stopForward();
  else if (state === 'TURN') turn();
  else stopTurn();
}

rclnodejs.spin(node);
