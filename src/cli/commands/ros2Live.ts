import wsProtocol from '@foxglove/ws-protocol';
import { WebSocket } from 'ws';
import { ExitCode } from '../../job/exitCodes.js';
import { parseAddress } from '../../live/FoxgloveBridge.js';
import { COMMAND_SERVICE, type CommandOutput, type CommandResponse, jsonBytes, OUTPUT_TOPIC, readJson } from '../../live/liveCommandProtocol.js';

// A CommonJS package: its classes through the default export.
const { FoxgloveClient } = wsProtocol;

/** ros2cli's exit code when Ctrl-C ends it. */
const INTERRUPTED = 130;

/**
 * `rclsim ros2 [--foxglove [HOST:]PORT] WORDS…`: a ros2cli command run inside a live run (one
 * started with --foxglove), as a job file's `ros2` action runs it, its output here as ros2cli
 * prints it; the exit code is the command's (2: a command line ros2cli refuses; 69: no live run
 * there, or it ended first). Ctrl-C ends the command in the run too.
 */
export function ros2Live(words: string[], options: { foxglove?: string }): Promise<number> {
  const { host, port } = parseAddress(options.foxglove ?? true);
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return new Promise((resolve) => {
    const ws = new WebSocket(url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]);
    const client = new FoxgloveClient({ ws });
    let command: number | undefined;
    let done = false;
    // What came for commands before this one's number was known.
    const early: CommandOutput[] = [];
    let service: number | undefined;
    let subscribed = false;
    const finish = (code: number, line?: string): void => {
      if (done) return;
      done = true;
      if (line !== undefined) process.stderr.write(`rclsim ros2: ${line}\n`);
      process.off('SIGINT', interrupted);
      client.close();
      resolve(code);
    };
    const interrupted = (): void => finish(INTERRUPTED);
    process.on('SIGINT', interrupted);
    const show = (output: CommandOutput): void => {
      if ('code' in output) finish(output.code);
      else (output.stream === 'stdout' ? process.stdout : process.stderr).write(output.text);
    };
    const call = (): void => {
      if (service === undefined || !subscribed) return;
      client.sendServiceCallRequest({ serviceId: service, callId: 1, encoding: 'json', data: jsonBytes({ words }) });
    };
    client.on('error', (error) => finish(ExitCode.unavailable, `no live run at ${url}: ${error.message}`));
    client.on('close', () =>
      finish(ExitCode.unavailable, command === undefined ? `no live run at ${url} took the command` : 'the run ended before the command did'),
    );
    // Another Foxglove server (a ROS bridge), or none that runs commands: it would never answer.
    client.on('serverInfo', (info) => {
      if (!info.capabilities.includes('services')) finish(ExitCode.unavailable, `the live view at ${url} takes no commands (not an rclsim run)`);
    });
    client.on('advertise', (channels) => {
      const output = channels.find((channel) => channel.topic === OUTPUT_TOPIC);
      if (output === undefined || subscribed) return;
      client.subscribe(output.id);
      subscribed = true;
      call();
    });
    client.on('advertiseServices', (services) => {
      service ??= services.find((advertised) => advertised.name === COMMAND_SERVICE)?.id;
      call();
    });
    client.on('serviceCallResponse', (response) => {
      const answer = readJson(response.data) as CommandResponse;
      if ('error' in answer) return finish(ExitCode.badInput, answer.error);
      command = answer.command;
      for (const output of early.splice(0)) if (output.command === command) show(output);
    });
    client.on('message', (message) => {
      const output = readJson(message.data) as CommandOutput;
      if (command === undefined) early.push(output);
      else if (output.command === command) show(output);
    });
  });
}
