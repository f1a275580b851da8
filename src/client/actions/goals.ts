import type { Message } from '../../interfaces/plainMessages.js';

/** action_msgs/msg/GoalStatus values. */
export const GoalStatus = {
  STATUS_UNKNOWN: 0,
  STATUS_ACCEPTED: 1,
  STATUS_EXECUTING: 2,
  STATUS_CANCELING: 3,
  STATUS_SUCCEEDED: 4,
  STATUS_CANCELED: 5,
  STATUS_ABORTED: 6,
} as const;

/** rclnodejs's GoalResponse and CancelResponse. */
export const GoalResponse = { REJECT: 1, ACCEPT: 2 } as const;
export const CancelResponse = { REJECT: 1, ACCEPT: 2 } as const;

/**
 * The action protocol's topic and service names under an action name, which is resolved first
 * with the node's topic rules, as rcl_action_server_init and rcl_action_client_init resolve it
 * (rcl_node_resolve_name, is_service false): `-r fibonacci:=fib` renames the whole action.
 */
export function actionEndpoints(
  node: { resolveTopicName(name: string): string },
  actionName: string,
): Record<'sendGoal' | 'cancelGoal' | 'getResult' | 'feedback' | 'status', string> {
  const base = `${node.resolveTopicName(actionName)}/_action`;
  return {
    sendGoal: `${base}/send_goal`,
    cancelGoal: `${base}/cancel_goal`,
    getResult: `${base}/get_result`,
    feedback: `${base}/feedback`,
    status: `${base}/status`,
  };
}

/** A goal id's bytes as rclnodejs prints them (ActionUuid#toString): decimal, comma-separated. */
export function uuidText(goalId: Message): string {
  return Array.from((goalId as { uuid: ArrayLike<number> }).uuid).join(',');
}

/** A goal id's 16 bytes as a map key. */
export function goalKey(goalId: Message): string {
  return Buffer.from(goalId.uuid as Uint8Array).toString('hex');
}

export function isTerminal(status: number): boolean {
  return status === GoalStatus.STATUS_SUCCEEDED || status === GoalStatus.STATUS_CANCELED || status === GoalStatus.STATUS_ABORTED;
}

/** What an action client or server waits on, as rclnodejs's getNumEntities() reports it. */
export interface ActionEntityCounts {
  subscriptionsNumber: number;
  guardConditionsNumber: number;
  timersNumber: number;
  clientsNumber: number;
  servicesNumber: number;
}
