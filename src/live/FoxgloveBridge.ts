import wsProtocol, { type FoxgloveServer as Server } from '@foxglove/ws-protocol';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  COMMAND_SERVICE,
  type CommandOutput,
  type CommandRequest,
  type CommandResponse,
  jsonBytes,
  OUTPUT_SCHEMA,
  OUTPUT_TOPIC,
  REQUEST_SCHEMA,
  RESPONSE_SCHEMA,
  readJson,
} from './liveCommandProtocol.js';
import type { LiveMessage } from './liveProtocol.js';

// A CommonJS package: its classes through the default export.
const { FoxgloveServer } = wsProtocol;

/** A client this far behind (bytes queued to it) is dropped: it never holds the run back. */
const SLOW_CLIENT_BYTES = 16 * 1024 * 1024;

/** `[HOST:]PORT` (default 127.0.0.1:8765) as host and port; an error names what is wrong. */
export function parseAddress(text: string | true): { host: string; port: number } {
  if (text === true) return { host: '127.0.0.1', port: 8765 };
  const match = /^(?:(.*):)?(\d+)$/.exec(text);
  const port = match === null ? NaN : Number(match[2]);
  if (match === null || port > 65535) throw new Error(`--foxglove ${text}: expected [HOST:]PORT, e.g. 8765 or 0.0.0.0:8765`);
  return { host: match[1] || '127.0.0.1', port };
}

/**
 * The live view of a run (rclsim run --foxglove): a Foxglove WebSocket server
 * (`foxglove.websocket.v1`, @foxglove/ws-protocol) on the main thread, fed by the run's thread.
 * Topics are advertised as they appear (schema name, the `ros2msg` text a recording holds, `cdr`),
 * messages go to the clients subscribed to them with their sim times, and the `time` capability
 * broadcasts the sim time. `watched` tells the run which topics someone subscribed to. A client
 * may run ros2 commands in the run (liveCommandProtocol.ts): they end when it goes away.
 */
export class FoxgloveBridge {
  readonly #server: Server;
  readonly #sockets: WebSocketServer;
  readonly #channels = new Map<string, number>();
  readonly #topics = new Map<number, string>();
  readonly #subscribed = new Set<number>();
  readonly #clients = new Set<WebSocket>();
  /** Each client's ros2 commands that have not ended. */
  readonly #commands = new Map<WebSocket, Set<number>>();
  readonly #outputChannel: number;
  #lastCommand = 0;
  #time = 0n;
  #firstClient: Promise<void>;
  /** Told the topics someone subscribes to, whenever they change. */
  onWatched: (topics: string[]) => void = () => {};
  /** Told when a slow client is dropped. */
  onDropped: (client: string) => void = () => {};
  /** Told a client's ros2 command (its number and words): why it cannot run, or null when it starts. */
  onCommand: (command: number, words: string[]) => string | null = () => 'this run takes no commands';
  /** Told a command's client went away before it ended. */
  onCancel: (command: number) => void = () => {};

