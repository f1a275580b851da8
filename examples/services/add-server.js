// A plain rclnodejs service server: adds two integers.
'use strict';

const rclnodejs = require('rclnodejs');

rclnodejs.init().then(() => {
  const node = rclnodejs.createNode('add_two_ints_server');
  node.createService('example_interfaces/srv/AddTwoInts', 'add_two_ints', (request, response) => {
    const result = response.template;
    result.sum = request.a + request.b;
    console.log(`Incoming request: a=${request.a} b=${request.b}; sending back sum=${result.sum}`);
    response.send(result);
  });
  rclnodejs.spin(node);
});
