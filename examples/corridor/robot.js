// A robot that fetches parts from the dock at the end of a dead-end corridor one robot wide, one
// trip per order; orders come in at random. Just short of the corridor it asks the corridor
// manager (/corridor/enter) until it is let in. It publishes its pose at 10 Hz: x is its distance
// along the corridor (x > 0: inside), which is how the manager sees it come back out.
'use strict';

const rclnodejs = require('rclnodejs');

const STATION = -1.5; // m
const WAIT_AT = -0.5; // m: where it waits to be let in, just short of the corridor (x = 0)
const DOCK = 2; // m: the corridor's end
const STEP = 0.1; // s: the control period
const STRIDE = 0.125; // m per step (1.25 m/s)
const LOADING = 10; // steps at the dock
const ASK_EVERY = 500; // ms: a lost request or answer costs half a second, no more

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('base');
  const name = node.namespace();
  const poses = node.createPublisher('geometry_msgs/msg/PoseStamped', 'pose');
  const corridor = node.createClient('corridor_interfaces/srv/Enter', '/corridor/enter');
  // The step the next order comes in: 10 to 30 s after the one before.
  const nextOrder = (after) => after + Math.round((10 + 20 * Math.random()) / STEP);

  let step = 0;
  let order = nextOrder(0);
  let x = STATION;
  let state = 'idle';
  let loading = 0;
  let asking = null;

  /** Drives one step toward `target`; true once there. */
  const driveTo = (target) => {
    x += Math.sign(target - x) * Math.min(STRIDE, Math.abs(target - x));
    return x === target;
  };
  const ask = () =>
    corridor.sendRequest({ robot: name }, (answer) => {
      if (!answer.granted || state !== 'waiting') return;
      clearInterval(asking);
      state = 'entering';
    });

  node.createTimer(BigInt(STEP * 1e9), () => {
    step++;
    switch (state) {
      case 'idle':
        if (step >= order) [state, order] = ['approaching', nextOrder(order)];
        break;
      case 'approaching':
        if (driveTo(WAIT_AT)) {
          state = 'waiting';
          ask();
          asking = setInterval(ask, ASK_EVERY);
        }
        break;
      case 'entering':
        if (driveTo(DOCK)) [state, loading] = ['loading', LOADING];
        break;
      case 'loading':
        if (--loading === 0) state = 'leaving';
        break;
      case 'leaving':
        if (driveTo(STATION)) state = 'idle';
    }
    poses.publish({ header: { stamp: node.now().toMsg(), frame_id: 'map' }, pose: { position: { x, y: 0, z: 0 }, orientation: { w: 1 } } });
  });
  rclnodejs.spin(node);
});
