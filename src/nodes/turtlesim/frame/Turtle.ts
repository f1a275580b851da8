import rclnodejs from 'rclnodejs';
import { cos, sin } from '../../../base/portableMath.js';
import { cFixed, f32 } from '../../cNumbers.js';
import type { Pen } from './Canvas.js';

type Node = InstanceType<typeof rclnodejs.Node>;
type Publisher = InstanceType<typeof rclnodejs.Publisher>;
type GoalHandle = InstanceType<typeof rclnodejs.ServerGoalHandle>;

/** turtle.hpp's PI and TWO_PI (a macro: `2.0 * PI`, unparenthesised where it is used). */
// biome-ignore lint/suspicious/noApproximativeNumericConstant: turtle.hpp's own PI, which decides the angles' bits
const PI = 3.14159265;
const TWO_PI = 2.0 * PI;

/** turtle.cpp's default pen: 0xb3b8ff, 3 pixels wide. */
const DEFAULT_PEN: Pen = { r: 0xb3, g: 0xb8, b: 0xff, width: 3 };

/** A point in meters, y downwards (turtlesim's canvas coordinates). */
export interface Point {
  x: number;
  y: number;
}

/** What a turtle's update needs of its frame. */
export interface TurtleCanvas {
  /** The canvas in meters (turtle_frame.cpp's width_in_meters_, height_in_meters_). */
  readonly width: number;
  readonly height: number;
  /** The colour of the path image under a point (meters). */
  colorAt(point: Point): { r: number; g: number; b: number };
  /** Draws a line of the turtle's pen from `from` to `to` (meters). */
  drawLine(from: Point, to: Point, pen: Pen, turtle: string): void;
}

interface TeleportRequest {
  x: number;
  y: number;
  theta: number;
  linear: number;
  relative: boolean;
}

interface RotateGoal {
  handle: GoalHandle;
  result: { delta: number };
  /** Ends the goal's execution with its result. */
  done: (result: { delta: number }) => void;
  startOrient: number;
}

/** Qt 5's QPointF ==: each coordinate equal within 1e-12 relative (absolute where one is 0). */
function sameQPointF(a: Point, b: Point): boolean {
  const same = (p: number, q: number): boolean =>
    p === 0 || q === 0 ? Math.abs(p - q) <= 1e-12 : Math.abs(p - q) * 1e12 <= Math.min(Math.abs(p), Math.abs(q));
  return same(a.x, b.x) && same(a.y, b.y);
}

/** turtle.cpp's normalizeAngle, in its order of operations. */
export function normalizeAngle(angle: number): number {
  return angle - TWO_PI * Math.floor((angle + PI) / TWO_PI);
}

/**
 * One turtle of turtlesim_node, as turtle.cpp: its entities (`<name>/cmd_vel`, `<name>/pose`,
 * `<name>/color_sensor`, `<name>/set_pen`, `<name>/teleport_absolute`,
 * `<name>/teleport_relative`, the `<name>/rotate_absolute` action), its pen, and its update:
 * teleports first, then the rotation goal, the command timeout, the motion, the wall, the pose
 * and colour published, the line drawn. Doubles where turtle.cpp has qreal, float32 where it has
 * float, in its order of operations.
 */
export class Turtle {
  readonly name: string;
  /** Its place in spawn order: its marker's id. */
  readonly serial: number;
  readonly #node: Node;
  #pos: Point;
  #orient: number;
  #linX = 0;
  #linY = 0;
  #ang = 0;
  #penOn = true;
  #pen: Pen = DEFAULT_PEN;
  #lastCommand: bigint;
  #teleports: TeleportRequest[] = [];
  #goal: RotateGoal | null = null;
  readonly #entities: { destroy(): void }[];
  readonly #pose: Publisher;
  readonly #color: Publisher;

