import { thrownAsString } from '../../base/describeThrown.js';
import { ExitSignal } from '../../base/runErrors.js';
import type { ActionType } from '../../interfaces/InterfaceRegistry.js';
import type { Message } from '../../interfaces/plainMessages.js';
import { interfaceTypeName, type TypeClass } from '../../interfaces/typeNames.js';
import { notOnJazzy } from '../../ros/middleware.js';
import { Time } from '../../ros/Time.js';
import type { GuardCondition } from '../GuardCondition.js';
import type { Node } from '../Node.js';
import type { Publisher } from '../Publisher.js';
import type { Service, ServiceResponse } from '../Service.js';
import { type ActionQoS, actionQoS } from './actionQoS.js';
import { type ActionEntityCounts, actionEndpoints, CancelResponse, GoalResponse, GoalStatus, goalKey, isTerminal, uuidText } from './goals.js';
import { type ExecuteCallback, ServerGoalHandle } from './ServerGoalHandle.js';

export type GoalCallback = (goal: Message) => number;
export type CancelCallback = (goalHandle: ServerGoalHandle) => number;
export type HandleAcceptedCallback = (goalHandle: ServerGoalHandle) => unknown;

export interface ActionServerOptions {
  /** Seconds a result is kept after its goal ends (default 900). */
  resultTimeout?: number;
  /** QoS of its services and publishers (rclnodejs's names; feedback/status are its publishers here). */
  qos?: Partial<ActionQoS>;
}

const ERROR_NONE = 0;
const ERROR_REJECTED = 1;
const ERROR_UNKNOWN_GOAL_ID = 2;
const ERROR_GOAL_TERMINATED = 3;

/**
 * rclnodejs's ActionServer, on the ROS 2 action protocol: `send_goal`, `cancel_goal` and
 * `get_result` services and `feedback` and `status` topics under `<action>/_action/`. Accepted
 * goals execute as events of their own (deferred execution with handleAcceptedCallback).
 */
export class ActionServer {
  readonly node: Node;
  readonly actionName: string;
  readonly type: ActionType;
  #execute: ExecuteCallback;
  #goalCallback: GoalCallback = () => GoalResponse.ACCEPT;
  #cancelCallback: CancelCallback = () => CancelResponse.REJECT;
  #handleAccepted: HandleAcceptedCallback = (handle) => handle.execute();
  readonly #goals = new Map<string, ServerGoalHandle>();
  readonly #resultWaiters = new Map<string, ((response: Message) => void)[]>();
  readonly #feedback: Publisher;
  readonly #status: Publisher;
  readonly #executions: { handle: ServerGoalHandle; callback: ExecuteCallback }[] = [];
  readonly #executor: GuardCondition;
  readonly #resultTimeoutMs: number;
  readonly #services: Service[];
  readonly #options: { resultTimeout: number; qos: ActionQoS };
  /** The entities it is made of (its node lists them as the action's). */
  readonly parts: readonly (Service | Publisher | GuardCondition)[];
  #destroyed = false;

