import { atan2 } from '../base/portableMath.js';
import { DRAWING_NAMESPACES, isDrawingTopic, MARKER } from '../base/turtleDrawing.js';
import { round } from './ReportData.js';

/** Points of paths a report keeps over all turtlesims (past them, later strokes are left out). */
export const TURTLE_POINTS = 100_000;

/** One turtlesim_node's window at the run's end, as the report draws it. */
export interface TurtlesimData {
  /** Its node (its drawing topic's namespace). */
  node: string;
  /** The canvas in meters. */
  width: number;
  height: number;
  background: [number, number, number];
  /** The pen's strokes in the order drawn, joined where one goes on from the last: xs and ys interleaved, meters, y up. */
  paths: { turtle: string; color: [number, number, number]; width: number; points: number[] }[];
  /** The turtles alive at the end, in spawn order. */
  turtles: { name: string; x: number; y: number; theta: number }[];
}

interface MarkerIn {
  ns: string;
  id: number;
  action: number;
  pose: { position: { x: number; y: number }; orientation: { z: number; w: number } };
  scale: { x: number };
  color: { r: number; g: number; b: number };
  points: { x: number; y: number }[];
  text: string;
}

const channel = (value: number): number => Math.round(value * 255);

/** One turtlesim's drawing, kept from its markers. */
class Drawing {
  width = 0;
  height = 0;
  background: [number, number, number] = [0, 0, 0];
  paths: TurtlesimData['paths'] = [];
  /** By turtle: its path that the next stroke of the same pen may go on. */
  readonly #open = new Map<string, number>();
  readonly turtles = new Map<number, TurtlesimData['turtles'][number]>();

  /** Applies one marker; returns the points it added. */
  apply(marker: MarkerIn): number {
    if (marker.action === MARKER.DELETEALL) {
      this.paths = [];
      this.#open.clear();
      this.turtles.clear();
      return 0;
    }
    if (marker.ns === DRAWING_NAMESPACES.background) {
      this.width = marker.scale.x;
      this.height = marker.pose.position.y * 2;
      this.background = [channel(marker.color.r), channel(marker.color.g), channel(marker.color.b)];
    } else if (marker.ns === DRAWING_NAMESPACES.turtles) {
      if (marker.action === MARKER.DELETE) {
        this.turtles.delete(marker.id);
      } else {
        const { position, orientation } = marker.pose;
        this.turtles.set(marker.id, {
          name: marker.text,
          x: round(position.x),
          y: round(position.y),
          theta: round(2 * atan2(orientation.z, orientation.w)),
        });
      }
    } else if (marker.ns === DRAWING_NAMESPACES.paths && marker.points.length === 2) {
      return this.#stroke(marker);
    }
    return 0;
  }

  #stroke(marker: MarkerIn): number {
    const [from, to] = marker.points as [{ x: number; y: number }, { x: number; y: number }];
    const color: [number, number, number] = [channel(marker.color.r), channel(marker.color.g), channel(marker.color.b)];
    const width = round(marker.scale.x);
    const index = this.#open.get(marker.text);
    const open = index === undefined ? undefined : this.paths[index];
    const goesOn =
      open !== undefined &&
      open.width === width &&
      open.color.every((value, i) => value === color[i]) &&
      open.points[open.points.length - 2] === round(from.x) &&
      open.points[open.points.length - 1] === round(from.y);
    if (goesOn) {
      open.points.push(round(to.x), round(to.y));
      return 2;
    }
    this.#open.set(marker.text, this.paths.length);
    this.paths.push({ turtle: marker.text, color, width, points: [round(from.x), round(from.y), round(to.x), round(to.y)] });
    return 4;
  }
}

/**
 * The report's Turtles section: what each turtlesim_node drew, read from the markers it publishes
 * on its hidden drawing topic (base/turtleDrawing.ts) as a recorder reads a topic, kept as paths
 * joined stroke to stroke (bounded by TURTLE_POINTS) and the turtles' last poses.
 */
export class TurtleDrawings {
  readonly #drawings = new Map<string, Drawing>();
  #points = 0;
  #limited = false;

  /** Whether `topic` (of `typeName`) is a drawing this reads. */
  static reads(topic: string, typeName: string): boolean {
    return typeName === 'visualization_msgs/msg/MarkerArray' && isDrawingTopic(topic);
  }

  /** A MarkerArray published on drawing topic `topic`. */
  add(topic: string, message: unknown): void {
    let drawing = this.#drawings.get(topic);
    if (drawing === undefined) this.#drawings.set(topic, (drawing = new Drawing()));
    for (const marker of (message as { markers: MarkerIn[] }).markers) {
      if (marker.ns === DRAWING_NAMESPACES.paths && this.#points + 4 > TURTLE_POINTS) {
        this.#limited = true;
        continue;
      }
      this.#points += drawing.apply(marker);
    }
  }

  /** Whether strokes were left out. */
  get limited(): boolean {
    return this.#limited;
  }

  /** The section's data; null when no turtlesim ran. */
  section(): TurtlesimData[] | null {
    if (this.#drawings.size === 0) return null;
    return [...this.#drawings.entries()].map(([topic, drawing]) => ({
      node: topic.slice(0, topic.lastIndexOf('/')),
      width: round(drawing.width),
      height: round(drawing.height),
      background: drawing.background,
      paths: drawing.paths,
      turtles: [...drawing.turtles.entries()].sort(([a], [b]) => a - b).map(([, turtle]) => turtle),
    }));
  }
}
