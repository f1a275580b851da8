// Generated from proto/node.proto by scripts/nodePortOps.mjs (npm run build): do not edit.
// The C++ client's senders, one per operation of the node port, beside port.hpp's hand-written
// functions (which include this header): each takes its message's fields in the .proto's order (a
// message without a oneof: the message), sends or asks it, and returns what its answer names (a
// Failed answer throws rclsim::port::Failed).
#ifndef RCLSIM__PORT_OPS_HPP_
#define RCLSIM__PORT_OPS_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "wire/node_proto.hpp"

namespace rclsim::port
{

// What the senders write with (port.cpp): an effect is sent; a question is asked, and its answer read.
namespace link
{
void send(const node::ToSimulation & message);
node::ToClient ask(node::ToSimulation message);
}  // namespace link

/// Create (entities): asked: its Created.
node::Created create(node::Create request);
/// Destroy (entities): sent, not answered.
void destroy(node::Destroy request);
/// Publish (entities): sent, not answered.
void publish(node::Publish request);
/// SendRequest (entities): sent, not answered; then Run kind RESPONSE.
void send_request(node::SendRequest request);
/// SendResponse (entities): sent, not answered.
void send_response(node::SendResponse request);
/// TimerOp.cancel (entities): sent, not answered.
void timer_op_cancel(uint64_t timer);
/// TimerOp.reset (entities): sent, not answered.
void timer_op_reset(uint64_t timer);
/// TimerOp.change_period_ns (entities): sent, not answered.
void timer_op_change_period_ns(uint64_t timer, int64_t change_period_ns);
/// TimerOp.state (entities): asked: its Answer.json.
std::string timer_op_state(uint64_t timer);
/// TriggerGuard (entities): sent, not answered.
void trigger_guard(node::TriggerGuard request);
/// Log (entities): asked: whether its Answer.json is "true".
bool log(node::Log request);
/// GraphQuery (graph): asked: its Answer.json.
std::string graph_query(node::GraphQuery request);
/// GetInterface (entities): asked: its Answer.json.
std::string get_interface(node::GetInterface request);
/// JobOp.finish (job): sent, not answered.
void job_op_finish(int32_t finish);
/// JobOp.set_result (job): sent, not answered.
void job_op_set_result(const std::string & name, const std::string & value_json);
/// JobOp.get_result (job): asked: its Answer.json.
std::string job_op_get_result(const std::string & get_result);
/// JobOp.on_end (job): sent, not answered; then Run kind END_HOOK.
void job_op_on_end(uint64_t on_end);
/// JobOp.start_ns (job): asked: whether its Answer.json is "true".
bool job_op_start_ns(int64_t start_ns);
/// ContextOp.create (entities): asked: the id of its Created.
uint64_t context_op_create(uint32_t context);
/// ContextOp.init (entities): asked, answered empty.
void context_op_init(uint32_t context, const std::vector<std::string> & argv);
/// ContextOp.shutdown (entities): asked, answered empty.
void context_op_shutdown(uint32_t context);
/// ContextOp.state (entities): asked: its Answer.json.
std::string context_op_state(uint32_t context);
/// ContextOp.default_context (entities): asked: the id of its Created.
uint64_t context_op_default_context(uint32_t context);
/// Spin (executor): asked, answered empty.
void spin(node::Spin request);
/// JsTimer (executor): asked: the id of its Created; then Run kind JS_TIMER.
uint64_t js_timer(node::JsTimer request);
/// JsTimerOp.cancel (executor): sent, not answered.
void js_timer_op_cancel(uint64_t timer);
/// JsTimerOp.ref (executor): sent, not answered.
void js_timer_op_ref(uint64_t timer);
/// JsTimerOp.unref (executor): sent, not answered.
void js_timer_op_unref(uint64_t timer);
/// JsTimerOp.refresh (executor): sent, not answered.
void js_timer_op_refresh(uint64_t timer);
/// ParameterOp.declare (parameters): asked: its Answer.cdr.
std::string parameter_op_declare(uint64_t node_, std::string parameters, std::string descriptors, bool ignore_overrides);
/// ParameterOp.get (parameters): asked: its Answer.cdr.
std::string parameter_op_get(uint64_t node_, const std::string & get);
/// ParameterOp.set (parameters): asked: its Answer.cdr; then Run kind PARAMETERS.
std::string parameter_op_set(uint64_t node_, std::string parameters, bool atomically);
/// ParameterOp.undeclare (parameters): asked, answered empty.
void parameter_op_undeclare(uint64_t node_, const std::string & undeclare);
/// ParameterOp.read (parameters): asked: its Answer.
node::Answer parameter_op_read(uint64_t node_, node::ParameterRead_What what, const std::vector<std::string> & names);
/// ParameterOp.hook (parameters): asked, answered empty; then Run kind PARAMETERS.
void parameter_op_hook(uint64_t node_, node::ParameterHook hook);
/// ForgetRequest (entities): sent, not answered.
void forget_request(node::ForgetRequest request);
/// Await.service_of_client (executor): asked: the id of its Created; then Run kind SETTLED.
uint64_t await_service_of_client(uint64_t service_of_client, double timeout_ms, bool weak, bool after_ready);
/// Await.at_ns (executor): asked: the id of its Created; then Run kind SETTLED.
uint64_t await_at_ns(int64_t at_ns, double timeout_ms, bool weak, bool after_ready);
/// EntityOp (entities): asked: its Answer.json.
std::string entity_op(node::EntityOp request);
/// ActionOp.add (entities): asked: the id of its Created.
uint64_t action_op_add(uint64_t node_, const std::string & type, const std::vector<uint64_t> & parts);
/// ActionOp.remove (entities): asked, answered empty.
void action_op_remove(uint64_t node_, uint64_t remove);
/// NextGoalId (entities): asked: its Answer.cdr.
std::string next_goal_id();
/// LoggerOp.level (entities): asked: its Answer.json.
std::string logger_op_level(const std::string & logger);
/// LoggerOp.set_level (entities): asked, answered empty.
void logger_op_set_level(const std::string & logger, uint32_t set_level);
/// LoggerOp.add_child (entities): asked: whether its Answer.json is "true".
bool logger_op_add_child(const std::string & logger, const std::string & add_child);
/// LoggerOp.remove_child (entities): asked, answered empty.
void logger_op_remove_child(const std::string & logger, const std::string & remove_child);
/// Hold (executor): sent, not answered.
void hold(node::Hold request);
/// Assertion (job): sent, not answered.
void assertion(node::Assertion request);
/// BagOp.open (job): asked: its Answer.json.
std::string bag_op_open(uint64_t bag, const std::string & uri, const std::string & storage_id, const std::string & cwd, bool write, const std::string & storage_preset_profile, const std::string & storage_config_uri);
/// BagOp.read_next (job): asked: its Answer.
node::Answer bag_op_read_next(uint64_t bag);
/// BagOp.set_filter (job): asked: whether its Answer.json is "true".
bool bag_op_set_filter(uint64_t bag, const std::vector<std::string> & topics, const std::string & topics_regex, const std::string & regex_to_exclude, const std::vector<std::string> & exclude_topics);
/// BagOp.seek_ns (job): asked: whether its Answer.json is "true".
bool bag_op_seek_ns(uint64_t bag, int64_t seek_ns);
/// BagOp.create_topic (job): asked: whether its Answer.json is "true".
bool bag_op_create_topic(uint64_t bag, const std::string & name, const std::string & type, const std::string & serialization_format, const std::string & offered_qos_profiles, const std::string & type_description_hash);
/// BagOp.write (job): asked: whether its Answer.json is "true".
bool bag_op_write(uint64_t bag, const std::string & topic, int64_t recv_ns, int64_t send_ns, std::string data);
/// BagOp.close (job): asked: whether its Answer.json is "true".
bool bag_op_close(uint64_t bag);
/// WorldJointsOp.open (job): asked: its Answer.json.
std::string world_joints_op_open(uint64_t claim, const std::string & model, const std::vector<std::string> & joints);
/// WorldJointsOp.read (job): asked: its Answer.json.
std::string world_joints_op_read(uint64_t claim);
/// WorldJointsOp.write (job): sent, not answered.
void world_joints_op_write(uint64_t claim, const std::vector<double> & velocities);

}  // namespace rclsim::port

#endif  // RCLSIM__PORT_OPS_HPP_
