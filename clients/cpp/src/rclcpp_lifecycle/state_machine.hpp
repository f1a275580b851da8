// rcl_lifecycle's default state machine (rcl_lifecycle/src/default_state_machine.c, REP 2007):
// its states and transitions in the order rcl registers them (the order get_available_states,
// get_available_transitions and get_transition_graph list them), and its lookups, which warn as
// rcl_lifecycle does when the current state has no such transition.
#ifndef RCLSIM__LIFECYCLE_STATE_MACHINE_HPP_
#define RCLSIM__LIFECYCLE_STATE_MACHINE_HPP_

#include <cstdint>
#include <string>
#include <vector>

namespace rclsim::lifecycle
{

struct StateEntry
{
  uint8_t id;
  const char * label;
};

struct TransitionEntry
{
  uint8_t id;
  const char * label;
  uint8_t start;
  uint8_t goal;
};

/// Every state, primary ones first.
const std::vector<StateEntry> & states();
/// Every transition.
const std::vector<TransitionEntry> & transitions();
/// rcl's label of a state id of the machine.
const char * label_of(uint8_t state);

/// The labels of the transitions out of a transition state, by a callback's return code.
extern const char * const success_label;
extern const char * const failure_label;
extern const char * const error_label;
extern const char * const shutdown_label;

/// One node's machine: its current state, unconfigured at first.
class StateMachine
{
public:
  uint8_t current() const {return current_;}
  /// The transitions out of the current state.
  std::vector<TransitionEntry> available() const;
  /// The transition out of the current state with that id (label), or nullptr after rcl's warning.
  const TransitionEntry * by_id(uint8_t id) const;
  const TransitionEntry * by_label(const std::string & label) const;
  void take(const TransitionEntry & transition) {current_ = transition.goal;}

private:
  uint8_t current_ = 1;
};

}  // namespace rclsim::lifecycle

#endif  // RCLSIM__LIFECYCLE_STATE_MACHINE_HPP_