  private constructor(server: Server, sockets: WebSocketServer) {
    this.#server = server;
    this.#sockets = sockets;
    let connected!: () => void;
    this.#firstClient = new Promise((resolve) => (connected = resolve));
    sockets.on('connection', (socket, request) => {
      const name = `${request.socket.remoteAddress}:${request.socket.remotePort}`;
      this.#clients.add(socket);
      socket.on('close', () => {
        this.#clients.delete(socket);
        for (const command of this.#commands.get(socket) ?? []) this.onCancel(command);
        this.#commands.delete(socket);
      });
      this.#server.handleConnection(socket, name);
      connected();
    });
    this.#server.on('subscribe', (channel) => {
      this.#subscribed.add(channel);
      this.#tellWatched();
    });
    this.#server.on('unsubscribe', (channel) => {
      this.#subscribed.delete(channel);
      this.#tellWatched();
    });
    this.#server.on('serviceCallRequest', (request, connection) => this.#called(request, connection as WebSocket));
    // A misbehaving client is the client's problem, not the run's.
    this.#server.on('error', () => {});
    this.#server.addService({
      name: COMMAND_SERVICE,
      type: 'rclsim/Ros2Command',
      request: { encoding: 'json', schemaName: 'rclsim/Ros2CommandRequest', schemaEncoding: 'jsonschema', schema: REQUEST_SCHEMA },
      response: { encoding: 'json', schemaName: 'rclsim/Ros2CommandResponse', schemaEncoding: 'jsonschema', schema: RESPONSE_SCHEMA },
    });
    this.#outputChannel = this.#server.addChannel({
      topic: OUTPUT_TOPIC,
      encoding: 'json',
      schemaName: 'rclsim/Ros2CommandOutput',
      schema: OUTPUT_SCHEMA,
      schemaEncoding: 'jsonschema',
    });
  }

  /** A client's ros2 command: its number, or why it cannot run. */
  #called(request: { serviceId: number; callId: number; data: ArrayBufferView }, connection: WebSocket): void {
    let response: CommandResponse;
    try {
      const { words } = readJson(request.data) as CommandRequest;
      if (!Array.isArray(words) || !words.every((word) => typeof word === 'string')) throw new Error('words: expected a list of strings');
      const command = ++this.#lastCommand;
      const error = this.onCommand(command, words);
      if (error === null) {
        let commands = this.#commands.get(connection);
        if (commands === undefined) this.#commands.set(connection, (commands = new Set()));
        commands.add(command);
        response = { command };
      } else response = { error };
    } catch (error) {
      response = { error: `${COMMAND_SERVICE}: ${(error as Error).message}` };
    }
    this.#server.sendServiceCallResponse({ serviceId: request.serviceId, callId: request.callId, encoding: 'json', data: jsonBytes(response) }, connection);
  }

  #sendOutput(output: CommandOutput): void {
    this.#server.sendMessage(this.#outputChannel, this.#time, jsonBytes(output));
  }

  /** Listens on `host:port` (port 0: any free one; see `port`). */
  static async start(host: string, port: number): Promise<FoxgloveBridge> {
    const server = new FoxgloveServer({ name: 'rclsim', capabilities: ['time', 'services'], supportedEncodings: ['cdr', 'json'] });
    const sockets = new WebSocketServer({ host, port, handleProtocols: (protocols) => server.handleProtocols(protocols) });
    await new Promise<void>((resolve, reject) => {
      sockets.once('listening', resolve);
      sockets.once('error', (error) => reject(new Error(`--foxglove ${host}:${port}: ${error.message}`)));
    });
    return new FoxgloveBridge(server, sockets);
  }

  get address(): string {
    const address = this.#sockets.address();
    return address === null || typeof address === 'string' ? String(address) : `${address.address}:${address.port}`;
  }

  /** Resolves when the first client connects. */
  firstClient(): Promise<void> {
    return this.#firstClient;
  }

  handle(message: LiveMessage): void {
    if (message.type === 'live-channel') {
      const id = this.#server.addChannel({
        topic: message.topic,
        encoding: 'cdr',
        schemaName: message.schemaName,
        schema: message.schema,
        schemaEncoding: message.schemaEncoding,
      });
      this.#channels.set(message.topic, id);
      this.#topics.set(id, message.topic);
    } else if (message.type === 'live-messages') {
      this.#dropSlowClients();
      for (let i = 0; i < message.topics.length; i++) {
        const channel = this.#channels.get(message.topics[i]!);
        if (channel !== undefined && this.#subscribed.has(channel)) this.#server.sendMessage(channel, message.times[i]!, message.data[i]!);
      }
    } else if (message.type === 'live-ros2-output') {
      this.#sendOutput({ command: message.command, stream: message.stream, text: message.text });
    } else if (message.type === 'live-ros2-ended') {
      for (const commands of this.#commands.values()) commands.delete(message.command);
      this.#sendOutput({ command: message.command, code: message.code });
    } else {
      this.#time = message.time;
      this.#server.broadcastTime(message.time);
    }
  }

  #tellWatched(): void {
    this.onWatched([...this.#subscribed].map((id) => this.#topics.get(id)!).filter((topic) => topic !== undefined));
  }

  #dropSlowClients(): void {
    for (const client of this.#clients) {
      if (client.bufferedAmount > SLOW_CLIENT_BYTES) {
        this.#clients.delete(client);
        client.terminate();
        this.onDropped(`a client ${(client.bufferedAmount / 1e6).toFixed(0)} MB behind`);
      }
    }
  }

  /** Says goodbye to the clients (a second for them to answer, then they are cut off) and stops listening. */
  async close(): Promise<void> {
    for (const client of this.#clients) client.close(1001, 'the run ended');
    const closed = new Promise<void>((resolve) => this.#sockets.close(() => resolve()));
    const cutOff = setTimeout(() => {
      for (const client of this.#clients) client.terminate();
    }, 1000);
    await closed;
    clearTimeout(cutOff);
  }
}
