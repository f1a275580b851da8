/** rclnodejs's ServiceIntrospectionStates: what service events carry. */
export const ServiceIntrospectionStates = Object.freeze({ OFF: 0, METADATA: 1, CONTENTS: 2 });

/** service_msgs/msg/ServiceEventInfo's event types. */
export const ServiceEvent = Object.freeze({ REQUEST_SENT: 0, REQUEST_RECEIVED: 1, RESPONSE_SENT: 2, RESPONSE_RECEIVED: 3 });
