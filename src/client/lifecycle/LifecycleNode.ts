import { describeThrown } from '../../base/describeThrown.js';
import type { TypeClass } from '../../interfaces/typeNames.js';
import { NodeOptions } from '../../ros/NodeOptions.js';
import { Context } from '../Context.js';
import { Logging } from '../Logging.js';
import { Node, type Options } from '../Node.js';
import type { Publisher } from '../Publisher.js';
import { LifecyclePublisher } from './LifecyclePublisher.js';
import { type CallbackReturnValue, State, Transition, TransitionDescription } from './LifecycleStates.js';
import { CallbackReturnCode, REQUESTABLE, type RequestableTransition, States, Transitions, transitionGraph } from './stateMachine.js';

export type TransitionCallback = (previousState: State) => number | CallbackReturnValue;

type Phase = RequestableTransition['callback'] | 'error';

/**
 * rclnodejs's LifecycleNode: a managed node with the REP 2007 state machine, transition
 * callbacks and their return codes, lifecycle publishers, `~/transition_event`, and the
 * lifecycle_msgs services (`~/get_state`, `~/change_state`, `~/get_available_states`,
 * `~/get_available_transitions`, `~/get_transition_graph`).
 */
export class LifecycleNode extends Node {
  #state: number = States.UNCONFIGURED;
  readonly #callbacks = new Map<Phase, TransitionCallback>();
  readonly #publishers: LifecyclePublisher[] = [];
  readonly #events: Publisher | null = null;

  constructor(
    nodeName: string,
    namespace = '',
    context: Context = Context.defaultContext(),
    options: NodeOptions = NodeOptions.defaultOptions,
    enableCommunicationInterface = true,
  ) {
    super(nodeName, namespace, context, options);
    if (!enableCommunicationInterface) return;
    this.#events = this.createPublisher('lifecycle_msgs/msg/TransitionEvent', '~/transition_event');
    const srv = 'lifecycle_msgs/srv';
    this.createService(`${srv}/GetState`, '~/get_state', () => ({ current_state: this.currentState.asMessage() }));
    this.createService(`${srv}/ChangeState`, '~/change_state', (request) => ({
      success: this.#changeState(request.transition),
    }));
    this.createService(`${srv}/GetAvailableStates`, '~/get_available_states', () => ({
      available_states: this.availableStates.map((s) => s.asMessage()),
    }));
    this.createService(`${srv}/GetAvailableTransitions`, '~/get_available_transitions', () => ({
      available_transitions: this.availableTransitions.map((t) => t.asMessage()),
    }));
    this.createService(`${srv}/GetAvailableTransitions`, '~/get_transition_graph', () => ({
      available_transitions: this.transitions.map((t) => t.asMessage()),
    }));
  }

