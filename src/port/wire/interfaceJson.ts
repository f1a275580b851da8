import type { InterfaceRegistry } from '../../interfaces/InterfaceRegistry.js';
import type { MessageType } from '../../interfaces/MessageType.js';

/**
 * The node protocol's answer to `GetInterface` (docs/node-protocol.md): an interface as the
 * simulation knows it, for a client that builds its own message classes and CDR codec (the rclpy
 * client) from the very definitions the simulation encodes and decodes with.
 *
 * - '': `{"packages": [...]}`, every interface package the simulation knows (sorted);
 * - a package name (`std_msgs`): `{"package", "types": ["std_msgs/msg/Bool", …]}` (sorted);
 * - a message (`pkg/msg/Name`, or a part: `pkg/srv/Name_Request`, `pkg/action/Name_Goal`,
 *   `pkg/action/Name_FeedbackMessage` …): `{"kind": "msg", "name", "fields", "constants"}`;
 * - a service: `{"kind": "srv", "name", "request", "response", "event"}` (message names);
 * - an action: `{"kind": "action", "name", "goal", "result", "feedback", "feedbackMessage",
 *   "sendGoal": <service>, "getResult": <service>}`.
 *
 * A field: `name`, `type` (a primitive as @foxglove/rosmsg names it — `bool`, `int8` … `uint64`,
 * `float32`, `float64`, `string`, `wstring` — or a message name), `declared` (`char` or `byte`
 * for a field so declared: both are `uint8` in CDR), `isComplex`, `isArray`, `arrayLength` (a
 * fixed-size array), `arrayUpperBound` (a bounded sequence), `upperBound` (a bounded string),
 * `defaultValue`. A constant: `name`, `type`, `value`. Integers beyond JSON's travel as
 * `{"$bigint": "<decimal>"}` (valueToJson).
 */
export type InterfaceDescription = Record<string, unknown>;

export function describeInterface(registry: InterfaceRegistry, name: string): InterfaceDescription {
  if (name === '') return { packages: registry.packageNames() };
  const parts = name.split('/');
  if (parts.length === 1) {
    if (!registry.packageNames().includes(name)) throw new Error(`unknown interface package '${name}'`);
    return { package: name, types: registry.typeNames(name) };
  }
  if (parts.length === 3 && parts[1] === 'srv' && !/_(Request|Response|Event)$/.test(name)) return describeService(registry, name);
  if (parts.length === 3 && parts[1] === 'action' && !/_(Goal|Result|Feedback|FeedbackMessage|SendGoal_\w+|GetResult_\w+)$/.test(name)) {
    const action = registry.action(name);
    return {
      kind: 'action',
      name,
      goal: action.goal.name,
      result: action.result.name,
      feedback: action.feedback.name,
      feedbackMessage: action.feedbackMessage.name,
      sendGoal: describeService(registry, action.sendGoal.name),
      getResult: describeService(registry, action.getResult.name),
    };
  }
  return describeMessage(registry.message(name));
}

function describeService(registry: InterfaceRegistry, name: string): InterfaceDescription {
  const service = registry.service(name);
  return { kind: 'srv', name, request: service.request.name, response: service.response.name, event: service.event.name };
}

function describeMessage(type: MessageType): InterfaceDescription {
  const fields = type.fields.map((field) => {
    const declared = type.own.declared.get(field.name);
    return {
      name: field.name,
      type: field.type,
      ...(declared === undefined ? {} : { declared }),
      isComplex: field.isComplex === true,
      isArray: field.isArray === true,
      ...(field.arrayLength === undefined ? {} : { arrayLength: field.arrayLength }),
      ...(field.arrayUpperBound === undefined ? {} : { arrayUpperBound: field.arrayUpperBound }),
      ...(field.upperBound === undefined ? {} : { upperBound: field.upperBound }),
      ...(field.defaultValue === undefined ? {} : { defaultValue: field.defaultValue }),
    };
  });
  const constants = type.own.fields
    .filter((field) => field.isConstant === true)
    .map((field) => ({
      name: field.name,
      type: field.type,
      ...(type.own.declared.has(field.name) ? { declared: type.own.declared.get(field.name) } : {}),
      value: field.value,
    }));
  return { kind: 'msg', name: type.name, fields, constants };
}
