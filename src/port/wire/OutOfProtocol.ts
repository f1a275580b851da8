/**
 * The peer sent what the node protocol does not allow (bytes that are no message, a message out
 * of turn, no common version): the conversation cannot go on, on either side.
 */
export class OutOfProtocol extends Error {
  override name = 'OutOfProtocol';
}