  get currentState(): State {
    return new State(this.#state);
  }

  /** rcl_lifecycle_state_machine_is_initialized: a lifecycle node's machine is from its construction on. */
  get isInitialized(): boolean {
    return true;
  }

  /** rcl_print_state_machine: each state with its valid transitions, on the rcl_lifecycle logger. */
  print(): void {
    const logger = Logging.getLogger('rcl_lifecycle');
    const graph = transitionGraph();
    for (const state of this.availableStates) {
      const valid = graph.filter((t) => t.from === state.id);
      logger.info(`Primary State: ${state.label}(${state.id})\n# of valid transitions: ${valid.length}`);
      for (const t of valid) logger.info(`\tNode ${state.label}: Transition: ${t.label}`);
    }
  }

  /** rcl_lifecycle's 11 states, in the order it registers them (`unknown` included). */
  get availableStates(): State[] {
    return Object.values(States).map((id) => new State(id));
  }

  get transitions(): TransitionDescription[] {
    return transitionGraph().map((t) => new TransitionDescription(new Transition(t.id, t.label), new State(t.from), new State(t.to)));
  }

  get availableTransitions(): TransitionDescription[] {
    return REQUESTABLE.filter((t) => t.from === this.#state).map(
      (t) => new TransitionDescription(new Transition(t.id, t.label), new State(t.from), new State(t.via)),
    );
  }

  registerOnConfigure(callback: TransitionCallback): void {
    this.#callbacks.set('configure', callback);
  }
  registerOnActivate(callback: TransitionCallback): void {
    this.#callbacks.set('activate', callback);
  }
  registerOnDeactivate(callback: TransitionCallback): void {
    this.#callbacks.set('deactivate', callback);
  }
  /** rclnodejs's spelling of registerOnDeactivate. */
  registerOnDectivate(callback: TransitionCallback): void {
    this.registerOnDeactivate(callback);
  }
  registerOnCleanup(callback: TransitionCallback): void {
    this.#callbacks.set('cleanup', callback);
  }
  registerOnShutdown(callback: TransitionCallback): void {
    this.#callbacks.set('shutdown', callback);
  }
  registerOnError(callback: TransitionCallback): void {
    this.#callbacks.set('error', callback);
  }

  configure(returnValue?: CallbackReturnValue): State {
    return this.#trigger(Transitions.CONFIGURE, returnValue);
  }
  activate(returnValue?: CallbackReturnValue): State {
    return this.#trigger(Transitions.ACTIVATE, returnValue);
  }
  deactivate(returnValue?: CallbackReturnValue): State {
    return this.#trigger(Transitions.DEACTIVATE, returnValue);
  }
  cleanup(returnValue?: CallbackReturnValue): State {
    return this.#trigger(Transitions.CLEANUP, returnValue);
  }
  /** The shutdown transition of the current primary state (the node itself stays). */
  shutdown(returnValue?: CallbackReturnValue): State {
    const transition = REQUESTABLE.find((t) => t.label === 'shutdown' && t.from === this.#state);
    if (!transition) throw new Error(`cannot shut down from state ${this.currentState.label}`);
    return this.#trigger(transition.id, returnValue);
  }

  createLifecyclePublisher(typeClass: TypeClass, topic: string, options?: Options): LifecyclePublisher {
    const publisher = new LifecyclePublisher(this.createPublisher(typeClass, topic, options), this.getLogger());
    if (this.#state === States.ACTIVE) publisher.activate();
    this.#publishers.push(publisher);
    return publisher;
  }

  /** change_state: by id, or by label when the id is 0; false when not available now. */
  #changeState({ id, label }: { id: number; label: string }): boolean {
    const chosen = REQUESTABLE.find((t) => t.from === this.#state && (id !== 0 ? t.id === id : t.label === label));
    if (!chosen) return false;
    const before = this.#state;
    this.#trigger(chosen.id);
    return this.#state !== before && this.#state === chosen.success;
  }

  #trigger(id: number, returnValue?: CallbackReturnValue): State {
    const transition = REQUESTABLE.find((t) => t.id === id && t.from === this.#state);
    if (!transition) {
      throw new Error(`lifecycle transition ${id} is not available from state ${this.currentState.label} of node ${this.getFullyQualifiedName()}`);
    }
    const previous = this.currentState;
    this.#enter(transition.id, transition.label, transition.via);
    const code = this.#run(transition.callback, previous, returnValue);
    if (code === CallbackReturnCode.ERROR) {
      this.#enter(transition.results[2], 'transition_error', States.ERRORPROCESSING);
      const recovered = this.#run('error', previous) === CallbackReturnCode.SUCCESS;
      const [resultId, label, to] = recovered
        ? [Transitions.ON_ERROR_SUCCESS, 'transition_success', States.UNCONFIGURED]
        : [Transitions.ON_ERROR_FAILURE, 'transition_failure', States.FINALIZED];
      this.#enter(resultId, label, to);
    } else {
      const success = code === CallbackReturnCode.SUCCESS;
      this.#enter(
        success ? transition.results[0] : transition.results[1],
        success ? 'transition_success' : 'transition_failure',
        success ? transition.success : transition.failure,
      );
    }
    for (const publisher of this.#publishers) {
      if (this.#state === States.ACTIVE) publisher.activate();
      else publisher.deactivate();
    }
    return this.currentState;
  }

  /** Runs a transition callback; a missing one succeeds, a throwing one is an ERROR. */
  #run(phase: Phase, previous: State, returnValue?: CallbackReturnValue): number {
    const callback = this.#callbacks.get(phase);
    let code: number = CallbackReturnCode.SUCCESS;
    if (callback) {
      try {
        code = Number(callback(previous));
      } catch (error) {
        code = CallbackReturnCode.ERROR;
        if (returnValue) returnValue.errorMsg = describeThrown(error);
      }
    }
    if (returnValue) returnValue.value = code;
    return code;
  }

  #enter(transitionId: number, label: string, state: number): void {
    const start = this.currentState;
    this.#state = state;
    this.#events?.publish({
      timestamp: this.now().nanoseconds,
      transition: { id: transitionId, label },
      start_state: start.asMessage(),
      goal_state: this.currentState.asMessage(),
    });
  }
}
