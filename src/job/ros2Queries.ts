/**
 * ros2cli's graph verbs, run inside the simulation: what they ask of the graph at that instant
 * (or of a node's parameter services), printed as ros2cli (Jazzy) prints it. Upstream:
 * ros2node/verb/{list,info}.py and ros2node/api, ros2topic/verb/{list,info,hz}.py and
 * ros2topic/api, ros2param/verb/{list,get,describe,dump}.py and ros2param/api.
 */
import type { Node } from '../client/Node.js';
import type { Message } from '../interfaces/plainMessages.js';
import type { CommandSteps } from './ros2Commands.js';
import { InterfaceShowError, showInterface } from './ros2InterfaceShow.js';
import { endpointText, PARAMETER_TYPES, type PyValue, pyFixed, pyRepr, pythonValue, type YamlMap, yamlDump } from './ros2Printed.js';
import type { Ros2Query } from './ros2Words.js';

type Query<V extends Ros2Query['verb']> = Extract<Ros2Query, { verb: V }>;

/** A node as ros2node's get_node_names gives it. */
interface NodeName {
  name: string;
  namespace: string;
  fullName: string;
}

/** rclpy's topic_or_service_is_hidden (and ros2node's _is_hidden_name): a part of the name starts with `_`. */
function hidden(name: string): boolean {
  return name.split('/').some((part) => part.startsWith('_'));
}

/** ros2node's get_absolute_node_name. */
function absolute(name: string): string {
  return name.startsWith('/') ? name : `/${name}`;
}

