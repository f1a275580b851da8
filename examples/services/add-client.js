// A plain rclnodejs client in the callback style: one request per second, three in all.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('add_two_ints_client');
  const client = node.createClient('example_interfaces/srv/AddTwoInts', 'add_two_ints');
  let sent = 0;
  client.waitForService(1000).then((available) => {
    if (!available) {
      console.log('Error: service not available');
      rclnodejs.shutdown();
      return;
    }
    const timer = setInterval(() => {
      const request = { a: BigInt(Math.floor(Math.random() * 100)), b: BigInt(sent) };
      sent++;
      client.sendRequest(request, (response) => {
        console.log(`Result of ${request.a} + ${request.b}: ${response.sum}`);
        if (sent === 3) {
          clearInterval(timer);
          rclnodejs.shutdown();
        }
      });
    }, 1000);
  });
  rclnodejs.spin(node);
});
