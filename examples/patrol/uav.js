// A UAV's flight controller, reduced to what the network sees: it follows timed waypoints
// (parameter `waypoints`: x, y, z, t of each, t in seconds from its start) in straight lines and
// publishes its pose at 20 Hz. A plain rclnodejs program: run it with ROS 2 just as well.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('uav');
  node.declareParameter(new rclnodejs.Parameter('waypoints', rclnodejs.ParameterType.PARAMETER_DOUBLE_ARRAY, [0, 0, 10, 0]));
  const flat = node.getParameter('waypoints').value;
  const waypoints = [];
  for (let i = 0; i + 3 < flat.length; i += 4) waypoints.push({ x: flat[i], y: flat[i + 1], z: flat[i + 2], t: flat[i + 3] });

  const publisher = node.createPublisher('geometry_msgs/msg/PoseStamped', 'pose');
  const start = Date.now();
  node.createTimer(50_000_000n, () => {
    const t = (Date.now() - start) / 1000;
    const next = waypoints.findIndex((w) => w.t > t);
    let p = waypoints[waypoints.length - 1];
    if (next === 0) p = waypoints[0];
    else if (next > 0) {
      const a = waypoints[next - 1];
      const b = waypoints[next];
      const f = (t - a.t) / (b.t - a.t);
      p = { x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y), z: a.z + f * (b.z - a.z) };
    }
    publisher.publish({
      header: { stamp: node.now().toMsg(), frame_id: 'map' },
      pose: { position: { x: p.x, y: p.y, z: p.z }, orientation: { x: 0, y: 0, z: 0, w: 1 } },
    });
  });
  rclnodejs.spin(node);
});
