// rmw's QoS types as rclcpp programs use them (rmw/types.h): the policies' values are rmw's own,
// which the node protocol carries (Create.qos_json).
#ifndef RMW__TYPES_H_
#define RMW__TYPES_H_

#include <stddef.h>
#include <stdint.h>

#include "rcutils/logging.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rmw_qos_history_policy_e {
  RMW_QOS_POLICY_HISTORY_SYSTEM_DEFAULT = 0,
  RMW_QOS_POLICY_HISTORY_KEEP_LAST = 1,
  RMW_QOS_POLICY_HISTORY_KEEP_ALL = 2,
  RMW_QOS_POLICY_HISTORY_UNKNOWN = 3
} rmw_qos_history_policy_t;

typedef enum rmw_qos_reliability_policy_e {
  RMW_QOS_POLICY_RELIABILITY_SYSTEM_DEFAULT = 0,
  RMW_QOS_POLICY_RELIABILITY_RELIABLE = 1,
  RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT = 2,
  RMW_QOS_POLICY_RELIABILITY_UNKNOWN = 3,
  RMW_QOS_POLICY_RELIABILITY_BEST_AVAILABLE = 4
} rmw_qos_reliability_policy_t;

typedef enum rmw_qos_durability_policy_e {
  RMW_QOS_POLICY_DURABILITY_SYSTEM_DEFAULT = 0,
  RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL = 1,
  RMW_QOS_POLICY_DURABILITY_VOLATILE = 2,
  RMW_QOS_POLICY_DURABILITY_UNKNOWN = 3,
  RMW_QOS_POLICY_DURABILITY_BEST_AVAILABLE = 4
} rmw_qos_durability_policy_t;

typedef enum rmw_qos_liveliness_policy_e {
  RMW_QOS_POLICY_LIVELINESS_SYSTEM_DEFAULT = 0,
  RMW_QOS_POLICY_LIVELINESS_AUTOMATIC = 1,
  RMW_QOS_POLICY_LIVELINESS_MANUAL_BY_TOPIC = 3,
  RMW_QOS_POLICY_LIVELINESS_UNKNOWN = 4,
  RMW_QOS_POLICY_LIVELINESS_BEST_AVAILABLE = 5
} rmw_qos_liveliness_policy_t;

typedef enum rmw_qos_policy_kind_e {
  RMW_QOS_POLICY_INVALID = 1 << 0, RMW_QOS_POLICY_DURABILITY = 1 << 1, RMW_QOS_POLICY_DEADLINE = 1 << 2,
  RMW_QOS_POLICY_LIVELINESS = 1 << 3, RMW_QOS_POLICY_RELIABILITY = 1 << 4, RMW_QOS_POLICY_HISTORY = 1 << 5,
  RMW_QOS_POLICY_LIFESPAN = 1 << 6, RMW_QOS_POLICY_DEPTH = 1 << 7, RMW_QOS_POLICY_LIVELINESS_LEASE_DURATION = 1 << 8,
  RMW_QOS_POLICY_AVOID_ROS_NAMESPACE_CONVENTIONS = 1 << 9,
} rmw_qos_policy_kind_t;

/// Whether a publisher or subscription needs network flow endpoints of its own (rmw/types.h).
typedef enum rmw_unique_network_flow_endpoints_requirement_e {
  RMW_UNIQUE_NETWORK_FLOW_ENDPOINTS_NOT_REQUIRED = 0,
  RMW_UNIQUE_NETWORK_FLOW_ENDPOINTS_STRICTLY_REQUIRED,
  RMW_UNIQUE_NETWORK_FLOW_ENDPOINTS_OPTIONALLY_REQUIRED,
  RMW_UNIQUE_NETWORK_FLOW_ENDPOINTS_SYSTEM_DEFAULT
} rmw_unique_network_flow_endpoints_requirement_t;

typedef struct rmw_time_s {
  uint64_t sec;
  uint64_t nsec;
} rmw_time_t;

typedef int64_t rmw_time_point_value_t;

#define RMW_DURATION_INFINITE {9223372036LL, 854775807LL}
#define RMW_DURATION_UNSPECIFIED {0LL, 0LL}
#define RMW_QOS_DEADLINE_DEFAULT RMW_DURATION_UNSPECIFIED
#define RMW_QOS_LIFESPAN_DEFAULT RMW_DURATION_UNSPECIFIED
#define RMW_QOS_LIVELINESS_LEASE_DURATION_DEFAULT RMW_DURATION_UNSPECIFIED
#define RMW_QOS_POLICY_DEPTH_SYSTEM_DEFAULT 0

typedef struct rmw_qos_profile_s {
  rmw_qos_history_policy_t history;
  size_t depth;
  rmw_qos_reliability_policy_t reliability;
  rmw_qos_durability_policy_t durability;
  rmw_time_t deadline;
  rmw_time_t lifespan;
  rmw_qos_liveliness_policy_t liveliness;
  rmw_time_t liveliness_lease_duration;
  bool avoid_ros_namespace_conventions;
} rmw_qos_profile_t;

#define RMW_GID_STORAGE_SIZE 16u

typedef struct rmw_gid_s {
  const char * implementation_identifier;
  uint8_t data[RMW_GID_STORAGE_SIZE];
} rmw_gid_t;

typedef struct rmw_message_info_s {
  rmw_time_point_value_t source_timestamp;
  rmw_time_point_value_t received_timestamp;
  uint64_t publication_sequence_number;
  uint64_t reception_sequence_number;
  rmw_gid_t publisher_gid;
  bool from_intra_process;
} rmw_message_info_t;

typedef struct rmw_request_id_s {
  uint8_t writer_guid[16];
  int64_t sequence_number;
} rmw_request_id_t;

typedef struct rmw_service_info_s {
  rmw_time_point_value_t source_timestamp;
  rmw_time_point_value_t received_timestamp;
  rmw_request_id_t request_id;
} rmw_service_info_t;

#ifdef __cplusplus
}
#endif

#endif  // RMW__TYPES_H_
