// rcl's service introspection states (rcl/service_introspection.h): what a service or client
// publishes on its `_service_event` topic (configure_introspection).
#ifndef RCL__SERVICE_INTROSPECTION_H_
#define RCL__SERVICE_INTROSPECTION_H_

typedef enum rcl_service_introspection_state_e {
  RCL_SERVICE_INTROSPECTION_OFF,
  RCL_SERVICE_INTROSPECTION_METADATA,
  RCL_SERVICE_INTROSPECTION_CONTENTS,
} rcl_service_introspection_state_t;

#endif  // RCL__SERVICE_INTROSPECTION_H_
