import rclnodejs from 'rclnodejs';
import { DRAWING_TOPIC_TOKEN, MARKER } from '../../../base/turtleDrawing.js';
import { cFixed, f32 } from '../../cNumbers.js';
import { CANVAS_SIZE, Canvas, type Pen, qRound } from './Canvas.js';
import { arrowMarker, backgroundMarker, type Marker, strokeMarker } from './drawingMarkers.js';
import { type Point, Turtle, type TurtleCanvas } from './Turtle.js';

type Node = InstanceType<typeof rclnodejs.Node>;

/** turtle_frame.cpp's update timer: 16 ms (sim time here), and the step each turtle takes. */
const UPDATE_PERIOD_MS = 16;
/** Pixels per meter: the height of turtlesim's turtle images. */
export const METER = 45;
/** turtle_frame.cpp's default background: 0x4556ff. */
const DEFAULT_BACKGROUND = { r: 0x45, g: 0x56, b: 0xff };

/**
 * turtlesim_node's window without a window, as turtle_frame.cpp: the node's parameters
 * (background_r/g/b, holonomic), its services (clear, reset, spawn, kill), its turtles by name
 * (updated in name order, as its std::map), the path image their colour sensors read, and the
 * update timer. What a window would show is published as markers on the hidden
 * `~/_turtlesim_drawing` (base/turtleDrawing.ts says why).
 */
export class TurtleFrame implements TurtleCanvas {
  readonly width = f32((CANVAS_SIZE - 1) / METER);
  readonly height = f32((CANVAS_SIZE - 1) / METER);
  readonly #node: Node;
  readonly #turtles = new Map<string, Turtle>();
  /** The turtles' names, sorted as std::map orders them. */
  #names: string[] = [];
  #idCounter = 0;
  #serials = 0;
  #strokes = 0;
  readonly #canvas = new Canvas();
  #lastUpdate = 0n;
  readonly #drawing: InstanceType<typeof rclnodejs.Publisher>;
  /** Markers to publish at the end of the next update: what changed since the last. */
  #pending: Marker[] = [];