/** Python's sorted() of strings: by code point. */
function sortedNames(names: readonly string[]): string[] {
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Steps one after another, each calling `next` when done (callbacks, not promises: a promise's turn would come after other sim events). */
function inSequence<T>(items: readonly T[], step: (item: T, next: () => void) => void, done: () => void): void {
  const go = (i: number): void => (i === items.length ? done() : step(items[i]!, () => go(i + 1)));
  go(0);
}

/** One graph verb's run. */
export class GraphQuery {
  readonly #steps: CommandSteps;

  constructor(steps: CommandSteps) {
    this.#steps = steps;
  }

  run(command: Ros2Query): void {
    switch (command.verb) {
      case 'node list':
        this.#nodeList(command);
        break;
      case 'node info':
        this.#nodeInfo(command);
        break;
      case 'topic list':
        this.#topicList(command);
        break;
      case 'topic info':
        this.#topicInfo(command);
        break;
      case 'topic hz':
        this.#topicHz(command);
        break;
      case 'param list':
        this.#paramList(command);
        break;
      case 'param get':
        this.#paramGet(command);
        break;
      case 'param describe':
        this.#paramDescribe(command);
        break;
      case 'param dump':
        this.#paramDump(command);
        break;
      case 'action list':
        this.#actionList(command);
        break;
      case 'interface list':
        this.#interfaceList(command);
        break;
      case 'interface show':
        this.#interfaceShow(command);
        break;
    }
  }

  /** ros2node's get_node_names. */
  #nodeNames(node: Node, includeHidden: boolean): NodeName[] {
    return node
      .getNodeNamesAndNamespaces()
      .filter(({ name }) => includeHidden || (name !== '' && !name.startsWith('_')))
      .map(({ name, namespace }) => ({ name, namespace, fullName: `${namespace}${namespace.endsWith('/') ? '' : '/'}${name}` }));
  }

  /** ros2node/verb/list.py. */
  #nodeList(command: Query<'node list'>): void {
    this.#steps.directNode(command.spinTime, (node) => {
      const names = sortedNames(this.#nodeNames(node, command.all).map((name) => name.fullName));
      if (command.count) this.#steps.print(String(names.length));
      else if (names.length > 0) {
        if (new Set(names).size < names.length)
          this.#steps.fail('WARNING: Be aware that there are nodes in the graph that share an exact name, which can have unintended side effects.');
        this.#steps.print(names.join('\n'));
      }
      this.#steps.end([node]);
    });
  }

  /** ros2node/verb/info.py: the node's endpoints by kind, as the graph gives them (not sorted), hidden ones left out unless asked. */
  #nodeInfo(command: Query<'node info'>): void {
    this.#steps.directNode(command.spinTime, (node) => {
      const count = this.#nodeNames(node, command.includeHidden).filter((name) => name.fullName === command.node).length;
      if (count === 0) return this.#steps.end([node], `Unable to find node '${command.node}'`);
      if (count > 1)
        this.#steps.fail(`There are ${count} nodes in the graph with the exact name "${command.node}". You are seeing information about only one of them.`);
      // ros2node's parse_node_name.
      const full = absolute(command.node);
      const cut = full.lastIndexOf('/');
      const [namespace, name] = [full.slice(0, cut) || '/', full.slice(cut + 1)];
      const shown = (list: { name: string; types: string[] }[]) => list.filter((item) => command.includeHidden || !hidden(item.name));
      const publishers = node.getPublisherNamesAndTypesByNode(name, namespace);
      const subscribers = node.getSubscriptionNamesAndTypesByNode(name, namespace);
      const sections: [string, { name: string; types: string[] }[]][] = [
        ['Subscribers', subscribers],
        ['Publishers', publishers],
        ['Service Servers', node.getServiceNamesAndTypesByNode(name, namespace)],
        ['Service Clients', node.getClientNamesAndTypesByNode(name, namespace)],
        // rcl_action's graph: an action server publishes `<action>/_action/feedback`, a client subscribes to it.
        ['Action Servers', actionsAmong(publishers)],
        ['Action Clients', actionsAmong(subscribers)],
      ];
      // print_names_and_types: print(*lines, sep='\n'), an empty line for none.
      const text = sections.map(
        ([title, list]) =>
          `  ${title}:\n${shown(list)
            .map((item) => `    ${item.name}: ${item.types.join(', ')}`)
            .join('\n')}`,
      );
      this.#steps.print([command.node, ...text].join('\n'));
      this.#steps.end([node]);
    });
  }

  /** ros2topic/verb/list.py. */
  #topicList(command: Query<'topic list'>): void {
    this.#steps.directNode(command.spinTime, (node) => {
      const topics = node.getTopicNamesAndTypes().filter((topic) => command.includeHidden || !hidden(topic.name));
      if (command.count) this.#steps.print(String(topics.length));
      else if (topics.length > 0 && command.verbose) {
        // show_topic_info: each block ends in a newline, and print adds one.
        const block = (publishers: boolean) => {
          let text = `${publishers ? 'Published' : 'Subscribed'} topics:\n`;
          for (const topic of topics) {
            const count = publishers ? node.countPublishers(topic.name) : node.countSubscribers(topic.name);
            if (count > 0) text += ` * ${topic.name} [${topic.types.join(', ')}] ${count} ${publishers ? 'publisher' : 'subscriber'}${count > 1 ? 's' : ''}\n`;
          }
          return text;
        };
        this.#steps.print(block(true));
        this.#steps.print(block(false));
      } else if (topics.length > 0)
        this.#steps.print(topics.map((topic) => (command.showTypes ? `${topic.name} [${topic.types.join(', ')}]` : topic.name)).join('\n'));
      this.#steps.end([node]);
    });
  }

  /** ros2topic/verb/info.py: the name as given (not expanded), hidden topics too; with -v each line ends in a blank one. */
  #topicInfo(command: Query<'topic info'>): void {
    this.#steps.directNode(command.spinTime, (node) => {
      const topic = node.getTopicNamesAndTypes().find((found) => found.name === command.topic);
      if (topic === undefined) return this.#steps.end([node], `Unknown topic '${command.topic}'`);
      const end = command.verbose ? '\n' : '';
      const type = topic.types.length === 1 ? topic.types[0]! : pyRepr(topic.types);
      const lines = [`Type: ${type}${end}`, `Publisher count: ${node.countPublishers(command.topic)}${end}`];
      if (command.verbose) lines.push(...node.getPublishersInfoByTopic(command.topic, true).map((info) => `${endpointText(info)}\n`));
      lines.push(`Subscription count: ${node.countSubscribers(command.topic)}${end}`);
      if (command.verbose) lines.push(...node.getSubscriptionsInfoByTopic(command.topic, true).map((info) => `${endpointText(info)}\n`));
      this.#steps.print(lines.join('\n'));
      this.#steps.end([node]);
    });
  }

  /**
   * ros2topic/verb/hz.py: once the topic has a type (a warning and a look every 0.1 s until
   * then), a sensor_data subscription; each message's arrival in sim time (the node's clock)
   * goes into the window, and after a message at least 1 s after the last line printed, a line.
   */
  #topicHz(command: Query<'topic hz'>): void {
    const steps = this.#steps;
    steps.directNode(command.spinTime, (node) => {
      const topic = node.resolveTopicName(command.topic, true);
      const typeOf = (): string | undefined => node.getTopicNamesAndTypes().find((found) => found.name === topic)?.types[0];
      const subscribe = (type: string) => {
        const engine = steps.job.simulation.engine;
        let t0 = -1n;
        let tn = 0n;
        let lastPrinted = 0n;
        let times: bigint[] = [];
        node.createSubscription(type, topic, { qos: 'qos_profile_sensor_data' }, () => {
          const now = engine.nowAbs;
          // callback_hz: a clock at 0 is a reset.
          if (now === 0n) {
            if (times.length > 0) steps.print('time has reset, resetting counters');
            times = [];
            return;
          }
          if (t0 < 0n || t0 > now) {
            t0 = now;
            tn = now;
            times = [];
          } else {
            times.push(now - tn);
            tn = now;
          }
          if (times.length > command.window) times.shift();
          // print_hz after the spin that took the message.
          if (times.length === 0) return;
          if (lastPrinted === 0n) {
            lastPrinted = tn;
            return;
          }
          if (Number(tn) < Number(lastPrinted) + 1e9) return;
          const deltas = times.map(Number);
          const mean = deltas.reduce((sum, x) => sum + x, 0) / deltas.length;
          const rate = mean > 0 ? 1 / mean : 0;
          const stdDev = Math.sqrt(deltas.reduce((sum, x) => sum + (x - mean) ** 2, 0) / deltas.length);
          lastPrinted = tn;
          steps.print(
            `average rate: ${pyFixed(rate * 1e9, 3)}\n\tmin: ${pyFixed(Math.min(...deltas) * 1e-9, 3)}s max: ${pyFixed(Math.max(...deltas) * 1e-9, 3)}s std dev: ${pyFixed(stdDev * 1e-9, 5)}s window: ${deltas.length}`,
          );
        });
      };
      const found = typeOf();
      if (found !== undefined) return subscribe(found);
      // get_msg_class(blocking=True): looks again every 0.1 s, for as long as the command runs.
      steps.print(`WARNING: topic [${topic}] does not appear to be published yet`);
      const look = () => {
        const type = typeOf();
        if (type !== undefined) subscribe(type);
        else steps.after(0.1, look, true);
      };
      steps.after(0.1, look, true);
    });
  }

  /** ros2action/verb/list.py: rcl_action's names and types (the topics `<action>/_action/feedback`, the types without `_FeedbackMessage`). */
  #actionList(command: Query<'action list'>): void {
    this.#steps.directNode(command.spinTime, (node) => {
      const actions = actionsAmong(node.getTopicNamesAndTypes());
      if (command.count) this.#steps.print(String(actions.length));
      else if (actions.length > 0)
        this.#steps.print(actions.map((action) => (command.showTypes ? `${action.name} [${action.types.join(', ')}]` : action.name)).join('\n'));
      this.#steps.end([node]);
    });
  }

  /**
   * ros2interface/verb/list.py: `Messages:`, `Services:`, `Actions:`, each type as
   * `    pkg/kind/Name`, packages and names sorted — the types of rclsim's interface registry
   * (its own, ROS 2 Jazzy's common ones and the workspace's), not a ROS 2 install's.
   */
  #interfaceList(command: Query<'interface list'>): void {
    const interfaces = this.#steps.job.simulation.interfaces;
    const titles = { msg: 'Messages:', srv: 'Services:', action: 'Actions:' };
    const types = interfaces.packageNames().flatMap((pkg) => interfaces.typeNames(pkg));
    for (const kind of command.kinds)
      this.#steps.print([titles[kind], ...types.filter((type) => type.split('/')[1] === kind).map((type) => `    ${type}`)].join('\n'));
    this.#steps.end([]);
  }

  /** ros2interface/verb/show.py: the definition as its package ships it, nested types expanded (ros2InterfaceShow.ts). */
  #interfaceShow(command: Query<'interface show'>): void {
    const lines: string[] = [];
    let failure: string | undefined;
    try {
      showInterface(this.#steps.job.simulation.interfaces, command.type, command, (line) => lines.push(line));
    } catch (error) {
      if (!(error instanceof InterfaceShowError)) throw error;
      failure = error.message;
    }
    // What show.py printed before it stopped, then its error.
    if (lines.length > 0) this.#steps.print(lines.join('\n'));
    this.#steps.end([], failure);
  }

  /** NodeStrategy's node list (a DirectNode's: a simulation has no daemon), then `then` with a DirectNode for the calls. */
  #withNodes(command: { spinTime: number; includeHidden: boolean }, then: (names: NodeName[], node: Node) => void): void {
    this.#steps.directNode(command.spinTime, (lookup) => {
      const names = this.#nodeNames(lookup, command.includeHidden);
      lookup.destroy();
      this.#steps.directNode(command.spinTime, (node) => then(names, node));
    });
  }

  /** wait_for_node: the node listed within `timeout` seconds (a look every 0.1 s), else `Node not found`; then a DirectNode. */
  #withNode(command: { node: string; spinTime: number; includeHidden: boolean; timeout: number }, then: (node: Node) => void): void {
    this.#steps.directNode(command.spinTime, (lookup) => {
      const target = absolute(command.node);
      this.#steps.waitFor(
        () => this.#nodeNames(lookup, command.includeHidden).some((name) => name.fullName === target),
        command.timeout,
        (found) => {
          if (!found) return this.#steps.end([lookup], 'Node not found');
          lookup.destroy();
          this.#steps.directNode(command.spinTime, then);
        },
      );
    });
  }

  /** ros2param's call_*: AsyncParameterClient.wait_for_services (5 s), the call; `null` when the wait timed out. */
  #call(node: Node, target: string, service: string, request: Message, then: (response: Message | null) => void): void {
    const type = `rcl_interfaces/srv/${service.replace(/(^|_)(\w)/g, (_, __, letter: string) => letter.toUpperCase())}`;
    this.#steps.waitForService(node, type, `${target}/${service}`, 5, (client, ready) => {
      if (!ready) return then(null);
      client.sendRequest(request, (response: Message) => then(response));
    });
  }

  #timedOut(node: string): string {
    return `Wait for service timed out waiting for parameter services for node ${node}`;
  }

  /** ros2param/verb/list.py: each node's names sorted (the nodes in the order of their NodeName tuples: name, namespace). */
  #paramList(command: Query<'param list'>): void {
    this.#withNodes(command, (all, node) => {
      let names = all;
      if (command.node !== null) {
        const target = absolute(command.node);
        if (!all.some((name) => name.fullName === target)) return this.#steps.end([node], 'Node not found');
        names = all.filter((name) => name.fullName === target);
      }
      const responses = new Map<NodeName, string[] | null>();
      inSequence(
        names,
        (name, next) =>
          this.#call(node, name.fullName, 'list_parameters', { prefixes: [], depth: 0n }, (response) => {
            responses.set(name, response === null ? null : [...((response.result as Message).names as string[])]);
            next();
          }),
        () => {
          const order = [...responses.keys()].sort((a, b) => compareTuples([a.name, a.namespace, a.fullName], [b.name, b.namespace, b.fullName]));
          // re.match: at the start of the name.
          const filter = command.filter === null ? null : new RegExp(command.filter, 'y');
          inSequence(
            order,
            (name, next) => {
              const found = responses.get(name)!;
              if (found === null) {
                // list.py prints the NodeName tuple itself.
                this.#steps.print(
                  this.#timedOut(`NodeName(name=${pyRepr(name.name)}, namespace=${pyRepr(name.namespace)}, full_name=${pyRepr(name.fullName)})`),
                );
                return next();
              }
              const sorted = sortedNames(found).filter((parameter) => {
                if (filter === null) return true;
                filter.lastIndex = 0;
                return filter.test(parameter);
              });
              const lines = command.node === null && sorted.length > 0 ? [`${name.fullName}:`] : [];
              const print = (types: Map<string, string>) => {
                lines.push(...sorted.map((parameter) => (command.paramType ? `  ${parameter} (type: ${types.get(parameter)})` : `  ${parameter}`)));
                if (lines.length > 0) this.#steps.print(lines.join('\n'));
                next();
              };
              if (!command.paramType) return print(new Map());
              this.#call(node, name.fullName, 'describe_parameters', { names: sorted }, (response) => {
                if (response === null) return this.#steps.end([node], this.#timedOut(name.fullName));
                const descriptors = response.descriptors as Message[];
                print(new Map(descriptors.map((descriptor) => [descriptor.name as string, PARAMETER_TYPES[Number(descriptor.type)]!])));
              });
            },
            () => this.#steps.end([node]),
          );
        },
      );
    });
  }

  /** ros2param/verb/get.py: the label of the value's type and Python's print of the value. */
  #paramGet(command: Query<'param get'>): void {
    this.#withNode(command, (node) => {
      this.#call(node, command.node, 'get_parameters', { names: [command.name] }, (response) => {
        if (response === null) return this.#steps.end([node], this.#timedOut(command.node));
        const values = response.values as Message[];
        if (values.length === 0) return this.#steps.end([node], 'Parameter not set');
        const type = Number(values[0]!.type);
        const value = pythonValue(values[0]!);
        const labels = [
          'Parameter not set.',
          'Boolean value is:',
          'Integer value is:',
          'Double value is:',
          'String value is:',
          'Byte values are:',
          'Boolean values are:',
          'Integer values are:',
          'Double values are:',
          'String values are:',
        ];
        const label = labels[type];
        if (label === undefined) return this.#steps.end([node], `Unknown parameter type '${type}'`);
        const shown = pyRepr(value, false);
        this.#steps.print(command.hideType ? shown : value === null ? label : `${label} ${shown}`);
        this.#steps.end([node]);
      });
    });
  }

  /** ros2param/verb/describe.py's _print_descriptor, for each descriptor the node gives. */
  #paramDescribe(command: Query<'param describe'>): void {
    this.#withNode(command, (node) => {
      this.#call(node, command.node, 'describe_parameters', { names: command.names }, (response) => {
        if (response === null) return this.#steps.end([node], this.#timedOut(command.node));
        for (const descriptor of response.descriptors as Message[]) {
          const lines = [`Parameter name: ${descriptor.name}`, `  Type: ${PARAMETER_TYPES[Number(descriptor.type)]}`];
          if (descriptor.description) lines.push(`  Description: ${descriptor.description}`);
          lines.push('  Constraints:');
          if (descriptor.read_only) lines.push('    Read only: true');
          const floats = [...(descriptor.floating_point_range as Message[])];
          const ints = [...(descriptor.integer_range as Message[])];
          const range = floats[0] ?? ints[0];
          if (range !== undefined) {
            const shown = (value: unknown) => (floats.length > 0 ? pyFloat64(value) : String(value));
            lines.push(`    Min value: ${shown(range.from_value)}`, `    Max value: ${shown(range.to_value)}`);
            if (Number(range.step) !== 0) lines.push(`    Step: ${shown(range.step)}`);
          }
          if (descriptor.additional_constraints) lines.push(`    Additional constraints: ${descriptor.additional_constraints}`);
          this.#steps.print(lines.join('\n'));
        }
        this.#steps.end([node]);
      });
    });
  }

  /** ros2param/verb/dump.py: the names sorted, their values, nested at each `.`, as yaml.dump prints them. */
  #paramDump(command: Query<'param dump'>): void {
    this.#withNode(command, (node) => {
      const target = absolute(command.node);
      this.#call(node, target, 'list_parameters', { prefixes: [], depth: 0n }, (listed) => {
        if (listed === null) return this.#steps.end([node], this.#timedOut(target));
        const names = sortedNames((listed.result as Message).names as string[]);
        this.#call(node, target, 'get_parameters', { names }, (response) => {
          if (response === null)
            return this.#steps.end([node], `Exception while calling get_parameters service of node '${target}': ${this.#timedOut(target)}`);
          const parameters: YamlMap = {};
          for (const [i, value] of (response.values as Message[]).entries()) insert(parameters, names[i]!, pythonValue(value));
          // print(yaml.dump(...)): the dump ends in a newline, print adds one.
          this.#steps.print(yamlDump({ [target]: { ros__parameters: parameters } }));
          this.#steps.end([node]);
        });
      });
    });
  }
}

const FEEDBACK = '/_action/feedback';

/** rcl_action's graph queries: the actions among topics (their feedback topics), the types without `_FeedbackMessage`. */
function actionsAmong(topics: readonly { name: string; types: string[] }[]): { name: string; types: string[] }[] {
  return topics
    .filter((topic) => topic.name.endsWith(FEEDBACK))
    .map((topic) => ({ name: topic.name.slice(0, -FEEDBACK.length), types: topic.types.map((type) => type.replace(/_FeedbackMessage$/, '')) }));
}

/** Python's comparison of tuples of strings. */
function compareTuples(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

function pyFloat64(value: unknown): string {
  return pyRepr(Number(value));
}

/** dump.py's insert_dict: a name with `.` goes into nested mappings. */
function insert(map: YamlMap, name: string, value: PyValue): void {
  const cut = name.indexOf('.');
  if (cut < 0) {
    map[name] = value;
    return;
  }
  const head = name.slice(0, cut);
  if (typeof map[head] !== 'object' || map[head] === null || Array.isArray(map[head])) map[head] = {};
  insert(map[head] as YamlMap, name.slice(cut + 1), value);
}
