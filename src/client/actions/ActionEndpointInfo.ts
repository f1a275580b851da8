import type { TopicEndpointInfo } from '../../sim/endpointInfo.js';

/** rmw's service endpoint info, as rclnodejs hands it over (ROS 2 Lyrical and newer). */
export interface ServiceEndpointInfo {
  node_name: string;
  node_namespace: string;
  service_type: string;
  endpoint_type: number;
  [field: string]: unknown;
}

/**
 * rclnodejs's ActionEndpointInfo: one action client's or server's endpoints. Its graph queries
 * need ROS 2 Lyrical's rmw, so on the Jazzy the simulation models they return null; the class is
 * there for programs that build or check such infos themselves.
 */
export class ActionEndpointInfo {
  readonly goalServiceInfo: ServiceEndpointInfo;
  readonly cancelServiceInfo: ServiceEndpointInfo;
  readonly resultServiceInfo: ServiceEndpointInfo;
  readonly feedbackTopicInfo: TopicEndpointInfo;
  readonly statusTopicInfo: TopicEndpointInfo;

  constructor(info: {
    goal_service_info: ServiceEndpointInfo;
    cancel_service_info: ServiceEndpointInfo;
    result_service_info: ServiceEndpointInfo;
    feedback_topic_info: TopicEndpointInfo;
    status_topic_info: TopicEndpointInfo;
  }) {
    this.goalServiceInfo = info.goal_service_info;
    this.cancelServiceInfo = info.cancel_service_info;
    this.resultServiceInfo = info.result_service_info;
    this.feedbackTopicInfo = info.feedback_topic_info;
    this.statusTopicInfo = info.status_topic_info;
  }

  get nodeName(): string {
    return this.goalServiceInfo.node_name;
  }

  get nodeNamespace(): string {
    return this.goalServiceInfo.node_namespace;
  }

  get actionType(): string {
    return this.goalServiceInfo.service_type.replace(/_SendGoal$/, '');
  }

  get endpointType(): number {
    return this.goalServiceInfo.endpoint_type;
  }
}
