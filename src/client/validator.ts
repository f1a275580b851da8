/** rclnodejs's `validator`, `expandTopicName` (rcl_expand_topic_name) and `isTopicOrServiceHidden`. */

import { fullTopicNameProblem, namespaceProblem, nodeNameProblem, type Problem, topicNameProblem } from '../ros/nameRules.js';
import { expandName } from '../ros/names.js';
import { NameValidationError, TypeValidationError } from '../ros/rclErrors.js';

function check(value: unknown, argument: string, nameType: string, problemOf: (name: string) => Problem): true {
  if (typeof value !== 'string') throw new TypeValidationError(argument, value, 'string');
  const problem = problemOf(value);
  if (problem === null) return true;
  throw new NameValidationError(value, nameType, problem[0], problem[1]);
}

const isValid = (value: unknown, problemOf: (name: string) => Problem): boolean => typeof value === 'string' && problemOf(value) === null;

export const validator = {
  validateFullTopicName: (topic: string): true => check(topic, 'topic', 'topic', fullTopicNameProblem),
  isValidFullTopicName: (topic: string): boolean => isValid(topic, fullTopicNameProblem),
  validateNodeName: (name: string): true => check(name, 'name', 'node', nodeNameProblem),
  isValidNodeName: (name: string): boolean => isValid(name, nodeNameProblem),
  validateTopicName: (topic: string): true => check(topic, 'topic', 'topic', topicNameProblem),
  isValidTopicName: (topic: string): boolean => isValid(topic, topicNameProblem),
  validateNamespace: (namespace: string): true => check(namespace, 'namespace', 'namespace', namespaceProblem),
  isValidNamespace: (namespace: string): boolean => isValid(namespace, namespaceProblem),
};

/** rclnodejs's expandTopicName: rcl_expand_topic_name. */
export function expandTopicName(topicName: string, nodeName: string, nodeNamespace: string): string {
  return expandName(topicName, nodeName, nodeNamespace);
}

/** A name is hidden when one of its parts starts with '_' (ROS 2 topic and service names design). */
export function isTopicOrServiceHidden(name: string): boolean {
  if (typeof name !== 'string') throw new TypeError('Invalid argument');
  return name.split('/').some((part) => part.startsWith('_'));
}