  constructor(node: Node) {
    this.#node = node;
    for (const [channel, value] of [
      ['r', DEFAULT_BACKGROUND.r],
      ['g', DEFAULT_BACKGROUND.g],
      ['b', DEFAULT_BACKGROUND.b],
    ] as const) {
      const color = { r: 'Red', g: 'Green', b: 'Blue' }[channel];
      const descriptor = new rclnodejs.ParameterDescriptor(
        `background_${channel}`,
        rclnodejs.ParameterType.PARAMETER_INTEGER,
        `${color} channel of the background color`,
        false,
        new rclnodejs.IntegerRange(0, 255, 1),
      );
      node.declareParameter(new rclnodejs.Parameter(`background_${channel}`, rclnodejs.ParameterType.PARAMETER_INTEGER, BigInt(value)), descriptor);
    }
    node.declareParameter(
      new rclnodejs.Parameter('holonomic', rclnodejs.ParameterType.PARAMETER_BOOL, false),
      new rclnodejs.ParameterDescriptor('holonomic', rclnodejs.ParameterType.PARAMETER_BOOL, 'If true, then turtles will be holonomic'),
    );
    this.#drawing = node.createPublisher('visualization_msgs/msg/MarkerArray', `~/${DRAWING_TOPIC_TOKEN}`);
    this.#clear();
    node.createService('std_srvs/srv/Empty', 'clear', () => {
      node.getLogger().info('Clearing turtlesim.');
      this.#clear();
      return {};
    });
    node.createService('std_srvs/srv/Empty', 'reset', () => {
      node.getLogger().info('Resetting turtlesim.');
      for (const name of this.#names) this.#kill(name);
      this.#idCounter = 0;
      this.spawn('', this.width / 2.0, this.height / 2.0, 0);
      this.#clear();
      return {};
    });
    node.createService('turtlesim/srv/Spawn', 'spawn', (request) => {
      const name = this.spawn(request.name, request.x, request.y, request.theta);
      if (name === '') node.getLogger().error(`A turtle named [${request.name}] already exists`);
      return { name };
    });
    node.createService('turtlesim/srv/Kill', 'kill', (request) => {
      if (!this.#turtles.has(request.name)) {
        node.getLogger().error(`Tried to kill turtle [${request.name}], which does not exist`);
      } else {
        this.#kill(request.name);
      }
      return {};
    });
    const { HistoryPolicy, ReliabilityPolicy, DurabilityPolicy } = rclnodejs.QoS;
    const sensorData = new rclnodejs.QoS(
      HistoryPolicy.RMW_QOS_POLICY_HISTORY_KEEP_LAST,
      100,
      ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT,
      DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_VOLATILE,
    );
    // The window repaints when this node's parameters change: here, the background is drawn anew.
    node.createSubscription('rcl_interfaces/msg/ParameterEvent', '/parameter_events', { qos: sensorData }, (event) => {
      if (event.node === node.getFullyQualifiedName()) this.#pending.push(this.#background());
    });
    node.getLogger().info(`Starting turtlesim with node name ${node.getFullyQualifiedName()}`);
    this.spawn('', this.width / 2.0, this.height / 2.0, 0);
    node.createTimer(BigInt(UPDATE_PERIOD_MS) * 1_000_000n, () => this.#update());
  }

  /** turtle_frame.cpp's spawnTurtle: the turtle's name, or '' when one of that name exists. */
  spawn(name: string, xIn: number, yIn: number, angleIn: number): string {
    const [x, y, angle] = [f32(xIn), f32(yIn), f32(angleIn)];
    let realName = name;
    if (realName === '') {
      do realName = `turtle${++this.#idCounter}`;
      while (this.#turtles.has(realName));
    } else if (this.#turtles.has(realName)) {
      return '';
    }
    const turtle = new Turtle(this.#node, realName, this.#serials++, { x, y: f32(this.height - y) }, angle);
    this.#turtles.set(realName, turtle);
    this.#names = [...this.#turtles.keys()].sort();
    this.#pending.push(this.#arrow(turtle));
    this.#node.getLogger().info(`Spawning turtle [${realName}] at x=[${cFixed(x)}], y=[${cFixed(y)}], theta=[${cFixed(angle)}]`);
    return realName;
  }

  #kill(name: string): void {
    const turtle = this.#turtles.get(name)!;
    this.#turtles.delete(name);
    this.#names = this.#names.filter((other) => other !== name);
    turtle.destroy();
    this.#pending.push({ ...arrowMarker(this.#stamp(), turtle.serial, name, { x: 0, y: 0 }, 0), action: MARKER.DELETE });
  }

  /** The path image made transparent again; the markers drawn so far deleted, the background and turtles drawn again. */
  #clear(): void {
    this.#canvas.clear();
    this.#pending = [
      { ...backgroundMarker(this.#stamp(), this.width, this.height, DEFAULT_BACKGROUND), ns: '', action: MARKER.DELETEALL },
      this.#background(),
      ...this.#names.map((name) => this.#arrow(this.#turtles.get(name)!)),
    ];
  }

  #update(): void {
    const now = this.#node.now().nanoseconds;
    if (this.#lastUpdate === 0n) {
      this.#lastUpdate = now;
      this.#publishPending();
      return;
    }
    for (const name of this.#names) {
      const turtle = this.#turtles.get(name)!;
      if (turtle.update(0.001 * UPDATE_PERIOD_MS, this)) this.#pending.push(this.#arrow(turtle));
    }
    this.#publishPending();
  }

  #publishPending(): void {
    if (this.#pending.length === 0) return;
    this.#drawing.publish({ markers: this.#pending });
    this.#pending = [];
  }

  colorAt(point: Point): { r: number; g: number; b: number } {
    return this.#canvas.pixel(qRound(point.x * METER), qRound(point.y * METER));
  }

  drawLine(from: Point, to: Point, pen: Pen, turtle: string): void {
    this.#canvas.drawLine(from.x * METER, from.y * METER, to.x * METER, to.y * METER, pen);
    this.#pending.push(strokeMarker(this.#stamp(), this.#strokes++, turtle, this.#up(to), this.#up(from), pen, METER));
  }

  /** A canvas point (y downwards) in the pose's frame (y upwards). */
  #up(point: Point): Point {
    return { x: point.x, y: this.height - point.y };
  }

  #arrow(turtle: Turtle): Marker {
    const { pos, orient } = turtle.pose;
    return arrowMarker(this.#stamp(), turtle.serial, turtle.name, this.#up(pos), orient);
  }

  #background(): Marker {
    const channel = (name: string): number => Number(this.#node.getParameter(`background_${name}`).value);
    return backgroundMarker(this.#stamp(), this.width, this.height, { r: channel('r'), g: channel('g'), b: channel('b') });
  }

  #stamp(): { sec: number; nanosec: number } {
    return this.#node.now().toMsg() as { sec: number; nanosec: number };
  }
}
