// Generated from proto/node.proto by scripts/nodePortOps.mjs (npm run build): do not edit.
#include "rclsim/port_ops.hpp"

#include <stdexcept>
#include <utility>

namespace rclsim::port
{
// What the answers hold (named: the client builds in unity files, beside port.cpp's own helpers).
namespace ops
{

const node::Created & created(const node::ToClient & answer)
{
  if (!answer.created) {
    throw std::logic_error("rclsim: the simulation's answer is no Created");
  }
  return *answer.created;
}

node::Answer answered(const node::ToClient & answer)
{
  return answer.answer ? *answer.answer : node::Answer{};
}

}  // namespace ops

node::Created create(node::Create request)
{
  node::ToSimulation message;
  message.create = std::move(request);
  return ops::created(link::ask(std::move(message)));
}

void destroy(node::Destroy request)
{
  node::ToSimulation message;
  message.destroy = std::move(request);
  link::send(message);
}

void publish(node::Publish request)
{
  node::ToSimulation message;
  message.publish = std::move(request);
  link::send(message);
}

void send_request(node::SendRequest request)
{
  node::ToSimulation message;
  message.send_request = std::move(request);
  link::send(message);
}

void send_response(node::SendResponse request)
{
  node::ToSimulation message;
  message.send_response = std::move(request);
  link::send(message);
}

void timer_op_cancel(uint64_t timer)
{
  node::ToSimulation message;
  message.timer.emplace();
  message.timer->timer = timer;
  message.timer->cancel = true;
  link::send(message);
}

void timer_op_reset(uint64_t timer)
{
  node::ToSimulation message;
  message.timer.emplace();
  message.timer->timer = timer;
  message.timer->reset = true;
  link::send(message);
}

void timer_op_change_period_ns(uint64_t timer, int64_t change_period_ns)
{
  node::ToSimulation message;
  message.timer.emplace();
  message.timer->timer = timer;
  message.timer->change_period_ns = change_period_ns;
  link::send(message);
}

std::string timer_op_state(uint64_t timer)
{
  node::ToSimulation message;
  message.timer.emplace();
  message.timer->timer = timer;
  message.timer->state = true;
  return ops::answered(link::ask(std::move(message))).json;
}

void trigger_guard(node::TriggerGuard request)
{
  node::ToSimulation message;
  message.trigger = std::move(request);
  link::send(message);
}

bool log(node::Log request)
{
  node::ToSimulation message;
  message.log = std::move(request);
  return ops::answered(link::ask(std::move(message))).json == "true";
}

std::string graph_query(node::GraphQuery request)
{
  node::ToSimulation message;
  message.graph = std::move(request);
  return ops::answered(link::ask(std::move(message))).json;
}

std::string get_interface(node::GetInterface request)
{
  node::ToSimulation message;
  message.get_interface = std::move(request);
  return ops::answered(link::ask(std::move(message))).json;
}

void job_op_finish(int32_t finish)
{
  node::ToSimulation message;
  message.job.emplace();
  message.job->finish = finish;
  link::send(message);
}

void job_op_set_result(const std::string & name, const std::string & value_json)
{
  node::ToSimulation message;
  message.job.emplace();
  message.job->set_result.emplace();
  message.job->set_result->name = name;
  message.job->set_result->value_json = value_json;
  link::send(message);
}

std::string job_op_get_result(const std::string & get_result)
{
  node::ToSimulation message;
  message.job.emplace();
  message.job->get_result = get_result;
  return ops::answered(link::ask(std::move(message))).json;
}

void job_op_on_end(uint64_t on_end)
{
  node::ToSimulation message;
  message.job.emplace();
  message.job->on_end = on_end;
  link::send(message);
}

bool job_op_start_ns(int64_t start_ns)
{
  node::ToSimulation message;
  message.job.emplace();
  message.job->start_ns = start_ns;
  return ops::answered(link::ask(std::move(message))).json == "true";
}

uint64_t context_op_create(uint32_t context)
{
  node::ToSimulation message;
  message.context.emplace();
  message.context->context = context;
  message.context->create = true;
  return ops::created(link::ask(std::move(message))).id;
}

void context_op_init(uint32_t context, const std::vector<std::string> & argv)
{
  node::ToSimulation message;
  message.context.emplace();
  message.context->context = context;
  message.context->init.emplace();
  message.context->init->argv = argv;
  link::ask(std::move(message));
}

void context_op_shutdown(uint32_t context)
{
  node::ToSimulation message;
  message.context.emplace();
  message.context->context = context;
  message.context->shutdown = true;
  link::ask(std::move(message));
}

std::string context_op_state(uint32_t context)
{
  node::ToSimulation message;
  message.context.emplace();
  message.context->context = context;
  message.context->state = true;
  return ops::answered(link::ask(std::move(message))).json;
}

uint64_t context_op_default_context(uint32_t context)
{
  node::ToSimulation message;
  message.context.emplace();
  message.context->context = context;
  message.context->default_context = true;
  return ops::created(link::ask(std::move(message))).id;
}

void spin(node::Spin request)
{
  node::ToSimulation message;
  message.spin = std::move(request);
  link::ask(std::move(message));
}

uint64_t js_timer(node::JsTimer request)
{
  node::ToSimulation message;
  message.js_timer = std::move(request);
  return ops::created(link::ask(std::move(message))).id;
}

void js_timer_op_cancel(uint64_t timer)
{
  node::ToSimulation message;
  message.js_timer_op.emplace();
  message.js_timer_op->timer = timer;
  message.js_timer_op->cancel = true;
  link::send(message);
}

void js_timer_op_ref(uint64_t timer)
{
  node::ToSimulation message;
  message.js_timer_op.emplace();
  message.js_timer_op->timer = timer;
  message.js_timer_op->ref = true;
  link::send(message);
}

void js_timer_op_unref(uint64_t timer)
{
  node::ToSimulation message;
  message.js_timer_op.emplace();
  message.js_timer_op->timer = timer;
  message.js_timer_op->unref = true;
  link::send(message);
}

void js_timer_op_refresh(uint64_t timer)
{
  node::ToSimulation message;
  message.js_timer_op.emplace();
  message.js_timer_op->timer = timer;
  message.js_timer_op->refresh = true;
  link::send(message);
}

std::string parameter_op_declare(uint64_t node_, std::string parameters, std::string descriptors, bool ignore_overrides)
{
  node::ToSimulation message;
  message.parameter.emplace();
  message.parameter->node = node_;
  message.parameter->declare.emplace();
  message.parameter->declare->parameters = parameters;
  message.parameter->declare->descriptors = descriptors;
  message.parameter->declare->ignore_overrides = ignore_overrides;
  return ops::answered(link::ask(std::move(message))).cdr;
}

std::string parameter_op_get(uint64_t node_, const std::string & get)
{
  node::ToSimulation message;
  message.parameter.emplace();
  message.parameter->node = node_;
  message.parameter->get = get;
  return ops::answered(link::ask(std::move(message))).cdr;
}

std::string parameter_op_set(uint64_t node_, std::string parameters, bool atomically)
{
  node::ToSimulation message;
  message.parameter.emplace();
  message.parameter->node = node_;
  message.parameter->set.emplace();
  message.parameter->set->parameters = parameters;
  message.parameter->set->atomically = atomically;
  return ops::answered(link::ask(std::move(message))).cdr;
}

void parameter_op_undeclare(uint64_t node_, const std::string & undeclare)
{
  node::ToSimulation message;
  message.parameter.emplace();
  message.parameter->node = node_;
  message.parameter->undeclare = undeclare;
  link::ask(std::move(message));
}

node::Answer parameter_op_read(uint64_t node_, node::ParameterRead_What what, const std::vector<std::string> & names)
{
  node::ToSimulation message;
  message.parameter.emplace();
  message.parameter->node = node_;
  message.parameter->read.emplace();
  message.parameter->read->what = what;
  message.parameter->read->names = names;
  return ops::answered(link::ask(std::move(message)));
}

void parameter_op_hook(uint64_t node_, node::ParameterHook hook)
{
  node::ToSimulation message;
  message.parameter.emplace();
  message.parameter->node = node_;
  message.parameter->hook = hook;
  link::ask(std::move(message));
}

void forget_request(node::ForgetRequest request)
{
  node::ToSimulation message;
  message.forget_request = std::move(request);
  link::send(message);
}

uint64_t await_service_of_client(uint64_t service_of_client, double timeout_ms, bool weak, bool after_ready)
{
  node::ToSimulation message;
  message.await_event.emplace();
  message.await_event->service_of_client = service_of_client;
  message.await_event->timeout_ms = timeout_ms;
  message.await_event->weak = weak;
  message.await_event->after_ready = after_ready;
  return ops::created(link::ask(std::move(message))).id;
}

uint64_t await_at_ns(int64_t at_ns, double timeout_ms, bool weak, bool after_ready)
{
  node::ToSimulation message;
  message.await_event.emplace();
  message.await_event->at_ns = at_ns;
  message.await_event->timeout_ms = timeout_ms;
  message.await_event->weak = weak;
  message.await_event->after_ready = after_ready;
  return ops::created(link::ask(std::move(message))).id;
}

std::string entity_op(node::EntityOp request)
{
  node::ToSimulation message;
  message.entity = std::move(request);
  return ops::answered(link::ask(std::move(message))).json;
}

uint64_t action_op_add(uint64_t node_, const std::string & type, const std::vector<uint64_t> & parts)
{
  node::ToSimulation message;
  message.action.emplace();
  message.action->node = node_;
  message.action->add.emplace();
  message.action->add->type = type;
  message.action->add->parts = parts;
  return ops::created(link::ask(std::move(message))).id;
}

void action_op_remove(uint64_t node_, uint64_t remove)
{
  node::ToSimulation message;
  message.action.emplace();
  message.action->node = node_;
  message.action->remove = remove;
  link::ask(std::move(message));
}

std::string next_goal_id()
{
  node::ToSimulation message;
  message.next_goal_id.emplace();
  return ops::answered(link::ask(std::move(message))).cdr;
}

std::string logger_op_level(const std::string & logger)
{
  node::ToSimulation message;
  message.logger.emplace();
  message.logger->logger = logger;
  message.logger->level = true;
  return ops::answered(link::ask(std::move(message))).json;
}

void logger_op_set_level(const std::string & logger, uint32_t set_level)
{
  node::ToSimulation message;
  message.logger.emplace();
  message.logger->logger = logger;
  message.logger->set_level = set_level;
  link::ask(std::move(message));
}

bool logger_op_add_child(const std::string & logger, const std::string & add_child)
{
  node::ToSimulation message;
  message.logger.emplace();
  message.logger->logger = logger;
  message.logger->add_child = add_child;
  return ops::answered(link::ask(std::move(message))).json == "true";
}

void logger_op_remove_child(const std::string & logger, const std::string & remove_child)
{
  node::ToSimulation message;
  message.logger.emplace();
  message.logger->logger = logger;
  message.logger->remove_child = remove_child;
  link::ask(std::move(message));
}

void hold(node::Hold request)
{
  node::ToSimulation message;
  message.hold = std::move(request);
  link::send(message);
}

void assertion(node::Assertion request)
{
  node::ToSimulation message;
  message.assertion = std::move(request);
  link::send(message);
}

std::string bag_op_open(uint64_t bag, const std::string & uri, const std::string & storage_id, const std::string & cwd, bool write, const std::string & storage_preset_profile, const std::string & storage_config_uri)
{
  node::ToSimulation message;
  message.bag.emplace();
  message.bag->bag = bag;
  message.bag->open.emplace();
  message.bag->open->uri = uri;
  message.bag->open->storage_id = storage_id;
  message.bag->open->cwd = cwd;
  message.bag->open->write = write;
  message.bag->open->storage_preset_profile = storage_preset_profile;
  message.bag->open->storage_config_uri = storage_config_uri;
  return ops::answered(link::ask(std::move(message))).json;
}

node::Answer bag_op_read_next(uint64_t bag)
{
  node::ToSimulation message;
  message.bag.emplace();
  message.bag->bag = bag;
  message.bag->read_next = true;
  return ops::answered(link::ask(std::move(message)));
}

bool bag_op_set_filter(uint64_t bag, const std::vector<std::string> & topics, const std::string & topics_regex, const std::string & regex_to_exclude, const std::vector<std::string> & exclude_topics)
{
  node::ToSimulation message;
  message.bag.emplace();
  message.bag->bag = bag;
  message.bag->set_filter.emplace();
  message.bag->set_filter->topics = topics;
  message.bag->set_filter->topics_regex = topics_regex;
  message.bag->set_filter->regex_to_exclude = regex_to_exclude;
  message.bag->set_filter->exclude_topics = exclude_topics;
  return ops::answered(link::ask(std::move(message))).json == "true";
}

bool bag_op_seek_ns(uint64_t bag, int64_t seek_ns)
{
  node::ToSimulation message;
  message.bag.emplace();
  message.bag->bag = bag;
  message.bag->seek_ns = seek_ns;
  return ops::answered(link::ask(std::move(message))).json == "true";
}

bool bag_op_create_topic(uint64_t bag, const std::string & name, const std::string & type, const std::string & serialization_format, const std::string & offered_qos_profiles, const std::string & type_description_hash)
{
  node::ToSimulation message;
  message.bag.emplace();
  message.bag->bag = bag;
  message.bag->create_topic.emplace();
  message.bag->create_topic->name = name;
  message.bag->create_topic->type = type;
  message.bag->create_topic->serialization_format = serialization_format;
  message.bag->create_topic->offered_qos_profiles = offered_qos_profiles;
  message.bag->create_topic->type_description_hash = type_description_hash;
  return ops::answered(link::ask(std::move(message))).json == "true";
}

bool bag_op_write(uint64_t bag, const std::string & topic, int64_t recv_ns, int64_t send_ns, std::string data)
{
  node::ToSimulation message;
  message.bag.emplace();
  message.bag->bag = bag;
  message.bag->write.emplace();
  message.bag->write->topic = topic;
  message.bag->write->recv_ns = recv_ns;
  message.bag->write->send_ns = send_ns;
  message.bag->write->data = data;
  return ops::answered(link::ask(std::move(message))).json == "true";
}

bool bag_op_close(uint64_t bag)
{
  node::ToSimulation message;
  message.bag.emplace();
  message.bag->bag = bag;
  message.bag->close = true;
  return ops::answered(link::ask(std::move(message))).json == "true";
}

std::string world_joints_op_open(uint64_t claim, const std::string & model, const std::vector<std::string> & joints)
{
  node::ToSimulation message;
  message.world_joints.emplace();
  message.world_joints->claim = claim;
  message.world_joints->open.emplace();
  message.world_joints->open->model = model;
  message.world_joints->open->joints = joints;
  return ops::answered(link::ask(std::move(message))).json;
}

std::string world_joints_op_read(uint64_t claim)
{
  node::ToSimulation message;
  message.world_joints.emplace();
  message.world_joints->claim = claim;
  message.world_joints->read = true;
  return ops::answered(link::ask(std::move(message))).json;
}

void world_joints_op_write(uint64_t claim, const std::vector<double> & velocities)
{
  node::ToSimulation message;
  message.world_joints.emplace();
  message.world_joints->claim = claim;
  message.world_joints->write.emplace();
  message.world_joints->write->velocities = velocities;
  link::send(message);
}

}  // namespace rclsim::port
