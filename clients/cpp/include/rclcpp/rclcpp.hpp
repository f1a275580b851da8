// rclcpp as rclsim provides it (docs/design.md#c-programs): the Jazzy API over the node
// port. A program includes this as it includes real rclcpp.
#ifndef RCLCPP__RCLCPP_HPP_
#define RCLCPP__RCLCPP_HPP_

#include <csignal>
// Real rclcpp.hpp brings these in through its own headers, and programs rely on them (<cmath>:
// the tf2 tutorials' broadcasters call sin and cos unqualified, unincluded).
#include <cmath>
#include <functional>
#include <iostream>
#include <memory>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "rclcpp/clock.hpp"
#include "rclcpp/copy_all_parameter_values.hpp"
#include "rclcpp/create_publisher.hpp"
#include "rclcpp/create_subscription.hpp"
#include "rclcpp/create_timer.hpp"
#include "rclcpp/duration.hpp"
#include "rclcpp/exceptions.hpp"
#include "rclcpp/executors.hpp"
#include "rclcpp/guard_condition.hpp"
#include "rclcpp/loaned_message.hpp"
#include "rclcpp/logging.hpp"
#include "rclcpp/message_memory_strategy.hpp"
#include "rclcpp/node.hpp"
#include "rclcpp/parameter.hpp"
#include "rclcpp/parameter_client.hpp"
#include "rclcpp/parameter_event_handler.hpp"
#include "rclcpp/parameter_service.hpp"
#include "rclcpp/rate.hpp"
#include "rclcpp/time.hpp"
#include "rclcpp/time_source.hpp"
#include "rclcpp/utilities.hpp"
#include "rclcpp/wait_set.hpp"
// rcl's headers include rmw's (rmw_get_serialization_format, which recorders call).
#include "rmw/rmw.h"

#endif  // RCLCPP__RCLCPP_HPP_
