// A camera driver: a 160 x 120 mono8 image every 33 ms (30 Hz), stamped when taken.
'use strict';

const rclnodejs = require('rclnodejs');

const WIDTH = 160;
const HEIGHT = 120;

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('camera');
  const publisher = node.createPublisher('sensor_msgs/msg/Image', 'camera/image', { qos: 5 });
  const data = new Uint8Array(WIDTH * HEIGHT);
  let frame = 0;
  node.createTimer(33_333_333n, () => {
    // A bright band moving across the image: the "obstacle" perception finds.
    const band = (frame++ * 4) % WIDTH;
    for (let row = 0; row < HEIGHT; row++) {
      for (let column = 0; column < WIDTH; column++) data[row * WIDTH + column] = Math.abs(column - band) < 8 ? 250 : 20;
    }
    publisher.publish({
      header: { stamp: node.now().toMsg(), frame_id: 'camera' },
      height: HEIGHT,
      width: WIDTH,
      encoding: 'mono8',
      is_bigendian: 0,
      step: WIDTH,
      data,
    });
  });
  rclnodejs.spin(node);
});
