// rslcpp::run_job under rclsim: the simulation plays rslcpp's loop (drain what is ready, jump to
// the next timer) with its events executor model; this spins the job's nodes from the job's
// initial time until the job says it finished.
#include "rslcpp/rslcpp.hpp"

#include "rclsim/port.hpp"
#include "rclsim/rclsim.hpp"
#include "rclsim/waits.hpp"

namespace rslcpp
{
namespace
{
/**
 * The job's end as a future the executor spins until (rclcpp's spin_until_future_complete asks
 * wait_for(0)). rslcpp asks whether the job finished only between its time steps, so what is
 * ready at the step that finished it still runs: the end comes once that instant's drain is done.
 */
class JobFinished
{
public:
  explicit JobFinished(Job & job) : job_(job) {}

  std::future_status wait_for(std::chrono::seconds) const
  {
    if (!job_.get_finished()) {
      return std::future_status::timeout;
    }
    if (!asked_) {
      asked_ = true;
      rclsim::port::await_at_ns(rclsim::port::now_ns(), [this](const rclsim::node::Run &) {drained_ = true;}, false, true);
    }
    return drained_ ? std::future_status::ready : std::future_status::timeout;
  }

private:
  Job & job_;
  mutable bool asked_ = false;
  mutable bool drained_ = false;
};
}  // namespace

exit_code_t run_job(int argc, char ** argv, Job::SharedPtr job)
{
  rclcpp::init(argc, argv);
  // rslcpp's semantics: a sleep stands for computation whose length must not change results.
  rclsim::waits::set_sleeps_take_time(false);
  auto context = rclcpp::contexts::get_global_default_context();
  {
    // rslcpp builds the nodes while their clocks read 0 and then sets them to the initial time:
    // timers made meanwhile are overdue there and fire once each, as rcl's timers do.
    std::vector<rclcpp::Node::SharedPtr> nodes = job->create_and_get_nodes();
    // The job's clock starts at its initial time. The run starts there when the job file chose
    // no start (the timers' overdue calls then come in heap order, as rslcpp's); otherwise the
    // program waits for that time.
    int64_t initial = job->get_initial_time().nanoseconds();
    if (!rclsim::propose_start(initial) && initial > rclsim::port::now_ns()) {
      bool came = false;
      rclsim::port::await_at_ns(initial, [&came](const rclsim::node::Run &) {came = true;});
      rclsim::port::serve_runs([&came] {return came;});
    }
    rclcpp::ExecutorOptions options;
    options.context = context;
    rclcpp::experimental::executors::EventsExecutor executor{std::make_unique<rclcpp::experimental::executors::SimpleEventsQueue>(), false, options};
    for (auto & node : nodes) {
      executor.add_node(node);
    }
    JobFinished finished{*job};
    executor.spin_until_future_complete(finished);
    for (auto & node : nodes) {
      executor.remove_node(node);
    }
  }
  exit_code_t exit_code = job->get_exit_code();
  rclcpp::shutdown();
  return exit_code;
}

}  // namespace rslcpp
