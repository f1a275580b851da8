// A plain rclnodejs client in the async style: await the service, await the response.
'use strict';

const rclnodejs = require('rclnodejs');

async function main() {
  await rclnodejs.init();
  const node = rclnodejs.createNode('add_two_ints_async_client');
  const client = node.createClient('example_interfaces/srv/AddTwoInts', 'add_two_ints');
  if (!(await client.waitForService(1000))) {
    console.log('Error: service not available');
    rclnodejs.shutdown();
    return;
  }
  rclnodejs.spin(node);
  const request = { a: BigInt(Math.floor(Math.random() * 100)), b: BigInt(Math.floor(Math.random() * 100)) };
  try {
    const response = await client.sendRequestAsync(request, { timeout: 5000 });
    console.log(`Result of ${request.a} + ${request.b}: ${response.sum}`);
  } catch (error) {
    console.log(`Error: ${error.message}`);
  } finally {
    rclnodejs.shutdown();
  }
}

main();
