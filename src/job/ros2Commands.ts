import { Node } from '../client/Node.js';
import type { ServiceType } from '../interfaces/InterfaceRegistry.js';
import type { MessageType } from '../interfaces/MessageType.js';
import type { Message } from '../interfaces/plainMessages.js';
import { type Endpoint, QoS, type QoSProfileName, qosFromResolved, resolveQoS } from '../ros/QoS.js';
import type { JobHandle } from './JobHandle.js';
import { messageYaml } from './messageYaml.js';
import { messageRepr } from './pythonRepr.js';
import { sendGoal } from './ros2Actions.js';
import { GraphQuery } from './ros2Queries.js';
import { FieldsError, fillMessage, loadYaml, parameterValue } from './ros2Values.js';
import type { Ros2Command, Ros2QoS } from './ros2Words.js';
import { type JobClient, whenServiceReady } from './serviceReady.js';

/** A command that runs: `cancel` ends it where it stands (its nodes go), as Ctrl-C ends ros2cli's process. */
export interface Ros2Running {
  cancel(): void;
}

/** What a command tells of its life: it started; it ended (each once). */
export interface Ros2Life {
  started(): void;
  /** Its exit code: 1 when the verb failed (ros2cli's main returned a message), else 0. */
  ended(code: number): void;
  /** A piece of its output, as the process writes it (a print's text and its newline): launch's ProcessIO. */
  output(stream: 'stdout' | 'stderr', text: string): void;
  /** Whether something waits for its end (a handler of its exit): then its last wait keeps the run going, as launch waits for the process. */
  awaited: boolean;
}

const NS_PER_S = 1e9;

/** rclpy's seconds to nanoseconds (`int(seconds * 1e9)`: truncated). */
function ns(seconds: number): number {
  return Math.trunc(seconds * NS_PER_S);
}

/** rclpy's QoS presets by their short keys (ros2topic's `--qos-profile`), as rclsim's profiles. */
const PRESETS: Record<string, QoSProfileName> = {
  default: 'qos_profile_default',
  system_default: 'qos_profile_system_default',
  sensor_data: 'qos_profile_sensor_data',
  services_default: 'qos_profile_services_default',
  parameters: 'qos_profile_parameters',
  parameter_events: 'qos_profile_parameter_events',
  action_status_default: 'qos_profile_action_status_default',
};

/** ros2topic's profile_configure_short_keys: the preset, then what the keys override, for the command's entity at `end`. */
function qosOf(keys: Ros2QoS, end: Endpoint): QoS {
  let resolved = resolveQoS(PRESETS[keys.profile], 'qos_profile_default', end);
  if (keys.history === 'keep_all') resolved = { ...resolved, keepAll: true };
  if (keys.history === 'keep_last') resolved = { ...resolved, keepAll: false };
  if (keys.durability !== null && keys.durability !== 'system_default') resolved = { ...resolved, transientLocal: keys.durability === 'transient_local' };
  if (keys.reliability !== null && keys.reliability !== 'system_default') resolved = { ...resolved, reliable: keys.reliability === 'reliable' };
  if (keys.depth !== null && keys.depth > 0) resolved = { ...resolved, depth: keys.depth };
  return qosFromResolved(resolved);
}

/**
 * ros2cli's verbs, run inside the simulation by the job (docs/job-files.md "Events"): each
 * command is a process of its own in ROS 2; here its nodes live in the job's context, its waits
 * take sim time (a DirectNode's discovery spin, `--spin-time`, 0.5 s; polls every 0.1 s) and what
 * it prints goes to rclsim's stdout (its errors to stderr), each line prefixed as launch prefixes
 * a process's output: `[ros2-N] ` (N counts the commands from 1 in the order they start).
 */
export class Ros2Commands {
  readonly #job: JobHandle;
  readonly #relayed: boolean;

  /** `relayed`: what the commands print goes to rclsim's own output too (a job's commands; a live client's go to it alone). */
  constructor(job: JobHandle, relayed = true) {
    this.#job = job;
    this.#relayed = relayed;
  }

