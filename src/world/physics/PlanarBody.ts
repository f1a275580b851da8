import type { Shape2 } from './shapes2d.js';

/** A wheel that touches the ground: where, which way it rolls, and what holds it. */
export interface Wheel {
  /** The joint that turns it: its index into the model's joint positions. */
  readonly joint: number;
  readonly radius: number;
  /** The contact point below the axle, in the body's frame (the model's frame, yaw 0); a steering joint moves it. */
  x: number;
  y: number;
  /** The axle's direction in the body's frame, horizontal and unit (the joint's axis); a steering joint turns it. */
  ax: number;
  ay: number;
  /** Coulomb friction with the ground, and the share of the weight it carries (N). */
  readonly mu: number;
  readonly load: number;
  /**
   * Its first friction direction (SDF's fdir1; a mecanum wheel's rollers) when it has one: how
   * much of it lies along the way the wheel rolls and along its axle (so that it turns as the wheel
   * is steered), and the friction across it (mu2); mu acts along it. Without one, mu holds the
   * wheel both ways.
   */
  readonly direction?: { readonly roll: number; readonly axle: number; readonly mu2: number };
}

/**
 * A model that moves, as a rigid body in the plane: the pose of its model frame (x, y and the
 * yaw's cosine and sine; its height, roll and pitch stay as it was placed), the velocity of its
 * centre of mass and its turning rate, its mass properties, the shapes it collides with (in its
 * frame), and its wheels. State is plain numbers, written only by PlanarPhysics.
 */
export class PlanarBody {
  readonly name: string;
  readonly mass: number;
  /** About the vertical axis through the centre of mass. */
  readonly inertia: number;
  /** The centre of mass in the body's frame. */
  readonly comX: number;
  readonly comY: number;
  readonly shapes: readonly Shape2[];
  /** Per shape, the collision it came from (friction, contact sensors). */
  readonly shapeOwners: readonly number[];
  readonly wheels: readonly Wheel[];
  /** Friction with the ground where no wheel carries the body (a box pushed across the floor). */
  readonly groundMu: number;
  /** Per wheel, the turning rate its drive asks (rad/s), NaN where none does: it rolls freely. */
  readonly commands: Float64Array;
  /** Per wheel, how fast it turned in the last step (rad/s). */
  readonly spins: Float64Array;
  /** Per wheel, the share of its turning the ground follows: 1 rolls, less slips (a fault's, for one step). */
  readonly grip: Float64Array;
  /**
   * A velocity its model is given outright (gz-sim's VelocityControl): x and y of its frame's origin
   * in its own frame, and its turning rate; NaN where none is. It then moves so, its wheels aside,
   * unless something it meets stops it.
   */
  readonly velocityCommand = new Float64Array([Number.NaN, Number.NaN, Number.NaN]);
  x: number;
  y: number;
  c: number;
  s: number;
  vx = 0;
  vy = 0;
  w = 0;
  /** The velocities before the last step (its acceleration is the difference over the step). */
  lastVx = 0;
  lastVy = 0;
  lastW = 0;

  constructor(options: {
    name: string;
    mass: number;
    inertia: number;
    comX: number;
    comY: number;
    shapes: readonly Shape2[];
    shapeOwners: readonly number[];
    wheels: readonly Wheel[];
    groundMu: number;
    x: number;
    y: number;
    yaw: { c: number; s: number };
  }) {
    this.name = options.name;
    this.mass = options.mass;
    this.inertia = options.inertia;
    this.comX = options.comX;
    this.comY = options.comY;
    this.shapes = options.shapes;
    this.shapeOwners = options.shapeOwners;
    this.wheels = options.wheels;
    this.groundMu = options.groundMu;
    this.commands = new Float64Array(options.wheels.length).fill(Number.NaN);
    this.spins = new Float64Array(options.wheels.length);
    this.grip = new Float64Array(options.wheels.length).fill(1);
    this.x = options.x;
    this.y = options.y;
    this.c = options.yaw.c;
    this.s = options.yaw.s;
  }

  /** The centre of mass in the world. */
  get cx(): number {
    return this.x + this.c * this.comX - this.s * this.comY;
  }

  get cy(): number {
    return this.y + this.s * this.comX + this.c * this.comY;
  }
}
