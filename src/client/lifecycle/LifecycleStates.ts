import { STATE_LABELS } from './stateMachine.js';

/** rclnodejs's lifecycle.State: an id and a label. */
export class State {
  readonly id: number;
  readonly label: string;

  constructor(id: number, label: string = STATE_LABELS[id] ?? 'unknown') {
    this.id = id;
    this.label = label;
  }

  asMessage(): { id: number; label: string } {
    return { id: this.id, label: this.label };
  }
}

/** rclnodejs's lifecycle.Transition. */
export class Transition extends State {}

/** rclnodejs's lifecycle.TransitionDescription. */
export class TransitionDescription {
  readonly transition: Transition;
  readonly startState: State;
  readonly goalState: State;

  constructor(transition: Transition, startState: State, goalState: State) {
    this.transition = transition;
    this.startState = startState;
    this.goalState = goalState;
  }

  asMessage(): { transition: { id: number; label: string }; start_state: { id: number; label: string }; goal_state: { id: number; label: string } } {
    return { transition: this.transition.asMessage(), start_state: this.startState.asMessage(), goal_state: this.goalState.asMessage() };
  }
}

/** rclnodejs's lifecycle.CallbackReturnValue: an out-parameter for a transition's return code. */
export class CallbackReturnValue {
  value: number;
  errorMsg: string | undefined;

  constructor(value = 97) {
    this.value = value;
  }

  valueOf(): number {
    return this.value;
  }

  isSuccess(): boolean {
    return this.value === 97;
  }

  isFailure(): boolean {
    return this.value === 98;
  }

  isError(): boolean {
    return this.value === 99;
  }

  hasErrorMsg(): boolean {
    return this.errorMsg !== undefined;
  }
}
