/**
 * The child of the `processes.transport` benchmark. `blocked` and `event-loop`: says hello on fd
 * 3 (a socket pair its parent made), then echoes what it reads — blocked in read(2) between
 * messages, or woken by its event loop. `protocol`: a program's process as rclsim starts it, the
 * real client end (port/wire/ClientSocket.ts): Hello, then each Run answered with a Publish of
 * its input and Done.
 */
import { readSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';

const PORT = 3;
const mode = process.argv[2];
if (mode === 'blocked') {
  const buffer = Buffer.alloc(4096);
  writeSync(PORT, Buffer.from('hello'));
  for (;;) {
    const n = readSync(PORT, buffer, 0, buffer.length, null);
    if (n === 0) process.exit(0);
    writeSync(PORT, buffer.subarray(0, n));
  }
} else if (mode === 'event-loop') {
  const socket = new Socket({ fd: PORT, readable: true, writable: true });
  socket.write('hello');
  socket.on('data', (data) => socket.write(data));
  socket.on('end', () => process.exit(0));
} else {
  // Loaded only here: the bare children's start stays what it measures.
  const { ClientSocket } = await import('../src/port/wire/ClientSocket.js');
  const client = new ClientSocket();
  client.hello({ protocolVersion: 1, client: 'rclsim transport bench', language: 'javascript' });
  for (;;) {
    const { run } = client.receive();
    client.send({ publish: { publisher: run!.entity, cdr: run!.input } });
    client.send({ done: { run: run!.run } });
  }
}