  /** Starts the command now. */
  run(command: Ros2Command, life: Ros2Life): Ros2Running {
    const n = this.#job.nextRos2Command();
    const relay = (stream: NodeJS.WriteStream, text: string) => {
      if (this.#relayed) for (const line of text.split('\n')) stream.write(`[ros2-${n}] ${line}\n`);
    };
    const print = (text: string) => {
      relay(process.stdout, text);
      life.output('stdout', `${text}\n`);
    };
    const fail = (text: string) => {
      relay(process.stderr, text);
      life.output('stderr', `${text}\n`);
    };
    const run = new CommandRun(this.#job, n, print, fail, life);
    life.started();
    switch (command.verb) {
      case 'topic pub':
        run.pub(command);
        break;
      case 'topic echo':
        run.echo(command);
        break;
      case 'param set':
        run.paramSet(command);
        break;
      case 'service call':
        run.serviceCall(command);
        break;
      case 'lifecycle set':
        run.lifecycleSet(command);
        break;
      case 'action send_goal':
        sendGoal(run, command);
        break;
      default:
        new GraphQuery(run).run(command);
    }
    return { cancel: () => run.cancel() };
  }
}

/** ros2cli's exit code when Ctrl-C ends it (the shell's 128 + SIGINT). */
const INTERRUPTED = 130;

/** What a command's steps use: its output, its nodes, its waits in sim time, its end. */
export interface CommandSteps {
  readonly job: JobHandle;
  /** A line (or lines) on its stdout. */
  print(text: string): void;
  /** A line (or lines) on its stderr. */
  fail(text: string): void;
  after(seconds: number, then: () => void, weak?: boolean): void;
  /** A node of its own (ros2cli's `_ros2cli_N`, or the name given). */
  node(name?: string): Node;
  directNode(spinTime: number, then: (node: Node) => void): void;
  end(nodes: readonly Node[], error?: string): void;
  waitFor(predicate: () => boolean, timeout: number, then: (ok: boolean) => void): void;
  waitForService(node: Node, type: string, name: string, timeout: number | null, then: (client: JobClient, ready: boolean) => void): void;
}

/** One command's run: its nodes, its waits in sim time, what it prints. */
class CommandRun implements CommandSteps {
  readonly job: JobHandle;
  readonly #n: number;
  readonly print: (text: string) => void;
  readonly fail: (text: string) => void;
  readonly #life: Ros2Life;
  /** Its nodes: a cancelled command's go with it. */
  readonly #nodes: Node[] = [];
  /** Ended, or cancelled: nothing it left waiting runs or prints any more. */
  #over = false;

  constructor(job: JobHandle, n: number, print: (text: string) => void, fail: (text: string) => void, life: Ros2Life) {
    this.job = job;
    this.#n = n;
    this.print = (text) => {
      if (!this.#over) print(text);
    };
    this.fail = (text) => {
      if (!this.#over) fail(text);
    };
    this.#life = life;
  }

  /** Ends the command where it stands, as Ctrl-C ends ros2cli's process. */
  cancel(): void {
    if (this.#over) return;
    this.#over = true;
    for (const node of this.#nodes) node.destroy();
    this.#life.ended(INTERRUPTED);
  }

  get #engine() {
    return this.job.simulation.engine;
  }

  /**
   * ros2cli's node: `_ros2cli_<pid>` (ros2cli/node/direct.py); a simulation has no pids, so the
   * command's number stands for it, unique in the run and the same in every run.
   */
  node(name = `_ros2cli_${this.#n}`): Node {
    const node = new Node(name, '', this.job.context, {}, [], false);
    this.#nodes.push(node);
    return node;
  }

  /** Runs `then` after `seconds` of sim time; `weak`: a wait that does not keep the run going. */
  after(seconds: number, then: () => void, weak = false): void {
    this.#engine.scheduleAfter(
      ns(seconds),
      () => {
        if (!this.job.finished && !this.#over) then();
      },
      weak,
    );
  }

  /** A DirectNode: its node, after its discovery spin. */
  directNode(spinTime: number, then: (node: Node) => void): void {
    const node = this.node();
    this.after(spinTime, () => then(node));
  }

  /**
   * The command ends (an error line first, if any: ros2cli's verb returned it, so the process
   * exits with 1); its nodes go with it. Every way a command ends comes here once.
   */
  end(nodes: readonly Node[], error?: string): void {
    if (this.#over) return;
    if (error !== undefined) this.fail(error);
    this.#over = true;
    for (const node of nodes) node.destroy();
    this.#life.ended(error === undefined ? 0 : 1);
  }

  /** ros2cli's wait_for: the predicate now, then every 0.1 s until `timeout` seconds have passed. */
  waitFor(predicate: () => boolean, timeout: number, then: (ok: boolean) => void): void {
    const started = this.#engine.nowAbs;
    const poll = () => {
      if (predicate()) return then(true);
      if (Number(this.#engine.nowAbs - started) >= ns(timeout)) return then(false);
      this.after(0.1, poll, true);
    };
    poll();
  }

  /** rclpy's `Client.wait_for_service`: at once if it is there, else when it comes (`timeout` seconds at most). */
  waitForService(node: Node, type: string, name: string, timeout: number | null, then: (client: JobClient, ready: boolean) => void) {
    const client = node.createClient(type, name);
    whenServiceReady(this.job, node, client, timeout === null ? undefined : timeout * 1000, (ready) => {
      if (!this.#over) then(client, ready);
    });
  }

  /** Node names as ros2node lists them: hidden ones (a name starting with `_`) left out. */
  #nodeNames(node: Node): Set<string> {
    return new Set(
      node
        .getNodeNamesAndNamespaces()
        .filter(({ name }) => !name.startsWith('_'))
        .map(({ name, namespace }) => `${namespace === '/' ? '' : namespace}/${name}`),
    );
  }

  /** ros2topic/verb/pub.py. */
  pub(command: Extract<Ros2Command, { verb: 'topic pub' }>) {
    const interfaces = this.job.simulation.interfaces;
    const parts = command.type.split('/');
    let type: MessageType;
    try {
      type = interfaces.message(parts.length === 2 ? `${parts[0]}/msg/${parts[1]}` : command.type);
    } catch {
      return this.end([], 'The passed message type is invalid');
    }
    const values = loadYaml(command.values);
    if (typeof values !== 'object' || values === null || Array.isArray(values)) return this.end([], 'The passed value needs to be a dictionary in YAML format');
    this.directNode(command.spinTime, (node) => {
      let publisher: ReturnType<Node['createPublisher']>;
      try {
        publisher = node.createPublisher(type.name, command.topic, { qos: qosOf(command.qos, 'publisher') });
      } catch (error) {
        return this.end([node], (error as Error).message);
      }
      if (command.waitMatching === 0 && command.maxWaitTime !== null)
        return this.end([node], '--max-wait-time-secs option is only effective with --wait-matching-subscriptions, --once or --times');
      // pub.py's wait: a line each second, a look each 0.1 s (its float sum of the waits, kept as it adds them).
      let sinceLog = 0;
      let waited = 0;
      const wait = () => {
        if (publisher.subscriptionCount >= command.waitMatching) return loop();
        if (sinceLog === 0) this.print(`Waiting for at least ${command.waitMatching} matching subscription(s)...`);
        if (command.maxWaitTime !== null && command.maxWaitTime <= waited)
          return this.end(
            [node],
            `Timed out waiting for subscribers: Expected ${command.waitMatching} subcribers but only got ${publisher.subscriptionCount} subscribers`,
          );
        sinceLog = (sinceLog + 1) % 10;
        waited += 0.1;
        this.after(0.1, wait, true);
      };
      const loop = () => {
        let filled: ReturnType<typeof fillMessage>;
        try {
          filled = fillMessage(type, values, true);
        } catch (error) {
          if (!(error instanceof FieldsError)) throw error;
          return this.end([node], `Failed to populate field: ${error.message}`);
        }
        this.print('publisher: beginning loop');
        let count = 0;
        const publish = () => {
          for (const stamp of filled.stamps) stamp(this.#engine.nowAbs);
          count++;
          if (command.printNth !== 0 && count % command.printNth === 0) this.print(`publishing #${count}: ${messageRepr(type, filled.message)}\n`);
          publisher.publish(filled.message);
        };
        // It keeps its node a while after the last message (--keep-alive), then ends.
        const finish = () => this.after(command.keepAlive, () => this.end([node]), !this.#life.awaited);
        publish();
        if (command.times === 1) return finish();
        const timer = node.createTimer(BigInt(ns(command.period)), () => {
          publish();
          if (command.times !== 0 && count >= command.times) {
            timer.cancel();
            finish();
          }
        });
      };
      wait();
    });
  }

  /**
   * ros2topic/verb/echo.py: after its node's discovery spin, the type (given, else the topic's
   * only one), the QoS (the keys given, else sensor_data made reliable and transient local when
   * every publisher is), then each message as message_to_yaml prints it and `---`.
   */
  echo(command: Extract<Ros2Command, { verb: 'topic echo' }>) {
    const interfaces = this.job.simulation.interfaces;
    this.directNode(command.spinTime, (node) => {
      let typeName = command.type;
      if (typeName === '') {
        const found = node.getTopicNamesAndTypes().find(({ name }) => name === command.topic);
        if (found === undefined) return this.end([node], 'Could not determine the type for the passed topic');
        if (found.types.length > 1)
          return this.end([node], `Cannot echo topic '${command.topic}', as it contains more than one type: [${found.types.join(', ')}]`);
        typeName = found.types[0]!;
      }
      const parts = typeName.split('/');
      let type: MessageType;
      try {
        type = interfaces.message(parts.length === 2 ? `${parts[0]}/msg/${parts[1]}` : typeName);
      } catch {
        return this.end([node], 'The passed message type is invalid');
      }
      let keys = command.qos;
      const publishers = command.adaptToPublishers ? node.getPublishersInfoByTopic(command.topic) : [];
      if (publishers.length > 0) {
        const reliable = publishers.filter((info) => info.qos_profile.reliability === QoS.ReliabilityPolicy.RMW_QOS_POLICY_RELIABILITY_RELIABLE).length;
        const latched = publishers.filter((info) => info.qos_profile.durability === QoS.DurabilityPolicy.RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL).length;
        if (reliable > 0 && reliable < publishers.length)
          this.print(
            'Some, but not all, publishers are offering QoSReliabilityPolicy.RELIABLE. Falling back to QoSReliabilityPolicy.BEST_EFFORT as it will connect to all publishers',
          );
        if (latched > 0 && latched < publishers.length)
          this.print(
            'Some, but not all, publishers are offering QoSDurabilityPolicy.TRANSIENT_LOCAL. Falling back to QoSDurabilityPolicy.VOLATILE as it will connect to all publishers',
          );
        keys = {
          ...keys,
          reliability: reliable === publishers.length ? 'reliable' : 'best_effort',
          durability: latched === publishers.length ? 'transient_local' : 'volatile',
        };
      }
      const qos = qosOf(keys, 'subscription');
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        this.end([node]);
      };
      node.createSubscription(type.name, command.topic, { qos }, (message: unknown) => {
        if (ended) return;
        const options = { truncate: command.truncate, noArr: command.noArr, noStr: command.noStr };
        this.print(`${messageYaml(type, message as Message, options)}---`);
        if (command.once) end();
      });
      // spin_until_future_complete with --timeout's timer; without --once or --timeout it spins until the run ends.
      if (command.timeout !== null) this.after(command.timeout, end, !this.#life.awaited);
    });
  }

  /** ros2param/verb/set.py. */
  paramSet(command: Extract<Ros2Command, { verb: 'param set' }>) {
    const target = command.node.startsWith('/') ? command.node : `/${command.node}`;
    // NodeStrategy: without a daemon (a simulation has none), a DirectNode.
    this.directNode(command.spinTime, (lookup) => {
      this.waitFor(
        () => this.#nodeNames(lookup).has(target),
        command.timeout,
        (found) => {
          if (!found) return this.end([lookup], 'Node not found');
          lookup.destroy();
          this.directNode(command.spinTime, (node) => this.#setParameter(node, command));
        },
      );
    });
  }

  #setParameter(node: Node, command: Extract<Ros2Command, { verb: 'param set' }>): void {
    const service = this.job.simulation.interfaces.service('rcl_interfaces/srv/SetParameters');
    const value = parameterValue(command.value, this.job.simulation.interfaces.message('rcl_interfaces/msg/ParameterValue'));
    // AsyncParameterClient.wait_for_services(timeout_sec=5.0), then set_parameters; the node as given (relative names resolve in /).
    this.waitForService(node, service.name, `${command.node}/set_parameters`, 5, (client, ready) => {
      if (!ready) return this.end([node], `Wait for service timed out waiting for parameter services for node ${command.node}`);
      client.sendRequest({ parameters: [{ name: command.name, value }] }, (response: Message) => {
        const result = (response.results as Message[])[0]!;
        const reason = result.reason as string;
        if (result.successful) {
          this.print(`Set parameter successful${reason ? `: ${reason}` : ''}`);
          this.end([node]);
        } else {
          this.end([node], `Setting parameter failed${reason ? `: ${reason}` : ''}`);
        }
      });
    });
  }

  /** ros2service/verb/call.py. */
  serviceCall(command: Extract<Ros2Command, { verb: 'service call' }>) {
    const parts = command.type.split('/');
    const [pkg, , name] = parts.length === 2 ? [parts[0]!, 'srv', parts[1]!] : (parts as [string, string, string]);
    let service: ServiceType;
    try {
      service = this.job.simulation.interfaces.service(`${pkg}/srv/${name}`);
    } catch {
      return this.end([], 'The passed service type is invalid');
    }
    const values = loadYaml(command.values);
    const node = this.node(`_ros2cli_requester_${pkg}_${name}`);
    let request: Message;
    try {
      request = fillMessage(service.request, values, false).message;
    } catch (error) {
      if (!(error instanceof FieldsError)) throw error;
      return this.end([node], `Failed to populate field: ${error.message}`);
    }
    const client = node.createClient(service.name, command.service);
    const call = () => {
      this.print(`requester: making request: ${messageRepr(service.request, request)}\n`);
      const lastCall = this.#engine.nowAbs;
      client.sendRequest(request, (response: Message) => {
        this.print(`response:\n${messageRepr(service.response, response)}\n`);
        if (command.period === null) return this.end([node]);
        const next = lastCall + BigInt(ns(command.period)) - this.#engine.nowAbs;
        this.after(Math.max(0, Number(next)) / NS_PER_S, call);
      });
    };
    if (!client.isServiceServerAvailable()) this.print('waiting for service to become available...');
    whenServiceReady(this.job, node, client, undefined, () => {
      if (!this.#over) call();
    });
  }

  /** ros2lifecycle/verb/set.py. */
  lifecycleSet(command: Extract<Ros2Command, { verb: 'lifecycle set' }>) {
    const target = command.node.startsWith('/') ? command.node : `/${command.node}`;
    this.directNode(command.spinTime, (lookup) => {
      if (!this.#nodeNames(lookup).has(target)) return this.end([lookup], 'Node not found');
      lookup.destroy();
      this.directNode(command.spinTime, (node) => {
        this.waitForService(node, 'lifecycle_msgs/srv/GetAvailableTransitions', `${target}/get_available_transitions`, null, (client) => {
          client.sendRequest({}, (response: Message) => {
            const transitions = (response.available_transitions as Message[]).map((description) => description.transition as Message);
            const chosen =
              transitions.find((transition) => transition.label === command.transition) ??
              transitions.find((transition) => String(transition.id) === command.transition);
            if (chosen === undefined)
              return this.end(
                [node],
                `Unknown transition requested, available ones are:${transitions.map((transition) => `\n- ${transition.label} [${transition.id}]`).join('')}`,
              );
            this.waitForService(node, 'lifecycle_msgs/srv/ChangeState', `${target}/change_state`, null, (change) => {
              change.sendRequest({ transition: chosen }, (result: Message) => {
                if (result.success) {
                  this.print('Transitioning successful');
                  this.end([node]);
                } else this.end([node], 'Transitioning failed');
              });
            });
          });
        });
      });
    });
  }
}
