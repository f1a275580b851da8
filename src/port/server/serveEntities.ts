import type { MessageInfo } from '../../ros/MessageInfo.js';
import { Parameter, type ParameterType } from '../../ros/Parameter.js';
import { ENTITY_EVENTS, type EntityEventName, type EntityOpName, type EventHooks, type ServiceReply, type Severity } from '../NodePort.js';
import { describeInterface } from '../wire/interfaceJson.js';
import { type Outgoing, QOS_DURATIONS, type ToClient, type ToSimulation, valueFromJson, valueToJson } from '../wire/nodeMessages.js';
import { OutOfProtocol } from '../wire/OutOfProtocol.js';
import { type Handlers, json, type ServedProgram } from './ServedProgram.js';

type Create = NonNullable<ToSimulation['create']>;

/**
 * The entities section's requests: contexts, nodes and their entities made and destroyed,
 * publishes, requests and responses, timer, guard, action and logger operations. Each callback
 * of an entity the program made runs in the program as a Run of that entity.
 */
export class EntityRequests {
  readonly handlers: Handlers<'entities'>;
  readonly #program: ServedProgram;
  /** Replies of service requests the program is answering, by the request id Run gave it. */
  readonly #replies = new Map<number, ServiceReply>();
  /** The port's number of each request the program's clients wait on, by `client:sequence` as the program numbers them. */
  readonly #requestNumbers = new Map<string, number>();
  #requests = 0;

