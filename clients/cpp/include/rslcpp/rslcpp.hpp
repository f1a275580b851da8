// rslcpp's job API (rslcpp/rslcpp.hpp, TUMFTM/rslcpp), so that an rslcpp job — its nodes and its
// main — runs under rclsim unchanged (docs/design.md#c-programs: rslcpp's own jobs). Written from
// the API's shape: the simulation keeps the time and runs the job's nodes under its events
// executor model, with rslcpp's semantics (a sleep takes no sim time).
#ifndef RSLCPP__RSLCPP_HPP_
#define RSLCPP__RSLCPP_HPP_

#include <cstdint>
#include <memory>
#include <vector>

#include "rclcpp/rclcpp.hpp"
#include "rslcpp/utilities.hpp"

namespace rslcpp
{

typedef std::uint8_t exit_code_t;

class Job
{
public:
  typedef std::shared_ptr<Job> SharedPtr;
  typedef std::unique_ptr<Job> UniquePtr;

  // Called in this order, as rslcpp calls them.
  virtual ~Job() = default;
  /// The job's nodes, made once the context is up.
  virtual std::vector<rclcpp::Node::SharedPtr> create_and_get_nodes() = 0;
  /// The sim time the job starts at.
  virtual rclcpp::Time get_initial_time() = 0;
  /// True ends the job: its nodes are destroyed.
  virtual bool get_finished() = 0;
  /// The job's exit code, asked once it finished.
  virtual exit_code_t get_exit_code() = 0;
};

/// Runs the job: init, its nodes spun by the events executor from its initial time until it
/// finishes or the context ends, then shutdown. Its exit code.
exit_code_t run_job(int argc, char ** argv, Job::SharedPtr job);

}  // namespace rslcpp

#endif  // RSLCPP__RSLCPP_HPP_
