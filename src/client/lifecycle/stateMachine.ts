/**
 * The ROS 2 managed-node state machine (REP 2007), with rcl_lifecycle's ids and labels:
 * lifecycle_msgs/msg/State and lifecycle_msgs/msg/Transition values.
 */
export const States = {
  UNKNOWN: 0,
  UNCONFIGURED: 1,
  INACTIVE: 2,
  ACTIVE: 3,
  FINALIZED: 4,
  CONFIGURING: 10,
  CLEANINGUP: 11,
  SHUTTINGDOWN: 12,
  ACTIVATING: 13,
  DEACTIVATING: 14,
  ERRORPROCESSING: 15,
} as const;

export const Transitions = {
  CREATE: 0,
  CONFIGURE: 1,
  CLEANUP: 2,
  ACTIVATE: 3,
  DEACTIVATE: 4,
  UNCONFIGURED_SHUTDOWN: 5,
  INACTIVE_SHUTDOWN: 6,
  ACTIVE_SHUTDOWN: 7,
  DESTROY: 8,
  ON_CONFIGURE_SUCCESS: 10,
  ON_CONFIGURE_FAILURE: 11,
  ON_CONFIGURE_ERROR: 12,
  ON_CLEANUP_SUCCESS: 20,
  ON_CLEANUP_FAILURE: 21,
  ON_CLEANUP_ERROR: 22,
  ON_ACTIVATE_SUCCESS: 30,
  ON_ACTIVATE_FAILURE: 31,
  ON_ACTIVATE_ERROR: 32,
  ON_DEACTIVATE_SUCCESS: 40,
  ON_DEACTIVATE_FAILURE: 41,
  ON_DEACTIVATE_ERROR: 42,
  ON_SHUTDOWN_SUCCESS: 50,
  ON_SHUTDOWN_FAILURE: 51,
  ON_SHUTDOWN_ERROR: 52,
  ON_ERROR_SUCCESS: 60,
  ON_ERROR_FAILURE: 61,
  ON_ERROR_ERROR: 62,
} as const;

/** What a transition callback returns (lifecycle_msgs/msg/Transition TRANSITION_CALLBACK_*). */
export const CallbackReturnCode = { SUCCESS: 97, FAILURE: 98, ERROR: 99 } as const;

export const STATE_LABELS: Record<number, string> = {
  0: 'unknown',
  1: 'unconfigured',
  2: 'inactive',
  3: 'active',
  4: 'finalized',
  10: 'configuring',
  11: 'cleaningup',
  12: 'shuttingdown',
  13: 'activating',
  14: 'deactivating',
  15: 'errorprocessing',
};

/** A transition a client can ask for: from a primary state through a transition state. */
export interface RequestableTransition {
  id: number;
  label: string;
  from: number;
  via: number;
  /** The callback that runs in the transition state. */
  callback: 'configure' | 'cleanup' | 'activate' | 'deactivate' | 'shutdown';
  /** Where SUCCESS, FAILURE lead (ERROR goes to errorprocessing). */
  success: number;
  failure: number;
  /** The ids of the transitions taken out of the transition state: success, failure, error. */
  results: [number, number, number];
}

const T = Transitions;
const S = States;

export const REQUESTABLE: RequestableTransition[] = [
  {
    id: T.CONFIGURE,
    label: 'configure',
    from: S.UNCONFIGURED,
    via: S.CONFIGURING,
    callback: 'configure',
    success: S.INACTIVE,
    failure: S.UNCONFIGURED,
    results: [T.ON_CONFIGURE_SUCCESS, T.ON_CONFIGURE_FAILURE, T.ON_CONFIGURE_ERROR],
  },
  {
    id: T.CLEANUP,
    label: 'cleanup',
    from: S.INACTIVE,
    via: S.CLEANINGUP,
    callback: 'cleanup',
    success: S.UNCONFIGURED,
    failure: S.INACTIVE,
    results: [T.ON_CLEANUP_SUCCESS, T.ON_CLEANUP_FAILURE, T.ON_CLEANUP_ERROR],
  },
  {
    id: T.ACTIVATE,
    label: 'activate',
    from: S.INACTIVE,
    via: S.ACTIVATING,
    callback: 'activate',
    success: S.ACTIVE,
    failure: S.INACTIVE,
    results: [T.ON_ACTIVATE_SUCCESS, T.ON_ACTIVATE_FAILURE, T.ON_ACTIVATE_ERROR],
  },
  {
    id: T.DEACTIVATE,
    label: 'deactivate',
    from: S.ACTIVE,
    via: S.DEACTIVATING,
    callback: 'deactivate',
    success: S.INACTIVE,
    failure: S.ACTIVE,
    results: [T.ON_DEACTIVATE_SUCCESS, T.ON_DEACTIVATE_FAILURE, T.ON_DEACTIVATE_ERROR],
  },
  {
    id: T.UNCONFIGURED_SHUTDOWN,
    label: 'shutdown',
    from: S.UNCONFIGURED,
    via: S.SHUTTINGDOWN,
    callback: 'shutdown',
    success: S.FINALIZED,
    failure: S.FINALIZED,
    results: [T.ON_SHUTDOWN_SUCCESS, T.ON_SHUTDOWN_FAILURE, T.ON_SHUTDOWN_ERROR],
  },
  {
    id: T.INACTIVE_SHUTDOWN,
    label: 'shutdown',
    from: S.INACTIVE,
    via: S.SHUTTINGDOWN,
    callback: 'shutdown',
    success: S.FINALIZED,
    failure: S.FINALIZED,
    results: [T.ON_SHUTDOWN_SUCCESS, T.ON_SHUTDOWN_FAILURE, T.ON_SHUTDOWN_ERROR],
  },
  {
    id: T.ACTIVE_SHUTDOWN,
    label: 'shutdown',
    from: S.ACTIVE,
    via: S.SHUTTINGDOWN,
    callback: 'shutdown',
    success: S.FINALIZED,
    failure: S.FINALIZED,
    results: [T.ON_SHUTDOWN_SUCCESS, T.ON_SHUTDOWN_FAILURE, T.ON_SHUTDOWN_ERROR],
  },
];

/** Every transition of the graph, for get_transition_graph: the requestable ones and their results. */
export function transitionGraph(): { id: number; label: string; from: number; to: number }[] {
  const graph: { id: number; label: string; from: number; to: number }[] = [];
  for (const t of REQUESTABLE) {
    graph.push({ id: t.id, label: t.label, from: t.from, to: t.via });
    graph.push({ id: t.results[0], label: 'transition_success', from: t.via, to: t.success });
    graph.push({ id: t.results[1], label: 'transition_failure', from: t.via, to: t.failure });
    graph.push({ id: t.results[2], label: 'transition_error', from: t.via, to: S.ERRORPROCESSING });
  }
  graph.push({ id: T.ON_ERROR_SUCCESS, label: 'transition_success', from: S.ERRORPROCESSING, to: S.UNCONFIGURED });
  graph.push({ id: T.ON_ERROR_FAILURE, label: 'transition_failure', from: S.ERRORPROCESSING, to: S.FINALIZED });
  graph.push({ id: T.ON_ERROR_ERROR, label: 'transition_error', from: S.ERRORPROCESSING, to: S.FINALIZED });
  return graph;
}
