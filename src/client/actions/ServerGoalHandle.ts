import type { Message } from '../../interfaces/plainMessages.js';
import { GoalStatus, isTerminal, uuidText } from './goals.js';

export type ExecuteCallback = (goalHandle: ServerGoalHandle) => unknown;

/** What a goal handle needs from its server. */
interface GoalOwner {
  publishStatus(): void;
  publishFeedback(goalId: Message, feedback: unknown): void;
  startExecution(handle: ServerGoalHandle, callback: ExecuteCallback | undefined): void;
  finish(handle: ServerGoalHandle): void;
  /** A misuse rclnodejs logs and ignores. */
  warn(message: string): void;
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
  #destroyed = false;
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
    if (this.#destroyed) return;
    if (this.#status !== GoalStatus.STATUS_EXECUTING) {
      this.#owner.warn(`publishFeedback() called on goal ${uuidText(this.goalId)} in status ${this.#status}, not executing; ignoring`);
      return;
    }
    this.#owner.publishFeedback(this.goalId, feedback);
  }

  /** The server forgets the goal: later calls on this handle do nothing. */
  destroy(): void {
    this.#destroyed = true;
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

  /** rcl_action's goal state machine; an invalid event is logged and ignored, not fatal. */
  #transition(to: number, from: number[]): void {
    if (this.#destroyed) return;
    if (!from.includes(this.#status)) {
      this.#owner.warn(`goal ${uuidText(this.goalId)} cannot go from status ${this.#status} to ${to} (rcl_action's goal state machine); ignoring`);
      return;
    }
    this.#status = to;
    this.#owner.publishStatus();
    if (isTerminal(to)) this.#owner.finish(this);
  }
}
