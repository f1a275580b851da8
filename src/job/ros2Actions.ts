/**
 * `ros2 action send_goal` (ros2action/verb/send_goal.py, Jazzy) in the simulation: its node
 * `_ros2cli_send_goal_<type>`, the action protocol's services and feedback topic as rclpy's
 * ActionClient uses them, and what send_goal prints (message_to_yaml of the goal, feedback and
 * result). The goal id is the simulation's next (seeded), not uuid4's.
 */
import type { Message } from '../interfaces/plainMessages.js';
import { messageYaml } from './messageYaml.js';
import type { CommandSteps } from './ros2Commands.js';
import { FieldsError, fillMessage, loadYaml } from './ros2Values.js';
import type { Ros2Command } from './ros2Words.js';
import { whenServiceReady } from './serviceReady.js';

/** action_msgs/msg/GoalStatus's numbers, as _goal_status_to_string names them. */
const STATUS = ['UNKNOWN', 'ACCEPTED', 'EXECUTING', 'CANCELING', 'SUCCEEDED', 'CANCELED', 'ABORTED'];

/** message_to_yaml: no truncation. */
const WHOLE = { truncate: null, noArr: false, noStr: false };

export function sendGoal(steps: CommandSteps, command: Extract<Ros2Command, { verb: 'action send_goal' }>) {
  const parts = command.type.split('/');
  let action: ReturnType<typeof steps.job.simulation.interfaces.action>;
  try {
    action = steps.job.simulation.interfaces.action(parts.length === 2 ? `${parts[0]}/action/${parts[1]}` : command.type);
  } catch {
    return steps.end([], 'The passed action type is invalid');
  }
  const node = steps.node(`_ros2cli_send_goal_${command.type.replace(/\//g, '_')}`);
  let goal: Message;
  try {
    goal = fillMessage(action.goal, loadYaml(command.values), false).message;
  } catch (error) {
    if (!(error instanceof FieldsError)) throw error;
    return steps.end([node], `Failed to populate message fields: ${error.message}`);
  }
  // rclpy's ActionClient: its feedback subscription and the three services, made with it.
  const goalId = { uuid: node.port.nextGoalId() };
  const idText = Buffer.from(goalId.uuid).toString('hex');
  node.createSubscription(action.feedbackMessage.name, `${command.action}/_action/feedback`, {}, (message: unknown) => {
    const feedback = message as Message;
    if (!command.feedback || Buffer.from((feedback.goal_id as Message).uuid as Uint8Array).toString('hex') !== idText) return;
    steps.print(`Feedback:\n    ${messageYaml(action.feedback, feedback.feedback as Message, WHOLE)}`);
  });
  const sendGoalClient = node.createClient(action.sendGoal.name, `${command.action}/_action/send_goal`);
  const cancelClient = node.createClient('action_msgs/srv/CancelGoal', `${command.action}/_action/cancel_goal`);
  const resultClient = node.createClient(action.getResult.name, `${command.action}/_action/get_result`);
  steps.print('Waiting for an action server to become available...');
  // wait_for_server: each of the three services there.
  const ready = [sendGoalClient, cancelClient, resultClient];
  const waitAll = (i: number) => {
    if (i === ready.length) return send();
    whenServiceReady(steps.job, node, ready[i]!, undefined, () => waitAll(i + 1));
  };
  const send = () => {
    steps.print(`Sending goal:\n     ${messageYaml(action.goal, goal, WHOLE)}`);
    sendGoalClient.sendRequest({ goal_id: goalId, goal }, (response: Message) => {
      if (!response.accepted) {
        steps.print('Goal was rejected.');
        return steps.end([node]);
      }
      steps.print(`Goal accepted with ID: ${idText}\n`);
      resultClient.sendRequest({ goal_id: goalId }, (result: Message) => {
        steps.print(`Result:\n    ${messageYaml(action.result, result.result as Message, WHOLE)}`);
        steps.print(`Goal finished with status: ${STATUS[Number(result.status)] ?? 'UNKNOWN'}`);
        steps.end([node]);
      });
    });
  };
  waitAll(0);
}