  /** `cancelAwait`: a Destroy of an Await (the executor section's). */
  constructor(program: ServedProgram, cancelAwait: (id: number) => void) {
    this.#program = program;
    const { port } = program;
    this.handlers = {
      publish: ({ publisher, cdr }) => {
        // A frame is never written again (frames.ts): the publisher keeps the view.
        port.publish(publisher, frameView(cdr), true);
        return undefined;
      },
      create: (create) => ({ created: this.#create(create) }),
      sendRequest: (send) => {
        this.#sendRequest(send);
        return undefined;
      },
      forgetRequest: ({ client, sequence }) => {
        const number = this.#requestNumbers.get(`${client}:${sequence}`);
        this.#requestNumbers.delete(`${client}:${sequence}`);
        if (number !== undefined) port.forgetRequest(client, number);
        return undefined;
      },
      sendResponse: ({ service, request, cdr }) => {
        const reply = this.#replies.get(request);
        if (reply === undefined) throw new Error(`no request ${request} of service ${service} waits for a response`);
        this.#replies.delete(request);
        // The service is raw: its response goes as the program's CDR, a view of its frame (never written again, frames.ts).
        reply.send(frameView(cdr));
        return undefined;
      },
      timer: (op) => {
        if (op.cancel === true) port.cancelTimer(op.timer);
        else if (op.reset === true) port.resetTimer(op.timer);
        else if (op.state === true) {
          const state = port.timerState(op.timer);
          return json({ canceled: state.canceled, period: `${state.period}`, nextCall: `${state.nextCall}`, lastCall: `${state.lastCall}` });
        }
        return undefined;
      },
      destroy: ({ id, node, wake }) => {
        if (node) port.destroyNode(id);
        else if (wake) cancelAwait(id);
        else port.destroyEntity(id);
        return undefined;
      },
      trigger: ({ guard }) => {
        port.triggerGuard(guard);
        return undefined;
      },
      entity: ({ entity, op, argsJson }) =>
        json(undefined, valueToJson(port.entityOp(entity, op as EntityOpName, (valueFromJson(argsJson) ?? []) as unknown[]))),
      action: ({ node, add, remove }) => {
        if (add !== undefined) return { created: { id: port.addAction(node, add.type, add.parts) } };
        port.removeAction(node, remove!);
        return json(null);
      },
      nextGoalId: () => ({ answer: { cdr: port.nextGoalId() } }),
      context: (op) => {
        if (op.create === true) return { created: { id: port.createContext() } };
        if (op.defaultContext === true) return { created: { id: port.defaultContext() } };
        if (op.init !== undefined) port.initContext(op.context, op.init.argv);
        else if (op.shutdown === true) port.shutdownContext(op.context);
        else return json(port.contextState(op.context));
        return json(null);
      },
      log: ({ logger, severity, message, function: fn, file, line }) =>
        json(port.log(logger, severity as Severity, message, () => ({ function: fn, file, line }))),
      logger: ({ logger, level, setLevel, addChild, removeChild }) => {
        if (level === true) return json(port.loggerLevel(logger));
        if (setLevel !== undefined) port.setLoggerLevel(logger, setLevel);
        else if (addChild !== undefined) return json(port.addSublogger(logger, addChild));
        else port.removeSublogger(logger, removeChild!);
        return json(null);
      },
      getInterface: ({ type }) => json(undefined, valueToJson(describeInterface(port.interfaces, type))),
    };
  }

  #create(create: Create): Outgoing<ToClient>['created'] {
    const created = this.#createEntity(create);
    // A Python program's callback groups: its rclpy executor schedules by them.
    if (create.callbackGroup !== 0 && create.kind !== 'NODE' && create.kind !== 'PUBLISHER')
      this.#program.port.placeInGroup(Number(created?.id), create.callbackGroup, create.reentrant, create.customGroup ? this.#program.mayRun : undefined);
    return created;
  }

  #createEntity(create: Create): Outgoing<ToClient>['created'] {
    const program = this.#program;
    const { port } = program;
    const qos = qosOf(create.qosJson);
    switch (create.kind) {
      case 'NODE': {
        const options = nodeOptionsOf(create.optionsJson);
        const node = port.createNode({
          context: create.context,
          name: create.name,
          namespace: create.namespace,
          args: create.args,
          useGlobalArguments: create.useGlobalArguments,
          options,
        });
        return { id: node.id, name: node.name, namespace: node.namespace, logger: node.logger };
      }
      case 'PUBLISHER': {
        const events = new Map<string, number>();
        const hooks = this.#eventHooks(create.events, false, events);
        const created = port.createPublisher({ node: create.node, type: create.type, topic: create.name, qos, events: hooks });
        for (const { name, id } of created.events) events.set(name, id);
        return { id: created.id, resolvedName: created.topic, events: created.events };
      }
      case 'SUBSCRIPTION': {
        // The simulation's subscription takes the CDR as it travels (raw) and the MessageInfo: the program shapes what its callback gets.
        let id = 0;
        const options = {
          isRaw: true,
          ...(create.filterExpression === '' ? {} : { contentFilter: { expression: create.filterExpression, parameters: create.filterParameters } }),
        };
        const events = new Map<string, number>();
        const hooks = this.#eventHooks(create.events, true, events);
        const spec = { node: create.node, type: create.type, topic: create.name, qos, options, wantsInfo: true, events: hooks };
        const created = port.createSubscription(spec, {
          deliver: (bytes, info) => {
            const about = info as MessageInfo;
            program.run({
              kind: 'MESSAGE',
              entity: id,
              input: bytes as Buffer,
              sourceTimestampNs: about.sourceTimestamp,
              receivedTimestampNs: about.receivedTimestamp,
              publisherGid: about.publisherGid,
              publicationSequence: about.publicationSequenceNumber,
              receptionSequence: about.receptionSequenceNumber,
            });
          },
        });
        id = created.id;
        for (const { name, id: handler } of created.events) events.set(name, handler);
        return { id, resolvedName: created.topic, events: created.events };
      }
      case 'GUARD_CONDITION': {
        let id = 0;
        id = port.createGuardCondition(create.node, () => program.run({ kind: 'GUARD_TRIGGERED', entity: id }));
        return { id };
      }
      case 'TIMER': {
        let id = 0;
        id = port.createTimer(create.node, create.periodNs, !create.canceled, {
          fire: (info) => program.run({ kind: 'TIMER_FIRED', entity: id, expectedCallNs: info().expectedCallTime }),
        });
        return { id };
      }
      case 'SERVICE': {
        let id = 0;
        // raw: the request comes as CDR (the client's own bytes when it is a program's) and the response goes as the program's.
        const created = port.createService({ node: create.node, type: create.type, service: create.name, qos, raw: true }, (request, reply) => {
          const requestId = ++this.#requests;
          this.#replies.set(requestId, reply);
          program.run({ kind: 'REQUEST', entity: id, request: requestId, input: request as Uint8Array });
        });
        id = created.id;
        return { id, resolvedName: created.service };
      }
      case 'CLIENT': {
        const created = port.createClient({ node: create.node, type: create.type, service: create.name, qos, raw: true });
        return { id: created.id, resolvedName: created.service };
      }
      default:
        throw new Error(`cannot create a ${create.kind} for a separate program yet`);
    }
  }

