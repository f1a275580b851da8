import type { Node } from '../Node.js';

type NamesAndTypes = { name: string; types: string[] }[];

const FEEDBACK = '/_action/feedback';
const FEEDBACK_TYPE = '_FeedbackMessage';

/** rcl_action's graph queries: actions are known by their feedback topics (`<action>/_action/feedback`). */
function actionsOf(topics: NamesAndTypes): NamesAndTypes {
  return topics
    .filter((topic) => topic.name.endsWith(FEEDBACK))
    .map((topic) => ({
      name: topic.name.slice(0, -FEEDBACK.length),
      types: topic.types.map((type) => (type.endsWith(FEEDBACK_TYPE) ? type.slice(0, -FEEDBACK_TYPE.length) : type)),
    }));
}

export function getActionNamesAndTypes(node: Node): NamesAndTypes {
  return actionsOf(node.getTopicNamesAndTypes());
}

/** Action clients of a node: its subscriptions to feedback topics. */
export function getActionClientNamesAndTypesByNode(node: Node, nodeName: string, namespace: string): NamesAndTypes {
  return actionsOf(node.getSubscriptionNamesAndTypesByNode(nodeName, namespace));
}

/** Action servers of a node: its publishers of feedback topics. */
export function getActionServerNamesAndTypesByNode(node: Node, nodeName: string, namespace: string): NamesAndTypes {
  return actionsOf(node.getPublisherNamesAndTypesByNode(nodeName, namespace));
}
