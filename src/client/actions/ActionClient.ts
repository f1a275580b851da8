import type { ActionType } from '../../interfaces/InterfaceRegistry.js';
import type { Message } from '../../interfaces/plainMessages.js';
import { interfaceTypeName, type TypeClass } from '../../interfaces/typeNames.js';
import { notOnJazzy } from '../../ros/middleware.js';
import type { Client } from '../Client.js';
import { type ValidationOptions, ValidationSetting } from '../messageValidation.js';
import type { Node } from '../Node.js';
import type { Subscription } from '../Subscription.js';
import { type ActionQoS, actionQoS } from './actionQoS.js';
import { ClientGoalHandle } from './ClientGoalHandle.js';
import type { ActionEntityCounts } from './goals.js';
import { actionEndpoints, goalKey } from './goals.js';

/** rclnodejs's ActionClient options: QoS of its services and subscriptions, goal validation. */
export interface ActionClientOptions {
  qos?: Partial<ActionQoS>;
  validateGoals?: boolean;
  validationOptions?: ValidationOptions;
  [option: string]: unknown;
}

/**
 * Current rclnodejs hands feedback callbacks the Feedback and resolves getResult() with the
 * Result; earlier releases gave the whole FeedbackMessage ({goal_id, feedback}) and GetResult
 * response ({status, result}), and rclnodejs's own examples still use both. The message keeps
 * the current shape and gains the earlier one's fields as hidden (non-enumerable) properties,
 * unless it has fields of those names.
 */
function withEarlierShape(message: Message, earlier: Record<string, unknown>): Message {
  for (const [key, value] of Object.entries(earlier)) {
    if (!(key in message)) Object.defineProperty(message, key, { value, enumerable: false, writable: true, configurable: true });
  }
  return message;
}

/**
 * rclnodejs's ActionClient, on the ROS 2 action protocol. Goal ids without a given UUID are
 * drawn from the job's seed, so they are the same on every run.
 */
export class ActionClient {
  readonly node: Node;
  readonly actionName: string;
  readonly type: ActionType;
  readonly #sendGoal: Client;
  readonly #cancelGoal: Client;
  readonly #getResult: Client;
  readonly #feedbackCallbacks = new Map<string, (feedback: Message) => unknown>();
  readonly #handles = new Map<string, ClientGoalHandle>();
  readonly #options: ActionClientOptions & { qos: ActionQoS };
  readonly #validation: ValidationSetting;
  /** The entities it is made of (its node lists them as the action's). */
  readonly parts: readonly (Client | Subscription)[];
  #destroyed = false;

  constructor(node: Node, typeClass: TypeClass, actionName: string, options: ActionClientOptions = {}) {
    this.node = node;
    this.actionName = actionName;
    this.type = node.port.interfaces.action(interfaceTypeName(typeClass, 'action'));
    const qos = actionQoS(options.qos);
    this.#options = { ...options, qos };
    this.#validation = new ValidationSetting(options.validateGoals === true, options.validationOptions);
    const names = actionEndpoints(node, actionName);
    this.#sendGoal = node.createClient(this.type.sendGoal.name, names.sendGoal, { qos: qos.goalServiceQosProfile });
    this.#cancelGoal = node.createClient('action_msgs/srv/CancelGoal', names.cancelGoal, { qos: qos.cancelServiceQosProfile });
    this.#getResult = node.createClient(this.type.getResult.name, names.getResult, { qos: qos.resultServiceQosProfile });
    const feedback = node.createSubscription(this.type.feedbackMessage.name, names.feedback, { qos: qos.feedbackSubQosProfile }, (message) => {
      const callback = this.#feedbackCallbacks.get(goalKey(message.goal_id as Message));
      callback?.(withEarlierShape(message.feedback as Message, { goal_id: message.goal_id, feedback: message.feedback }));
    });
    const status = node.createSubscription('action_msgs/msg/GoalStatusArray', names.status, { qos: qos.statusSubQosProfile }, (message) => {
      for (const entry of message.status_list) {
        const handle = this.#handles.get(goalKey(entry.goal_info.goal_id as unknown as Message));
        if (handle) handle.status = entry.status;
      }
    });
    this.parts = [this.#sendGoal, this.#cancelGoal, this.#getResult, feedback, status];
    node._addActionClient(this);
  }

  /** Its action type, `pkg/action/Name`. */
  get actionTypeName(): string {
    return this.type.name;
  }

  get options(): ActionClientOptions & { qos: ActionQoS } {
    return this.#options;
  }

  get qos(): ActionQoS {
    return this.#options.qos;
  }

  get willValidateGoal(): boolean {
    return this.#validation.enabled;
  }

  set willValidateGoal(enabled: boolean) {
    this.#validation.enabled = enabled;
  }

  setValidation(options: ValidationOptions): void {
    this.#validation.update(options);
  }

  isActionServerAvailable(): boolean {
    return [this.#sendGoal, this.#cancelGoal, this.#getResult].every((client) => client.isServiceServerAvailable());
  }

  /** True once all three action services are there; false after `timeout` ms of sim time. */
  async waitForServer(timeout?: number): Promise<boolean> {
    for (const client of [this.#sendGoal, this.#cancelGoal, this.#getResult]) {
      if (!(await client.waitForService(timeout))) return false;
    }
    return true;
  }

  async sendGoal(
    goal: unknown,
    feedbackCallback?: (feedback: Message) => unknown,
    goalUuid?: Message,
    options: { validate?: boolean } = {},
  ): Promise<ClientGoalHandle> {
    if (this.#destroyed) throw new Error(`action client ${this.actionName} of node ${this.node.getFullyQualifiedName()} has been destroyed`);
    this.#validation.check(goal, this.type.goal.name, options.validate);
    const goalId = goalUuid ?? { uuid: this.node.port.nextGoalId() };
    const key = goalKey(goalId);
    if (feedbackCallback) this.#feedbackCallbacks.set(key, feedbackCallback);
    const response = await this.#sendGoal.sendRequestAsync({
      goal_id: goalId,
      goal: this.type.goal.toMessage(goal, false, this.node.port.strictMessages),
    });
    const handle = new ClientGoalHandle(this.#requester, goalId, response);
    if (handle.isAccepted()) this.#handles.set(key, handle);
    else this.#feedbackCallbacks.delete(key);
    return handle;
  }

  readonly #requester = {
    cancelGoal: (handle: ClientGoalHandle): Promise<Message> =>
      this.#cancelGoal.sendRequestAsync({ goal_info: { goal_id: handle.goalId, stamp: { sec: 0, nanosec: 0 } } }),
    getResult: async (handle: ClientGoalHandle): Promise<Message> => {
      const response = await this.#getResult.sendRequestAsync({ goal_id: handle.goalId });
      handle.status = response.status as number;
      this.#feedbackCallbacks.delete(goalKey(handle.goalId));
      return withEarlierShape(response.result as Message, { status: response.status, result: response.result });
    },
  };

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** rcl_action_client_wait_set_get_num_entities: what an action client waits on. */
  getNumEntities(): ActionEntityCounts {
    return { subscriptionsNumber: 2, guardConditionsNumber: 0, timersNumber: 0, clientsNumber: 3, servicesNumber: 0 };
  }

  /** Action introspection needs ROS 2 newer than Jazzy: rclnodejs warns and does nothing. */
  configureIntrospection(): void {
    notOnJazzy('Configure action client introspection');
  }

  /** Removes the client's services and topics from its node and the graph. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#handles.clear();
    this.#feedbackCallbacks.clear();
    this.node._removeAction(this);
  }
}
