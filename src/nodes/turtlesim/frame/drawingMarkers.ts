import { cos, sin } from '../../../base/portableMath.js';
import { DRAWING_NAMESPACES, MARKER } from '../../../base/turtleDrawing.js';
import type { Pen } from './Canvas.js';
import type { Point } from './Turtle.js';

/** The fields of visualization_msgs/msg/Marker turtlesim_node fills (the others keep their defaults). */
export interface Marker {
  header: { stamp: { sec: number; nanosec: number }; frame_id: string };
  ns: string;
  id: number;
  type: number;
  action: number;
  pose: { position: { x: number; y: number; z: number }; orientation: { x: number; y: number; z: number; w: number } };
  scale: { x: number; y: number; z: number };
  color: { r: number; g: number; b: number; a: number };
  points: { x: number; y: number; z: number }[];
  text: string;
}

/** The frame every marker is in: turtlesim's meters, x right and y up as its poses. */
const FRAME = 'turtlesim';
const UPRIGHT = { x: 0, y: 0, z: 0, w: 1 };
/** The turtles' arrows: as long as a turtle image (1 m), and its green. */
const TURTLE_LENGTH = 1;
const TURTLE_COLOR = { r: 0.18, g: 0.55, b: 0.34, a: 1 };

type Stamp = Marker['header']['stamp'];

function marker(stamp: Stamp, ns: string, id: number, type: number, fields: Partial<Marker>): Marker {
  return {
    header: { stamp, frame_id: FRAME },
    ns,
    id,
    type,
    action: MARKER.ADD,
    pose: { position: { x: 0, y: 0, z: 0 }, orientation: UPRIGHT },
    scale: { x: 1, y: 1, z: 1 },
    color: { r: 1, g: 1, b: 1, a: 1 },
    points: [],
    text: '',
    ...fields,
  };
}

/** The background: a thin box under the canvas, in the background parameters' colour. */
export function backgroundMarker(stamp: Stamp, width: number, height: number, color: { r: number; g: number; b: number }): Marker {
  return marker(stamp, DRAWING_NAMESPACES.background, 0, MARKER.CUBE, {
    pose: { position: { x: width / 2, y: height / 2, z: -0.01 }, orientation: UPRIGHT },
    scale: { x: width, y: height, z: 0.01 },
    color: { r: color.r / 255, g: color.g / 255, b: color.b / 255, a: 1 },
  });
}

/** One line the pen drew, `text` the turtle's name; its width in meters (the pen's pixels over `meter`). */
export function strokeMarker(stamp: Stamp, id: number, turtle: string, from: Point, to: Point, pen: Pen, meter: number): Marker {
  return marker(stamp, DRAWING_NAMESPACES.paths, id, MARKER.LINE_LIST, {
    scale: { x: pen.width / meter, y: 0, z: 0 },
    color: { r: pen.r / 255, g: pen.g / 255, b: pen.b / 255, a: 1 },
    points: [
      { x: from.x, y: from.y, z: 0 },
      { x: to.x, y: to.y, z: 0 },
    ],
    text: turtle,
  });
}

/** A turtle where it stands (the arrow starts there), heading `theta`, `text` its name (its id: its place in spawn order). */
export function arrowMarker(stamp: Stamp, id: number, turtle: string, at: Point, theta: number): Marker {
  return marker(stamp, DRAWING_NAMESPACES.turtles, id, MARKER.ARROW, {
    pose: {
      position: { x: at.x, y: at.y, z: 0.01 },
      orientation: { x: 0, y: 0, z: sin(theta / 2), w: cos(theta / 2) },
    },
    scale: { x: TURTLE_LENGTH, y: 0.3, z: 0.3 },
    color: TURTLE_COLOR,
    text: turtle,
  });
}
