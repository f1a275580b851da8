import { Node } from '../client/Node.js';
import { LoggingSeverity } from '../ros/LogOutput.js';
import type { JobHandle } from './JobHandle.js';
import { whenServiceReady } from './serviceReady.js';

/** lifecycle_msgs/msg/Transition's ids by the labels launch_ros's ChangeState logs them with. */
const TRANSITION_LABELS: Record<number, string> = { 1: 'configure', 2: 'cleanup', 3: 'activate', 4: 'deactivate', 5: 'shutdown', 6: 'shutdown', 7: 'shutdown' };

/**
 * What launch_ros does with lifecycle nodes (launch_ros/actions/lifecycle_node.py): one node of
 * its own in the job's context (`launch_ros`: launch_ros names it `launch_ros_<pid>`, and a
 * simulation has no pids), which hears each lifecycle node's `~/transition_event` (launch's
 * StateTransition events) and calls its `~/change_state` (launch's ChangeState event), waiting
 * for the service first as launch_ros does.
 */
export class LifecycleLink {
  readonly #job: JobHandle;
  #node: Node | null = null;

  constructor(job: JobHandle) {
    this.#job = job;
  }

  get #launchRos(): Node {
    this.#node ??= new Node('launch_ros', '', this.#job.context, {}, [], false);
    return this.#node;
  }

  /** Tells `heard` each transition the node at `fqn` makes: its start and goal states' labels. */
  watch(fqn: string, heard: (from: string, to: string) => void): void {
    this.#launchRos.createSubscription('lifecycle_msgs/msg/TransitionEvent', `${fqn}/transition_event`, (message) => {
      heard(message.start_state.label, message.goal_state.label);
    });
  }

  /** Asks the node at `fqn` for the transition `id`, once its service is there; a refusal is launch_ros's error line. */
  changeState(fqn: string, id: number): void {
    const node = this.#launchRos;
    const client = node.createClient('lifecycle_msgs/srv/ChangeState', `${fqn}/change_state`);
    const call = (): void => {
      client.sendRequest({ transition: { id, label: '' } }, (response) => {
        if (response.success) return;
        const simulation = this.#job.simulation;
        simulation.logOutput.log(
          LoggingSeverity.ERROR,
          'launch_ros',
          `Failed to make transition '${TRANSITION_LABELS[id] ?? id}' for LifecycleNode '${fqn}'`,
          simulation.engine.nowAbs,
        );
      });
    };
    whenServiceReady(this.#job, node, client, undefined, (ready) => {
      if (ready) call();
    });
  }
}
