import type { Message } from '../../interfaces/plainMessages.js';
import { GoalStatus, isTerminal } from './goals.js';

export type ExecuteCallback = (goalHandle: ServerGoalHandle) => unknown;

/** What a goal handle needs from its server. */
interface GoalOwner {
  publishStatus(): void;
  publishFeedback(goalId: Message, feedback: unknown): void;
  startExecution(handle: ServerGoalHandle, callback: ExecuteCallback | undefined): void;
  finish(handle: ServerGoalHandle): void;
}

/** rclnodejs's ServerGoalHandle: one accepted goal on an action server. */
export class ServerGoalHandle {
  readonly request: Message;
  readonly goalId: Message;
  /** builtin_interfaces/msg/Time the goal was accepted at. */
  readonly stamp: Message;
  result: Message | null = null;
  #status: number = GoalStatus.STATUS_ACCEPTED;
  #cancelRequested = false;
  readonly #owner: GoalOwner;

  constructor(owner: GoalOwner, goalId: Message, request: Message, stamp: Message) {
    this.#owner = owner;
    this.goalId = goalId;
    this.request = request;
    this.stamp = stamp;
  }

  get status(): number {
    return this.#status;
  }

  get isActive(): boolean {
    return !isTerminal(this.#status);
  }

  get isCancelRequested(): boolean {
    return this.#cancelRequested;
  }

  /** Starts the execute callback (the server's, or this one) as the next event. */
  execute(callback?: ExecuteCallback): void {
    this.#transition(GoalStatus.STATUS_EXECUTING, [GoalStatus.STATUS_ACCEPTED]);
    this.#owner.startExecution(this, callback);
  }

  publishFeedback(feedback: unknown): void {
    if (!this.isActive) throw new Error('cannot publish feedback for a goal that is not active');
    this.#owner.publishFeedback(this.goalId, feedback);
  }

  succeed(): void {
    this.#transition(GoalStatus.STATUS_SUCCEEDED, [GoalStatus.STATUS_EXECUTING]);
  }

  abort(): void {
    this.#transition(GoalStatus.STATUS_ABORTED, [GoalStatus.STATUS_EXECUTING, GoalStatus.STATUS_CANCELING]);
  }

  canceled(): void {
    this.#transition(GoalStatus.STATUS_CANCELED, [GoalStatus.STATUS_CANCELING]);
  }

  /** The server accepted a cancel request for this goal. */
  requestCancel(): void {
    this.#cancelRequested = true;
    this.#transition(GoalStatus.STATUS_CANCELING, [GoalStatus.STATUS_ACCEPTED, GoalStatus.STATUS_EXECUTING]);
  }

  #transition(to: number, from: number[]): void {
    if (!from.includes(this.#status)) {
      throw new Error(`goal cannot go from status ${this.#status} to ${to} (rcl_action's goal state machine)`);
    }
    this.#status = to;
    this.#owner.publishStatus();
    if (isTerminal(to)) this.#owner.finish(this);
  }
}
