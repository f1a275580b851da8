#include "rclcpp/timer.hpp"

#include <stdexcept>

#include "rclcpp/exceptions.hpp"
#include "rclsim/entity.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{
namespace
{
const char * clock_name(rcl_clock_type_t type)
{
  switch (type) {
    case RCL_STEADY_TIME: return "steady";
    case RCL_SYSTEM_TIME: return "system";
    default: return "ros";
  }
}
}  // namespace

TimerBase::TimerBase(Clock::SharedPtr clock, std::chrono::nanoseconds period, node_interfaces::NodeBaseInterface * node_base,
  const CallbackGroup::SharedPtr & group, bool autostart)
: clock_(std::move(clock))
{
  if (period < std::chrono::nanoseconds::zero()) {
    throw std::invalid_argument{"timer period cannot be negative"};
  }
  rclsim::node::Create create;
  create.kind = rclsim::node::EntityKind::TIMER;
  create.node = node_base->rclsim_id();
  create.period_ns = period.count();
  create.clock = clock_name(clock_->get_clock_type());
  create.callback_group = node_base->rclsim_group(group);
  create.canceled = !autostart;
  try {
    id_ = rclsim::port::create(create).id;
  } catch (const rclsim::port::Failed & failed) {
    rclcpp::exceptions::throw_from_rclsim(failed.kind, failed.what());
  }
  rclsim::port::on_run(id_, [this](const rclsim::node::Run & run) {
      TimerInfo info{Time(run.expected_call_ns, clock_->get_clock_type()), Time(run.now_ns, clock_->get_clock_type())};
      execute_callback(info);
    }, node_base->rclsim_id());
}

TimerBase::~TimerBase() {rclsim::destroy_entity(id_);}

void TimerBase::cancel() {rclsim::port::timer_op_cancel(id_);}

bool TimerBase::is_canceled() {return rclsim::json::parse(rclsim::port::timer_op_state(id_))["canceled"].as_bool();}

void TimerBase::reset() {rclsim::port::timer_op_reset(id_);}

std::chrono::nanoseconds TimerBase::time_until_trigger()
{
  rclsim::json::Value state = rclsim::json::parse(rclsim::port::timer_op_state(id_));
  if (state["canceled"].as_bool()) {
    return std::chrono::nanoseconds::max();
  }
  return std::chrono::nanoseconds(std::stoll(state["nextCall"].as_string()) - rclsim::port::now_ns());
}

bool TimerBase::is_ready() {return rclsim::json::parse(rclsim::port::entity_op(id_, "isReady")).as_bool();}

}  // namespace rclcpp
