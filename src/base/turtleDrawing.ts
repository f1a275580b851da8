/**
 * How turtlesim_node (src/nodes/turtlesim/) shows what its window would: it publishes what it
 * draws as visualization_msgs/MarkerArray on a hidden topic of its own (`~/_turtlesim_drawing`:
 * `ros2 topic list` leaves it out, as the real node has no such topic), which the live view
 * offers like any topic (Foxglove's 3D panel draws markers) and the report reads
 * (report/turtlesSection.ts). The node says what it drew rather than the report guessing it
 * from poses: pens, teleports and clears are service calls a pose does not show. The markers are
 * outputs of the run like any publish, so they are in the fingerprint, the same in every run.
 */
export const DRAWING_TOPIC_TOKEN = '_turtlesim_drawing';

/** The markers' namespaces: the background (one CUBE), the pen's strokes (LINE_LISTs), the turtles (ARROWs named by `text`). */
export const DRAWING_NAMESPACES = { background: 'background', paths: 'paths', turtles: 'turtles' } as const;

/** visualization_msgs/msg/Marker's types and actions used. */
export const MARKER = { ARROW: 0, CUBE: 1, LINE_LIST: 5, ADD: 0, DELETE: 2, DELETEALL: 3 } as const;

/** Whether `topic` is a turtlesim_node's drawing topic. */
export function isDrawingTopic(topic: string): boolean {
  return topic.endsWith(`/${DRAWING_TOPIC_TOKEN}`);
}
