// The corridor manager: one robot at a time in the corridor. A robot asking to enter is let in
// when the corridor is free, and keeps it (asking again gets it again: its answer may have been
// lost) until the manager sees it come back out: its pose inside, then outside again.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('corridor_manager');
  const log = node.getLogger();
  let holder = null;
  let entered = false;
  const watched = new Set();

  const watch = (robot) => {
    watched.add(robot);
    node.createSubscription('geometry_msgs/msg/PoseStamped', `${robot}/pose`, (pose) => {
      if (robot !== holder) return;
      if (pose.pose.position.x > 0) entered = true;
      else if (entered) {
        log.info(`${robot} is out: the corridor is free`);
        holder = null;
      }
    });
  };

  node.createService('corridor_interfaces/srv/Enter', '/corridor/enter', (request, response) => {
    const { robot } = request;
    if (!watched.has(robot)) watch(robot);
    if (holder === null) {
      log.info(`${robot} may enter`);
      [holder, entered] = [robot, false];
    }
    const answer = response.template;
    answer.granted = holder === robot;
    response.send(answer);
  });
  rclnodejs.spin(node);
});
