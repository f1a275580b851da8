import { carried, type Hello, type Outgoing, PROTOCOL_VERSION, type ToClient, type ToSimulation } from './nodeMessages.js';
import { OutOfProtocol } from './OutOfProtocol.js';

/**
 * The client's first message read as its Hello, and the version both speak, min(client's,
 * rclsim's); when there is none, Failed is sent (the client exits 2) and OutOfProtocol thrown.
 * The Welcome that follows is the link's to send.
 */
export function readHello(first: ToSimulation, send: (message: Outgoing<ToClient>) => void): { hello: Hello; version: number } {
  const hello = first.hello;
  if (hello === undefined) throw new OutOfProtocol(`began with ${carried(first)} instead of Hello`);
  const version = Math.min(hello.protocolVersion, PROTOCOL_VERSION);
  if (version < 1) {
    const message = `no common node protocol version: ${hello.client || 'the client'} speaks up to version ${hello.protocolVersion}, this rclsim 1 to ${PROTOCOL_VERSION}`;
    send({ failed: { message } });
    throw new OutOfProtocol(message);
  }
  return { hello, version };
}
