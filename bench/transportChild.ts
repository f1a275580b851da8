/**
 * The child of the `processes.transport` benchmark: says hello on fd 3 (a socket pair its parent
 * made), then echoes what it reads — blocked in read(2) between messages (`blocked`), or woken
 * by its event loop (`event-loop`).
 */
import { readSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';

const PORT = 3;
const buffer = Buffer.alloc(4096);
if (process.argv[2] === 'blocked') {
  writeSync(PORT, Buffer.from('hello'));
  for (;;) {
    const n = readSync(PORT, buffer, 0, buffer.length, null);
    if (n === 0) process.exit(0);
    writeSync(PORT, buffer.subarray(0, n));
  }
} else {
  const socket = new Socket({ fd: PORT, readable: true, writable: true });
  socket.write('hello');
  socket.on('data', (data) => socket.write(data));
  socket.on('end', () => process.exit(0));
}
