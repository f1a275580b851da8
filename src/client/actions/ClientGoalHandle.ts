import type { Message } from '../../interfaces/plainMessages.js';
import { GoalStatus } from './goals.js';

/** What a goal handle asks of its client. */
interface GoalRequester {
  cancelGoal(handle: ClientGoalHandle): Promise<Message>;
  getResult(handle: ClientGoalHandle): Promise<Message>;
}

/** rclnodejs's ClientGoalHandle: a goal an action client sent and the server answered. */
export class ClientGoalHandle {
  readonly goalId: Message;
  readonly stamp: Message;
  readonly #accepted: boolean;
  readonly #client: GoalRequester;
  status: number;

  constructor(client: GoalRequester, goalId: Message, response: Message) {
    this.#client = client;
    this.goalId = goalId;
    this.stamp = response.stamp as Message;
    this.#accepted = response.accepted as boolean;
    this.status = this.#accepted ? GoalStatus.STATUS_ACCEPTED : GoalStatus.STATUS_UNKNOWN;
  }

  /** @deprecated as in rclnodejs: use isAccepted(). */
  get accepted(): boolean {
    return this.#accepted;
  }

  isAccepted(): boolean {
    return this.#accepted;
  }

  isExecuting(): boolean {
    return this.status === GoalStatus.STATUS_EXECUTING;
  }

  isCanceling(): boolean {
    return this.status === GoalStatus.STATUS_CANCELING;
  }

  isSucceeded(): boolean {
    return this.status === GoalStatus.STATUS_SUCCEEDED;
  }

  isCanceled(): boolean {
    return this.status === GoalStatus.STATUS_CANCELED;
  }

  isAborted(): boolean {
    return this.status === GoalStatus.STATUS_ABORTED;
  }

  cancelGoal(): Promise<Message> {
    return this.#client.cancelGoal(this);
  }

  /** The goal's result message, once the goal has ended. */
  getResult(): Promise<Message> {
    return this.#client.getResult(this);
  }
}