  /** A request with the program's sequence number: its response (or its timeout) runs as the client's callback with that number. */
  #sendRequest(send: NonNullable<ToSimulation['sendRequest']>): void {
    const { client, sequence, cdr } = send;
    const key = `${client}:${sequence}`;
    const respond = (input: Uint8Array, timedOut: boolean): void => {
      this.#requestNumbers.delete(key);
      this.#program.run({ kind: 'RESPONSE', entity: client, sequence, input, timedOut });
    };
    const timeout = send.hasTimeout ? { ms: send.timeoutMs, onTimeout: () => respond(new Uint8Array(), true) } : undefined;
    // The client is raw: the request goes as the program's CDR (a view of its frame, never written again), the response comes as CDR.
    const number = this.#program.port.sendRequest(client, frameView(cdr), (response) => respond(response as Uint8Array, false), timeout);
    this.#requestNumbers.set(key, number);
  }

  /**
   * The program's event callbacks of an endpoint: each a Run kind EVENT of its handler, with the
   * status as JSON; `ids` gets the handlers' ids once the simulation made them.
   */
  #eventHooks(names: readonly string[], subscription: boolean, ids: Map<string, number>): EventHooks | undefined {
    if (names.length === 0) return undefined;
    const callbacks: EventHooks['callbacks'] = {};
    for (const name of names) {
      if (!ENTITY_EVENTS.includes(name as EntityEventName)) throw new OutOfProtocol(`listens to an event '${name}'`);
      callbacks[name as EntityEventName] = (status) => this.#program.run({ kind: 'EVENT', entity: ids.get(name)!, input: Buffer.from(valueToJson(status)) });
    }
    return { subscription, callbacks };
  }
}

/** A QoS as a program sent it (Create.qos_json): a profile name, a depth, or policies whose durations are ns as decimal strings. */
function qosOf(text: string): unknown {
  if (text === '') return undefined;
  const qos = JSON.parse(text) as unknown;
  if (qos === null || typeof qos !== 'object') return qos;
  const policies = qos as Record<string, unknown>;
  for (const name of QOS_DURATIONS) if (typeof policies[name] === 'string') policies[name] = BigInt(policies[name]);
  return policies;
}

/**
 * NodeOptions as a program sent them (Create.options_json, rclnodejs's field names): parameter
 * overrides as {name, type, value} with values as the protocol's JSON values.
 */
function nodeOptionsOf(text: string): Record<string, unknown> {
  if (text === '') return {};
  const options = valueFromJson(text) as Record<string, unknown>;
  const overrides = options.parameterOverrides as { name: string; type: number; value: unknown }[] | undefined;
  if (overrides !== undefined)
    options.parameterOverrides = overrides.map(({ name, type, value }) => new Parameter(name, type as ParameterType, value as never));
  return options;
}

/**
 * A message's CDR as a Buffer without a copy: the frame it is part of is never written again
 * (frames.ts). The flat codec's are Buffers already (views of the frame); only protobufjs's are
 * not (taking a typed array's `buffer` is a call into V8's C++).
 */
function frameView(cdr: Uint8Array): Buffer {
  return Buffer.isBuffer(cdr) ? cdr : Buffer.from(cdr.buffer, cdr.byteOffset, cdr.byteLength);
}