  constructor(
    node: Node,
    typeClass: TypeClass,
    actionName: string,
    executeCallback: ExecuteCallback,
    goalCallback?: GoalCallback,
    handleAcceptedCallback?: HandleAcceptedCallback,
    cancelCallback?: CancelCallback,
    options: ActionServerOptions = {},
  ) {
    this.node = node;
    this.actionName = actionName;
    const typeName = interfaceTypeName(typeClass, 'action');
    this.type = node.port.interfaces.action(typeName);
    this.#execute = executeCallback;
    if (goalCallback) this.#goalCallback = goalCallback;
    if (cancelCallback) this.#cancelCallback = cancelCallback;
    if (handleAcceptedCallback) this.#handleAccepted = handleAcceptedCallback;
    this.#resultTimeoutMs = (options.resultTimeout ?? 900) * 1000;
    const qos = actionQoS(options.qos);
    this.#options = { resultTimeout: options.resultTimeout ?? 900, qos };
    const names = actionEndpoints(node, actionName);
    this.#feedback = node.createPublisher(this.type.feedbackMessage.name, names.feedback, { qos: qos.feedbackSubQosProfile });
    this.#status = node.createPublisher('action_msgs/msg/GoalStatusArray', names.status, { qos: qos.statusSubQosProfile });
    this.#executor = node.createGuardCondition(() => this.#runNextExecution());
    this.#services = [
      node.createService(this.type.sendGoal.name, names.sendGoal, { qos: qos.goalServiceQosProfile }, (request) => this.#onSendGoal(request)),
      node.createService('action_msgs/srv/CancelGoal', names.cancelGoal, { qos: qos.cancelServiceQosProfile }, (request) =>
        this.#onCancelGoal(request as unknown as Message),
      ),
      node.createService(this.type.getResult.name, names.getResult, { qos: qos.resultServiceQosProfile }, (request, response) =>
        this.#onGetResult(request, response),
      ),
    ];
    this.parts = [...this.#services, this.#feedback, this.#status, this.#executor];
    node._addActionServer(this);
  }

  /** The goals the server holds, by goal id (rclnodejs's `_goalHandles`, which its tests read). */
  get _goalHandles(): ReadonlyMap<string, ServerGoalHandle> {
    return this.#goals;
  }

  /** rclnodejs's `options`: the result timeout and the QoS profiles, defaults filled in. */
  /** Its action type, `pkg/action/Name`. */
  get actionTypeName(): string {
    return this.type.name;
  }

  get options(): { resultTimeout: number; qos: ActionQoS } {
    return this.#options;
  }

  get qos(): ActionQoS {
    return this.#options.qos;
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** rcl_action_server_wait_set_get_num_entities: its three services and the goal-expiry timer. */
  getNumEntities(): ActionEntityCounts {
    return { subscriptionsNumber: 0, guardConditionsNumber: 0, timersNumber: 1, clientsNumber: 0, servicesNumber: 3 };
  }

  /** Action introspection needs ROS 2 newer than Jazzy: rclnodejs warns and does nothing. */
  configureIntrospection(): void {
    notOnJazzy('Configure action server introspection');
  }

  /** Removes the server from the graph; its goals' handles do nothing from now on. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    for (const handle of this.#goals.values()) handle.destroy();
    this.#goals.clear();
    this.node._removeAction(this);
  }

  registerExecuteCallback(callback: ExecuteCallback): void {
    this.#execute = callback;
  }

  registerGoalCallback(callback?: GoalCallback): void {
    this.#goalCallback = callback ?? (() => GoalResponse.ACCEPT);
  }

  registerCancelCallback(callback?: CancelCallback): void {
    this.#cancelCallback = callback ?? (() => CancelResponse.REJECT);
  }

  registerHandleAcceptedCallback(callback?: HandleAcceptedCallback): void {
    this.#handleAccepted = callback ?? ((handle) => handle.execute());
  }

  #onSendGoal(request: Message): Message {
    const stamp = this.node.now().toMsg();
    // rcl_action refuses a goal whose id it already holds, before the goal callback sees it.
    if (this.#goals.has(goalKey(request.goal_id as Message))) {
      this.node.getLogger().warn(`a goal with id ${goalKey(request.goal_id as Message)} already exists; rejecting the duplicate`);
      return { accepted: false, stamp };
    }
    if (this.#goalCallback(request.goal as Message) !== GoalResponse.ACCEPT) return { accepted: false, stamp };
    const handle = new ServerGoalHandle(this.#owner, request.goal_id as Message, request.goal as Message, stamp);
    this.#goals.set(goalKey(handle.goalId), handle);
    this.publishStatus();
    this.#handleAccepted(handle);
    return { accepted: true, stamp };
  }

  #onCancelGoal(request: Message): Message {
    const info = request.goal_info as { goal_id: Message; stamp: { sec: number; nanosec: number } };
    const everyGoal = (info.goal_id.uuid as Uint8Array).every((b) => b === 0);
    const before = Time.fromMsg(info.stamp).nanoseconds;
    const candidates = [...this.#goals.values()].filter((handle) => {
      const byId = !everyGoal && goalKey(handle.goalId) === goalKey(info.goal_id);
      const byTime = before !== 0n && Time.fromMsg(handle.stamp as { sec: number; nanosec: number }).nanoseconds <= before;
      return everyGoal && before === 0n ? true : byId || byTime;
    });
    if (candidates.length === 0) return { return_code: ERROR_UNKNOWN_GOAL_ID, goals_canceling: [] };
    const canceling = candidates.filter(
      (handle) => handle.isActive && handle.status !== GoalStatus.STATUS_CANCELING && this.#cancelCallback(handle) === CancelResponse.ACCEPT,
    );
    for (const handle of canceling) handle.requestCancel();
    const returnCode = canceling.length > 0 ? ERROR_NONE : candidates.every((handle) => !handle.isActive) ? ERROR_GOAL_TERMINATED : ERROR_REJECTED;
    return {
      return_code: returnCode,
      goals_canceling: canceling.map((handle) => ({ goal_id: handle.goalId, stamp: handle.stamp })),
    };
  }

  #onGetResult(request: Message, response: ServiceResponse): void {
    const key = goalKey(request.goal_id as Message);
    const handle = this.#goals.get(key);
    if (handle === undefined) {
      response.send({ status: GoalStatus.STATUS_UNKNOWN });
    } else if (isTerminal(handle.status)) {
      response.send({ status: handle.status, result: handle.result ?? undefined });
    } else {
      const waiters = this.#resultWaiters.get(key) ?? [];
      waiters.push((result) => response.send(result));
      this.#resultWaiters.set(key, waiters);
    }
  }

  #runNextExecution(): unknown {
    const next = this.#executions.shift();
    if (next === undefined) return undefined;
    const { handle, callback } = next;
    const logger = this.node.getLogger();
    const finish = (result: unknown): void => {
      // A goal still active when its execute callback returns is aborted, as in rclnodejs and rclpy.
      if (handle.isActive) {
        logger.warn(`Goal state not set, assuming aborted. Goal ID: ${uuidText(handle.goalId)}`);
        handle.abort();
      }
      handle.result = this.type.result.toMessage(result ?? {}, false, this.node.port.strictMessages);
      this.#deliverResult(handle);
    };
    // As rclnodejs: an execute callback that throws is logged, and its goal ends with an empty result.
    const failed = (error: unknown): void => {
      if (error instanceof ExitSignal) throw error;
      logger.error(`Error raised in execute callback: ${thrownAsString(error)}`);
      finish({});
    };
    let returned: unknown;
    try {
      returned = callback(handle);
    } catch (error) {
      failed(error);
      return undefined;
    }
    // rclnodejs awaits the result: a `then` that cannot be read rejects that await.
    let then: unknown;
    try {
      then = returned !== null && typeof returned === 'object' ? (returned as PromiseLike<unknown>).then : undefined;
    } catch (error) {
      failed(error);
      return undefined;
    }
    if (typeof then === 'function') return Promise.resolve(returned).then(finish, failed);
    finish(returned);
    return undefined;
  }

  #deliverResult(handle: ServerGoalHandle): void {
    const key = goalKey(handle.goalId);
    const waiters = this.#resultWaiters.get(key) ?? [];
    this.#resultWaiters.delete(key);
    for (const send of waiters) send({ status: handle.status, result: handle.result });
  }

  readonly #owner = {
    publishStatus: (): void => this.publishStatus(),
    publishFeedback: (goalId: Message, feedback: unknown): void =>
      this.#feedback.publish({ goal_id: goalId, feedback: this.type.feedback.toMessage(feedback, false, this.node.port.strictMessages) }),
    startExecution: (handle: ServerGoalHandle, callback: ExecuteCallback | undefined): void => {
      this.#executions.push({ handle, callback: callback ?? this.#execute });
      this.#executor.trigger();
    },
    warn: (message: string): void => void this.node.getLogger().warn(message),
    finish: (handle: ServerGoalHandle): void => {
      // Results are kept for resultTimeout, then the goal is forgotten; that alone does not
      // keep the simulation going.
      const port = this.node.port;
      port.wakeAt(
        port.now() + BigInt(Math.round(this.#resultTimeoutMs * 1e6)),
        () => {
          this.#goals.delete(goalKey(handle.goalId));
          this.publishStatus();
        },
        true,
      );
    },
  };

  publishStatus(): void {
    // A goal's result timeout may outlive the server or its node.
    if (this.#status.isDestroyed()) return;
    this.#status.publish({
      status_list: [...this.#goals.values()].map((handle) => ({
        goal_info: { goal_id: handle.goalId, stamp: handle.stamp },
        status: handle.status,
      })),
    });
  }
}
