#include "rclcpp_lifecycle/state_machine.hpp"

#include "lifecycle_msgs/msg/state.hpp"
#include "lifecycle_msgs/msg/transition.hpp"
#include "rclcpp/logging.hpp"

namespace rclsim::lifecycle
{

const char * const success_label = "transition_success";
const char * const failure_label = "transition_failure";
const char * const error_label = "transition_error";
const char * const shutdown_label = "shutdown";

namespace
{
using S = lifecycle_msgs::msg::State;
using T = lifecycle_msgs::msg::Transition;
}  // namespace

const std::vector<StateEntry> & states()
{
  static const std::vector<StateEntry> all{
    {S::PRIMARY_STATE_UNKNOWN, "unknown"},
    {S::PRIMARY_STATE_UNCONFIGURED, "unconfigured"},
    {S::PRIMARY_STATE_INACTIVE, "inactive"},
    {S::PRIMARY_STATE_ACTIVE, "active"},
    {S::PRIMARY_STATE_FINALIZED, "finalized"},
    {S::TRANSITION_STATE_CONFIGURING, "configuring"},
    {S::TRANSITION_STATE_CLEANINGUP, "cleaningup"},
    {S::TRANSITION_STATE_SHUTTINGDOWN, "shuttingdown"},
    {S::TRANSITION_STATE_ACTIVATING, "activating"},
    {S::TRANSITION_STATE_DEACTIVATING, "deactivating"},
    {S::TRANSITION_STATE_ERRORPROCESSING, "errorprocessing"},
  };
  return all;
}

const std::vector<TransitionEntry> & transitions()
{
  // Each requested transition, then the three its callback's return code takes; rcl registers
  // the three shutdowns before the shuttingdown results.
  static const std::vector<TransitionEntry> all{
    {T::TRANSITION_CONFIGURE, "configure", S::PRIMARY_STATE_UNCONFIGURED, S::TRANSITION_STATE_CONFIGURING},
    {T::TRANSITION_ON_CONFIGURE_SUCCESS, success_label, S::TRANSITION_STATE_CONFIGURING, S::PRIMARY_STATE_INACTIVE},
    {T::TRANSITION_ON_CONFIGURE_FAILURE, failure_label, S::TRANSITION_STATE_CONFIGURING, S::PRIMARY_STATE_UNCONFIGURED},
    {T::TRANSITION_ON_CONFIGURE_ERROR, error_label, S::TRANSITION_STATE_CONFIGURING, S::TRANSITION_STATE_ERRORPROCESSING},
    {T::TRANSITION_CLEANUP, "cleanup", S::PRIMARY_STATE_INACTIVE, S::TRANSITION_STATE_CLEANINGUP},
    {T::TRANSITION_ON_CLEANUP_SUCCESS, success_label, S::TRANSITION_STATE_CLEANINGUP, S::PRIMARY_STATE_UNCONFIGURED},
    {T::TRANSITION_ON_CLEANUP_FAILURE, failure_label, S::TRANSITION_STATE_CLEANINGUP, S::PRIMARY_STATE_INACTIVE},
    {T::TRANSITION_ON_CLEANUP_ERROR, error_label, S::TRANSITION_STATE_CLEANINGUP, S::TRANSITION_STATE_ERRORPROCESSING},
    {T::TRANSITION_ACTIVATE, "activate", S::PRIMARY_STATE_INACTIVE, S::TRANSITION_STATE_ACTIVATING},
    {T::TRANSITION_ON_ACTIVATE_SUCCESS, success_label, S::TRANSITION_STATE_ACTIVATING, S::PRIMARY_STATE_ACTIVE},
    {T::TRANSITION_ON_ACTIVATE_FAILURE, failure_label, S::TRANSITION_STATE_ACTIVATING, S::PRIMARY_STATE_INACTIVE},
    {T::TRANSITION_ON_ACTIVATE_ERROR, error_label, S::TRANSITION_STATE_ACTIVATING, S::TRANSITION_STATE_ERRORPROCESSING},
    {T::TRANSITION_DEACTIVATE, "deactivate", S::PRIMARY_STATE_ACTIVE, S::TRANSITION_STATE_DEACTIVATING},
    {T::TRANSITION_ON_DEACTIVATE_SUCCESS, success_label, S::TRANSITION_STATE_DEACTIVATING, S::PRIMARY_STATE_INACTIVE},
    {T::TRANSITION_ON_DEACTIVATE_FAILURE, failure_label, S::TRANSITION_STATE_DEACTIVATING, S::PRIMARY_STATE_ACTIVE},
    {T::TRANSITION_ON_DEACTIVATE_ERROR, error_label, S::TRANSITION_STATE_DEACTIVATING, S::TRANSITION_STATE_ERRORPROCESSING},
    {T::TRANSITION_UNCONFIGURED_SHUTDOWN, shutdown_label, S::PRIMARY_STATE_UNCONFIGURED, S::TRANSITION_STATE_SHUTTINGDOWN},
    {T::TRANSITION_INACTIVE_SHUTDOWN, shutdown_label, S::PRIMARY_STATE_INACTIVE, S::TRANSITION_STATE_SHUTTINGDOWN},
    {T::TRANSITION_ACTIVE_SHUTDOWN, shutdown_label, S::PRIMARY_STATE_ACTIVE, S::TRANSITION_STATE_SHUTTINGDOWN},
    {T::TRANSITION_ON_SHUTDOWN_SUCCESS, success_label, S::TRANSITION_STATE_SHUTTINGDOWN, S::PRIMARY_STATE_FINALIZED},
    {T::TRANSITION_ON_SHUTDOWN_FAILURE, failure_label, S::TRANSITION_STATE_SHUTTINGDOWN, S::PRIMARY_STATE_FINALIZED},
    {T::TRANSITION_ON_SHUTDOWN_ERROR, error_label, S::TRANSITION_STATE_SHUTTINGDOWN, S::TRANSITION_STATE_ERRORPROCESSING},
    {T::TRANSITION_ON_ERROR_SUCCESS, success_label, S::TRANSITION_STATE_ERRORPROCESSING, S::PRIMARY_STATE_UNCONFIGURED},
    {T::TRANSITION_ON_ERROR_FAILURE, failure_label, S::TRANSITION_STATE_ERRORPROCESSING, S::PRIMARY_STATE_FINALIZED},
    {T::TRANSITION_ON_ERROR_ERROR, error_label, S::TRANSITION_STATE_ERRORPROCESSING, S::PRIMARY_STATE_FINALIZED},
  };
  return all;
}

const char * label_of(uint8_t state)
{
  for (const StateEntry & entry : states()) {
    if (entry.id == state) {
      return entry.label;
    }
  }
  return "unknown";
}

std::vector<TransitionEntry> StateMachine::available() const
{
  std::vector<TransitionEntry> out;
  for (const TransitionEntry & transition : transitions()) {
    if (transition.start == current_) {
      out.push_back(transition);
    }
  }
  return out;
}

namespace
{
// rcl_lifecycle logs under its package's name.
const rclcpp::Logger & rcl_lifecycle_logger()
{
  static const rclcpp::Logger logger = rclcpp::get_logger("rcl_lifecycle");
  return logger;
}
}  // namespace

const TransitionEntry * StateMachine::by_id(uint8_t id) const
{
  for (const TransitionEntry & transition : transitions()) {
    if (transition.start == current_ && transition.id == id) {
      return &transition;
    }
  }
  RCLCPP_WARN(rcl_lifecycle_logger(), "No transition matching %d found for current state %s", id, label_of(current_));
  return nullptr;
}

const TransitionEntry * StateMachine::by_label(const std::string & label) const
{
  for (const TransitionEntry & transition : transitions()) {
    if (transition.start == current_ && label == transition.label) {
      return &transition;
    }
  }
  RCLCPP_WARN(rcl_lifecycle_logger(), "No transition matching %s found for current state %s", label.c_str(), label_of(current_));
  return nullptr;
}

}  // namespace rclsim::lifecycle