  constructor(node: Node, name: string, serial: number, pos: Point, orient: number) {
    this.name = name;
    this.serial = serial;
    this.#node = node;
    this.#pos = pos;
    this.#orient = orient;
    const qos = topicQos();
    const sub = node.createSubscription('geometry_msgs/msg/Twist', `${name}/cmd_vel`, { qos }, (twist) => this.#velocity(twist));
    this.#pose = node.createPublisher('turtlesim/msg/Pose', `${name}/pose`, { qos });
    this.#color = node.createPublisher('turtlesim/msg/Color', `${name}/color_sensor`, { qos });
    const setPen = node.createService('turtlesim/srv/SetPen', `${name}/set_pen`, (request) => {
      this.#setPen(request);
      return {};
    });
    const relative = node.createService('turtlesim/srv/TeleportRelative', `${name}/teleport_relative`, (request) => {
      this.#teleports.push({ x: 0, y: 0, theta: request.angular, linear: request.linear, relative: true });
      return {};
    });
    const absolute = node.createService('turtlesim/srv/TeleportAbsolute', `${name}/teleport_absolute`, (request) => {
      this.#teleports.push({ x: request.x, y: request.y, theta: request.theta, linear: 0, relative: false });
      return {};
    });
    const action = new rclnodejs.ActionServer(
      node,
      'turtlesim/action/RotateAbsolute',
      `${name}/rotate_absolute`,
      () => ({}),
      () => rclnodejs.GoalResponse.ACCEPT,
      (handle) => this.#accepted(handle),
      () => rclnodejs.CancelResponse.ACCEPT,
    );
    this.#entities = [
      { destroy: () => node.destroySubscription(sub) },
      { destroy: () => node.destroyPublisher(this.#pose) },
      { destroy: () => node.destroyPublisher(this.#color) },
      { destroy: () => node.destroyService(setPen) },
      { destroy: () => node.destroyService(relative) },
      { destroy: () => node.destroyService(absolute) },
      action,
    ];
    this.#lastCommand = node.now().nanoseconds;
  }

  /** Its pose in meters (y downwards) and heading. */
  get pose(): { pos: Point; orient: number } {
    return { pos: { ...this.#pos }, orient: this.#orient };
  }

  /** The turtle is gone (killed, or the frame reset): its entities leave the graph. */
  destroy(): void {
    for (const entity of this.#entities) entity.destroy();
  }

  #velocity(twist: { linear: { x: number; y: number }; angular: { z: number } }): void {
    this.#lastCommand = this.#node.now().nanoseconds;
    this.#linX = twist.linear.x;
    if (this.#node.getParameter('holonomic').value === true) this.#linY = twist.linear.y;
    this.#ang = twist.angular.z;
    if (this.#goal !== null) {
      this.#node.getLogger().warn('Velocity command received during rotation goal. Aborting goal');
      this.#finishGoal((handle) => handle.abort());
    }
  }

  #setPen(request: { r: number; g: number; b: number; width: number; off: number }): void {
    this.#penOn = request.off === 0;
    if (request.off !== 0) return;
    // A QPen of a colour is 1 pixel wide; width 0 leaves it so.
    this.#pen = { r: request.r, g: request.g, b: request.b, width: request.width !== 0 ? request.width : 1 };
  }

  #accepted(handle: GoalHandle): void {
    if (this.#goal !== null) {
      this.#node.getLogger().warn('Rotation goal received before a previous goal finished. Aborting previous goal');
      this.#finishGoal((previous) => previous.abort());
    }
    let done!: (result: { delta: number }) => void;
    const finished = new Promise<{ delta: number }>((resolve) => (done = resolve));
    handle.execute(() => finished);
    this.#goal = { handle, result: { delta: 0 }, done, startOrient: this.#orient };
  }

  /** Ends the current goal in `how`, with its result so far. */
  #finishGoal(how: (handle: GoalHandle) => void): void {
    const goal = this.#goal!;
    this.#goal = null;
    how(goal.handle);
    goal.done(goal.result);
  }

  #stop(): void {
    this.#linX = 0;
    this.#linY = 0;
    this.#ang = 0;
  }

  /** One step of `dt` seconds (turtle.cpp's update); true when it moved or turned. */
  update(dt: number, canvas: TurtleCanvas): boolean {
    let modified = false;
    const oldOrient = this.#orient;
    for (const request of this.#teleports) {
      const oldPos = { ...this.#pos };
      if (request.relative) {
        this.#orient += request.theta;
        this.#pos.x += cos(this.#orient) * request.linear;
        this.#pos.y += -sin(this.#orient) * request.linear;
      } else {
        this.#pos.x = request.x;
        this.#pos.y = Math.max(0.0, canvas.height - request.y);
        this.#orient = request.theta;
      }
      if (this.#penOn) canvas.drawLine(this.#pos, oldPos, this.#pen, this.name);
      modified = true;
    }
    this.#teleports = [];
    this.#rotate();
    if (this.#node.now().nanoseconds - this.#lastCommand > 1_000_000_000n) this.#stop();

    const oldPos = { ...this.#pos };
    this.#orient = normalizeAngle(this.#orient + this.#ang * dt);
    const orient = this.#orient;
    this.#pos.x += cos(orient) * this.#linX * dt - sin(orient) * this.#linY * dt;
    this.#pos.y -= cos(orient) * this.#linY * dt + sin(orient) * this.#linX * dt;
    const { x, y } = this.#pos;
    if (x < 0 || x > canvas.width || y < 0 || y > canvas.height) {
      this.#node.getLogger().warn(`Oh no! I hit the wall! (Clamping from [x=${cFixed(x)}, y=${cFixed(y)}])`);
    }
    this.#pos.x = Math.min(Math.max(x, 0.0), canvas.width);
    this.#pos.y = Math.min(Math.max(y, 0.0), canvas.height);

    this.#pose.publish({
      x: this.#pos.x,
      y: canvas.height - this.#pos.y,
      theta: orient,
      linear_velocity: Math.sqrt(this.#linX * this.#linX + this.#linY * this.#linY),
      angular_velocity: this.#ang,
    });
    this.#color.publish(canvas.colorAt(this.#pos));
    this.#node.getLogger().debug(`[${this.#node.namespace()}]: pos_x: ${cFixed(this.#pos.x)} pos_y: ${cFixed(this.#pos.y)} theta: ${cFixed(this.#orient)}`);

    if (this.#orient !== oldOrient) modified = true;
    if (!sameQPointF(this.#pos, oldPos)) {
      if (this.#penOn) canvas.drawLine(this.#pos, oldPos, this.#pen, this.name);
      modified = true;
    }
    return modified;
  }

  /** The rotate_absolute goal's step: canceled, reached, or turning at 1 rad/s towards it. */
  #rotate(): void {
    const goal = this.#goal;
    if (goal === null) return;
    if (goal.handle.isCancelRequested) {
      this.#node.getLogger().info('Rotation goal canceled');
      this.#finishGoal((handle) => handle.canceled());
      this.#stop();
      return;
    }
    const theta = normalizeAngle((goal.handle.request as { theta: number }).theta);
    const remaining = normalizeAngle(theta - f32(this.#orient));
    goal.result.delta = normalizeAngle(f32(goal.startOrient - this.#orient));
    goal.handle.publishFeedback({ remaining });
    if (Math.abs(normalizeAngle(f32(this.#orient) - theta)) < 0.02) {
      this.#node.getLogger().info('Rotation goal completed successfully');
      this.#finishGoal((handle) => handle.succeed());
      this.#stop();
    } else {
      this.#linX = 0;
      this.#linY = 0;
      this.#ang = remaining < 0.0 ? -1.0 : 1.0;
      this.#lastCommand = this.#node.now().nanoseconds;
    }
  }
}

/** turtlesim's qos.hpp: every topic keeps the last 7, reliable (volatile, as rclcpp's default). */
export function topicQos(): InstanceType<typeof rclnodejs.QoS> {
  const { HistoryPolicy, ReliabilityPolicy, DurabilityPolicy } = rclnodejs.QoS;
  return new rclnodejs.QoS(
    HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
    7,
    ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE,
    DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_VOLATILE,
  );
}
