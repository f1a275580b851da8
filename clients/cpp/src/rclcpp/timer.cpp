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
: clock_(std::move(clock)), node_(node_base->rclsim_id()), group_(group), in_group_(group != nullptr)
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
  create.reentrant = group && group->type() == CallbackGroupType::Reentrant;
  create.canceled = !autostart;
  id_ = rclsim::rcl_call([&create] {return rclsim::port::create(create);}).id;
  rclsim::port::in_group(id_, create.callback_group);
  rclsim::port::on_run(id_, [this](const rclsim::node::Run & run) {
      // The simulation called the timer when it granted the run (its next call is set).
      rcl_timer_call_info_t call{run.expected_call_ns, run.now_ns};
      if (keeps()) {
        kept_ = call;
        return;
      }
      // As rclcpp's executor holds the timer it runs (AnyExecutable's timer): a callback that
      // drops the timer's last owner (nav2's lifecycle manager replaces its init_timer_ in it)
      // ends before the timer and its callback are destroyed.
      const std::shared_ptr<TimerBase> running = weak_from_this().lock();
      execute_callback(std::make_shared<rcl_timer_call_info_t>(call));
    }, node_);
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

bool TimerBase::is_ready() {return kept_ || rclsim::json::parse(rclsim::port::entity_op({id_, "isReady"})).as_bool();}

std::shared_ptr<void> TimerBase::call()
{
  if (is_canceled()) {
    kept_.reset();
    return nullptr;
  }
  if (kept_) {
    auto call = std::make_shared<rcl_timer_call_info_t>(*kept_);
    kept_.reset();
    return call;
  }
  rclsim::json::Value info = rclsim::json::parse(rclsim::port::entity_op({id_, "callTimerWithInfo"}));
  return std::make_shared<rcl_timer_call_info_t>(rcl_timer_call_info_t{info["expectedCallTime"].as_int(), info["actualCallTime"].as_int()});
}

bool TimerBase::keeps() const
{
  return watchers_ > 0 || rclcpp::CallbackGroup::rclsim_unspun(in_group_, group_);
}

bool TimerBase::exchange_in_use_by_wait_set_state(bool in_use_state)
{
  bool was = in_use_by_wait_set_;
  in_use_by_wait_set_ = in_use_state;
  return was;
}

}  // namespace rclcpp
