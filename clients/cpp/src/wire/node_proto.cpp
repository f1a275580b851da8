// Generated from proto/node.proto by scripts/nodeProtoCpp.mjs (npm run build): do not edit.
#include "node_proto.hpp"

#include "proto_runtime.hpp"

namespace rclsim::node {

const char * name_of(EntityKind value) {
  switch (value) {
    case EntityKind::ENTITY_KIND_UNSPECIFIED:
      return "ENTITY_KIND_UNSPECIFIED";
    case EntityKind::NODE:
      return "NODE";
    case EntityKind::PUBLISHER:
      return "PUBLISHER";
    case EntityKind::SUBSCRIPTION:
      return "SUBSCRIPTION";
    case EntityKind::SERVICE:
      return "SERVICE";
    case EntityKind::CLIENT:
      return "CLIENT";
    case EntityKind::TIMER:
      return "TIMER";
    case EntityKind::GUARD_CONDITION:
      return "GUARD_CONDITION";
  }
  return "(unknown)";
}

const char * name_of(JsTimer_Kind value) {
  switch (value) {
    case JsTimer_Kind::SET_TIMEOUT:
      return "SET_TIMEOUT";
    case JsTimer_Kind::SET_INTERVAL:
      return "SET_INTERVAL";
    case JsTimer_Kind::SET_IMMEDIATE:
      return "SET_IMMEDIATE";
  }
  return "(unknown)";
}

const char * name_of(ParameterRead_What value) {
  switch (value) {
    case ParameterRead_What::WHAT_UNSPECIFIED:
      return "WHAT_UNSPECIFIED";
    case ParameterRead_What::VALUES:
      return "VALUES";
    case ParameterRead_What::NAMES:
      return "NAMES";
    case ParameterRead_What::DESCRIPTORS:
      return "DESCRIPTORS";
    case ParameterRead_What::HAS:
      return "HAS";
    case ParameterRead_What::HAS_DESCRIPTOR:
      return "HAS_DESCRIPTOR";
    case ParameterRead_What::OVERRIDES:
      return "OVERRIDES";
  }
  return "(unknown)";
}

const char * name_of(ParameterHook value) {
  switch (value) {
    case ParameterHook::PARAMETER_HOOK_UNSPECIFIED:
      return "PARAMETER_HOOK_UNSPECIFIED";
    case ParameterHook::ON_SET:
      return "ON_SET";
    case ParameterHook::POST_SET:
      return "POST_SET";
    case ParameterHook::PRE_SET:
      return "PRE_SET";
  }
  return "(unknown)";
}

const char * name_of(Spin_How value) {
  switch (value) {
    case Spin_How::SPIN:
      return "SPIN";
    case Spin_How::SPIN_ONCE:
      return "SPIN_ONCE";
    case Spin_How::STOP:
      return "STOP";
  }
  return "(unknown)";
}

const char * name_of(Assertion_Kind value) {
  switch (value) {
    case Assertion_Kind::ALWAYS:
      return "ALWAYS";
    case Assertion_Kind::SOMETIMES:
      return "SOMETIMES";
    case Assertion_Kind::REACHABLE:
      return "REACHABLE";
    case Assertion_Kind::UNREACHABLE:
      return "UNREACHABLE";
  }
  return "(unknown)";
}

const char * name_of(RunKind value) {
  switch (value) {
    case RunKind::RUN_KIND_UNSPECIFIED:
      return "RUN_KIND_UNSPECIFIED";
    case RunKind::TIMER_FIRED:
      return "TIMER_FIRED";
    case RunKind::MESSAGE:
      return "MESSAGE";
    case RunKind::REQUEST:
      return "REQUEST";
    case RunKind::RESPONSE:
      return "RESPONSE";
    case RunKind::GUARD_TRIGGERED:
      return "GUARD_TRIGGERED";
    case RunKind::EVENT:
      return "EVENT";
    case RunKind::CONTINUATION:
      return "CONTINUATION";
    case RunKind::END_HOOK:
      return "END_HOOK";
    case RunKind::JS_TIMER:
      return "JS_TIMER";
    case RunKind::PARAMETERS:
      return "PARAMETERS";
    case RunKind::SETTLED:
      return "SETTLED";
    case RunKind::CAN_EXECUTE:
      return "CAN_EXECUTE";
  }
  return "(unknown)";
}

// ---------------------------------------------------------------- Hello

namespace {

bool merge(Reader & in, Hello & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.protocol_version)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.client)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.language)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Hello & message, std::string & out) {
  if (message.protocol_version != 0) put_field(out, 1, message.protocol_version);
  if (!message.client.empty()) put_field(out, 2, message.client);
  if (!message.language.empty()) put_field(out, 3, message.language);
}

bool decode(const uint8_t * data, size_t size, Hello & out) {
  out = Hello{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- InterfaceFolder

namespace {

bool merge(Reader & in, InterfaceFolder & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.path)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.package)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const InterfaceFolder & message, std::string & out) {
  if (!message.path.empty()) put_field(out, 1, message.path);
  if (!message.package.empty()) put_field(out, 2, message.package);
}

bool decode(const uint8_t * data, size_t size, InterfaceFolder & out) {
  out = InterfaceFolder{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Welcome

namespace {

bool merge(Reader & in, Welcome & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.protocol_version)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.program)) return false;
      break;
    case 3:
      if (!read_repeated(in, wire, message.argv)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.now_ns)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.seed)) return false;
      break;
    case 6:
      if (!read_field(in, wire, message.cpu_count)) return false;
      break;
    case 7:
      if (!read_field(in, wire, message.ros_distro)) return false;
      break;
    case 8:
      if (!read_field(in, wire, message.rmw_implementation)) return false;
      break;
    case 9: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!merge(inner, message.interface_folders.emplace_back())) return false;
      break;
    }
    case 10:
      if (!read_field(in, wire, message.component)) return false;
      break;
    case 11:
      if (!read_field(in, wire, message.strict_messages)) return false;
      break;
    case 12:
      if (!read_field(in, wire, message.program_name)) return false;
      break;
    case 13:
      if (!read_field(in, wire, message.sleeps_take_no_time)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Welcome & message, std::string & out) {
  if (message.protocol_version != 0) put_field(out, 1, message.protocol_version);
  if (!message.program.empty()) put_field(out, 2, message.program);
  for (const std::string & item : message.argv) put_field(out, 3, item);
  if (message.now_ns != 0) put_field(out, 4, message.now_ns);
  if (message.seed != 0) put_field(out, 5, message.seed);
  if (message.cpu_count != 0) put_field(out, 6, message.cpu_count);
  if (!message.ros_distro.empty()) put_field(out, 7, message.ros_distro);
  if (!message.rmw_implementation.empty()) put_field(out, 8, message.rmw_implementation);
  for (const InterfaceFolder & item : message.interface_folders) put_message(out, 9, item);
  if (!message.component.empty()) put_field(out, 10, message.component);
  if (message.strict_messages) put_field(out, 11, message.strict_messages);
  if (!message.program_name.empty()) put_field(out, 12, message.program_name);
  if (message.sleeps_take_no_time) put_field(out, 13, message.sleeps_take_no_time);
}

bool decode(const uint8_t * data, size_t size, Welcome & out) {
  out = Welcome{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Create

namespace {

bool merge(Reader & in, Create & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.kind)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.node)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.name)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.namespace_)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.type)) return false;
      break;
    case 6:
      if (!read_field(in, wire, message.qos_json)) return false;
      break;
    case 7:
      if (!read_field(in, wire, message.period_ns)) return false;
      break;
    case 8:
      if (!read_field(in, wire, message.clock)) return false;
      break;
    case 9:
      if (!read_field(in, wire, message.filter_expression)) return false;
      break;
    case 10:
      if (!read_repeated(in, wire, message.filter_parameters)) return false;
      break;
    case 11:
      if (!read_field(in, wire, message.callback_group)) return false;
      break;
    case 12:
      if (!read_field(in, wire, message.reentrant)) return false;
      break;
    case 13:
      if (!read_repeated(in, wire, message.events)) return false;
      break;
    case 14:
      if (!read_field(in, wire, message.context)) return false;
      break;
    case 15:
      if (!read_repeated(in, wire, message.args)) return false;
      break;
    case 16:
      if (!read_field(in, wire, message.use_global_arguments)) return false;
      break;
    case 17:
      if (!read_field(in, wire, message.options_json)) return false;
      break;
    case 18:
      if (!read_field(in, wire, message.canceled)) return false;
      break;
    case 19:
      if (!read_field(in, wire, message.subscription_options_json)) return false;
      break;
    case 20:
      if (!read_field(in, wire, message.custom_group)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Create & message, std::string & out) {
  if (message.kind != EntityKind::ENTITY_KIND_UNSPECIFIED) put_field(out, 1, message.kind);
  if (message.node != 0) put_field(out, 2, message.node);
  if (!message.name.empty()) put_field(out, 3, message.name);
  if (!message.namespace_.empty()) put_field(out, 4, message.namespace_);
  if (!message.type.empty()) put_field(out, 5, message.type);
  if (!message.qos_json.empty()) put_field(out, 6, message.qos_json);
  if (message.period_ns != 0) put_field(out, 7, message.period_ns);
  if (!message.clock.empty()) put_field(out, 8, message.clock);
  if (!message.filter_expression.empty()) put_field(out, 9, message.filter_expression);
  for (const std::string & item : message.filter_parameters) put_field(out, 10, item);
  if (message.callback_group != 0) put_field(out, 11, message.callback_group);
  if (message.reentrant) put_field(out, 12, message.reentrant);
  for (const std::string & item : message.events) put_field(out, 13, item);
  if (message.context != 0) put_field(out, 14, message.context);
  for (const std::string & item : message.args) put_field(out, 15, item);
  if (message.use_global_arguments) put_field(out, 16, message.use_global_arguments);
  if (!message.options_json.empty()) put_field(out, 17, message.options_json);
  if (message.canceled) put_field(out, 18, message.canceled);
  if (!message.subscription_options_json.empty()) put_field(out, 19, message.subscription_options_json);
  if (message.custom_group) put_field(out, 20, message.custom_group);
}

bool decode(const uint8_t * data, size_t size, Create & out) {
  out = Create{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- EventHandler

namespace {

bool merge(Reader & in, EventHandler & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.name)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.id)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const EventHandler & message, std::string & out) {
  if (!message.name.empty()) put_field(out, 1, message.name);
  if (message.id != 0) put_field(out, 2, message.id);
}

bool decode(const uint8_t * data, size_t size, EventHandler & out) {
  out = EventHandler{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Created

namespace {

bool merge(Reader & in, Created & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.id)) return false;
      break;
    case 2:
      if (!read_repeated(in, wire, message.parameter_overrides)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.resolved_name)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.name)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.namespace_)) return false;
      break;
    case 6:
      if (!read_field(in, wire, message.logger)) return false;
      break;
    case 7: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!merge(inner, message.events.emplace_back())) return false;
      break;
    }
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Created & message, std::string & out) {
  if (message.id != 0) put_field(out, 1, message.id);
  for (const std::string & item : message.parameter_overrides) put_field(out, 2, item);
  if (!message.resolved_name.empty()) put_field(out, 3, message.resolved_name);
  if (!message.name.empty()) put_field(out, 4, message.name);
  if (!message.namespace_.empty()) put_field(out, 5, message.namespace_);
  if (!message.logger.empty()) put_field(out, 6, message.logger);
  for (const EventHandler & item : message.events) put_message(out, 7, item);
}

bool decode(const uint8_t * data, size_t size, Created & out) {
  out = Created{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Destroy

namespace {

bool merge(Reader & in, Destroy & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.id)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.node)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.wake)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Destroy & message, std::string & out) {
  if (message.id != 0) put_field(out, 1, message.id);
  if (message.node) put_field(out, 2, message.node);
  if (message.wake) put_field(out, 3, message.wake);
}

bool decode(const uint8_t * data, size_t size, Destroy & out) {
  out = Destroy{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Publish

namespace {

bool merge(Reader & in, Publish & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.publisher)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.cdr)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Publish & message, std::string & out) {
  if (message.publisher != 0) put_field(out, 1, message.publisher);
  if (!message.cdr.empty()) put_field(out, 2, message.cdr);
}

bool decode(const uint8_t * data, size_t size, Publish & out) {
  out = Publish{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- SendRequest

namespace {

bool merge(Reader & in, SendRequest & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.client)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.sequence)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.cdr)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.has_timeout)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.timeout_ms)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const SendRequest & message, std::string & out) {
  if (message.client != 0) put_field(out, 1, message.client);
  if (message.sequence != 0) put_field(out, 2, message.sequence);
  if (!message.cdr.empty()) put_field(out, 3, message.cdr);
  if (message.has_timeout) put_field(out, 4, message.has_timeout);
  if (!is_positive_zero(message.timeout_ms)) put_field(out, 5, message.timeout_ms);
}

bool decode(const uint8_t * data, size_t size, SendRequest & out) {
  out = SendRequest{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- ForgetRequest

namespace {

bool merge(Reader & in, ForgetRequest & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.client)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.sequence)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const ForgetRequest & message, std::string & out) {
  if (message.client != 0) put_field(out, 1, message.client);
  if (message.sequence != 0) put_field(out, 2, message.sequence);
}

bool decode(const uint8_t * data, size_t size, ForgetRequest & out) {
  out = ForgetRequest{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- SendResponse

namespace {

bool merge(Reader & in, SendResponse & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.service)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.request)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.cdr)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const SendResponse & message, std::string & out) {
  if (message.service != 0) put_field(out, 1, message.service);
  if (message.request != 0) put_field(out, 2, message.request);
  if (!message.cdr.empty()) put_field(out, 3, message.cdr);
}

bool decode(const uint8_t * data, size_t size, SendResponse & out) {
  out = SendResponse{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- TimerOp

namespace {

void clear_op(TimerOp & message) {
  message.cancel.reset();
  message.reset.reset();
  message.change_period_ns.reset();
  message.state.reset();
}

bool merge(Reader & in, TimerOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.timer)) return false;
      break;
    case 2:
      clear_op(message);
      if (!read_field(in, wire, message.cancel.emplace())) return false;
      break;
    case 3:
      clear_op(message);
      if (!read_field(in, wire, message.reset.emplace())) return false;
      break;
    case 4:
      clear_op(message);
      if (!read_field(in, wire, message.change_period_ns.emplace())) return false;
      break;
    case 5:
      clear_op(message);
      if (!read_field(in, wire, message.state.emplace())) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const TimerOp & message, std::string & out) {
  if (message.timer != 0) put_field(out, 1, message.timer);
  if (message.cancel) put_field(out, 2, *message.cancel);
  if (message.reset) put_field(out, 3, *message.reset);
  if (message.change_period_ns) put_field(out, 4, *message.change_period_ns);
  if (message.state) put_field(out, 5, *message.state);
}

bool decode(const uint8_t * data, size_t size, TimerOp & out) {
  out = TimerOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- JsTimer

namespace {

bool merge(Reader & in, JsTimer & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.kind)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.delay_ms)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const JsTimer & message, std::string & out) {
  if (message.kind != JsTimer_Kind::SET_TIMEOUT) put_field(out, 1, message.kind);
  if (!is_positive_zero(message.delay_ms)) put_field(out, 2, message.delay_ms);
}

bool decode(const uint8_t * data, size_t size, JsTimer & out) {
  out = JsTimer{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- JsTimerOp

namespace {

void clear_op(JsTimerOp & message) {
  message.cancel.reset();
  message.ref.reset();
  message.unref.reset();
  message.refresh.reset();
}

bool merge(Reader & in, JsTimerOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.timer)) return false;
      break;
    case 2:
      clear_op(message);
      if (!read_field(in, wire, message.cancel.emplace())) return false;
      break;
    case 3:
      clear_op(message);
      if (!read_field(in, wire, message.ref.emplace())) return false;
      break;
    case 4:
      clear_op(message);
      if (!read_field(in, wire, message.unref.emplace())) return false;
      break;
    case 5:
      clear_op(message);
      if (!read_field(in, wire, message.refresh.emplace())) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const JsTimerOp & message, std::string & out) {
  if (message.timer != 0) put_field(out, 1, message.timer);
  if (message.cancel) put_field(out, 2, *message.cancel);
  if (message.ref) put_field(out, 3, *message.ref);
  if (message.unref) put_field(out, 4, *message.unref);
  if (message.refresh) put_field(out, 5, *message.refresh);
}

bool decode(const uint8_t * data, size_t size, JsTimerOp & out) {
  out = JsTimerOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- DeclareParameters

namespace {

bool merge(Reader & in, DeclareParameters & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.parameters)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.descriptors)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.ignore_overrides)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const DeclareParameters & message, std::string & out) {
  if (!message.parameters.empty()) put_field(out, 1, message.parameters);
  if (!message.descriptors.empty()) put_field(out, 2, message.descriptors);
  if (message.ignore_overrides) put_field(out, 3, message.ignore_overrides);
}

bool decode(const uint8_t * data, size_t size, DeclareParameters & out) {
  out = DeclareParameters{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- SetParameters

namespace {

bool merge(Reader & in, SetParameters & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.parameters)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.atomically)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const SetParameters & message, std::string & out) {
  if (!message.parameters.empty()) put_field(out, 1, message.parameters);
  if (message.atomically) put_field(out, 2, message.atomically);
}

bool decode(const uint8_t * data, size_t size, SetParameters & out) {
  out = SetParameters{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- ParameterRead

namespace {

bool merge(Reader & in, ParameterRead & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.what)) return false;
      break;
    case 2:
      if (!read_repeated(in, wire, message.names)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const ParameterRead & message, std::string & out) {
  if (message.what != ParameterRead_What::WHAT_UNSPECIFIED) put_field(out, 1, message.what);
  for (const std::string & item : message.names) put_field(out, 2, item);
}

bool decode(const uint8_t * data, size_t size, ParameterRead & out) {
  out = ParameterRead{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- ParameterOp

namespace {

void clear_op(ParameterOp & message) {
  message.declare.reset();
  message.get.reset();
  message.set.reset();
  message.undeclare.reset();
  message.read.reset();
  message.hook.reset();
}

bool merge(Reader & in, ParameterOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.node)) return false;
      break;
    case 2: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.declare) {
        clear_op(message);
        message.declare.emplace();
      }
      if (!merge(inner, *message.declare)) return false;
      break;
    }
    case 3:
      clear_op(message);
      if (!read_field(in, wire, message.get.emplace())) return false;
      break;
    case 4: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.set) {
        clear_op(message);
        message.set.emplace();
      }
      if (!merge(inner, *message.set)) return false;
      break;
    }
    case 5:
      clear_op(message);
      if (!read_field(in, wire, message.undeclare.emplace())) return false;
      break;
    case 6: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.read) {
        clear_op(message);
        message.read.emplace();
      }
      if (!merge(inner, *message.read)) return false;
      break;
    }
    case 7:
      clear_op(message);
      if (!read_field(in, wire, message.hook.emplace())) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const ParameterOp & message, std::string & out) {
  if (message.node != 0) put_field(out, 1, message.node);
  if (message.declare) put_message(out, 2, *message.declare);
  if (message.get) put_field(out, 3, *message.get);
  if (message.set) put_message(out, 4, *message.set);
  if (message.undeclare) put_field(out, 5, *message.undeclare);
  if (message.read) put_message(out, 6, *message.read);
  if (message.hook) put_field(out, 7, *message.hook);
}

bool decode(const uint8_t * data, size_t size, ParameterOp & out) {
  out = ParameterOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Arguments

namespace {

bool merge(Reader & in, Arguments & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_repeated(in, wire, message.argv)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Arguments & message, std::string & out) {
  for (const std::string & item : message.argv) put_field(out, 1, item);
}

bool decode(const uint8_t * data, size_t size, Arguments & out) {
  out = Arguments{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- ContextOp

namespace {

void clear_op(ContextOp & message) {
  message.create.reset();
  message.init.reset();
  message.shutdown.reset();
  message.state.reset();
  message.default_context.reset();
}

bool merge(Reader & in, ContextOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.context)) return false;
      break;
    case 2:
      clear_op(message);
      if (!read_field(in, wire, message.create.emplace())) return false;
      break;
    case 3: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.init) {
        clear_op(message);
        message.init.emplace();
      }
      if (!merge(inner, *message.init)) return false;
      break;
    }
    case 4:
      clear_op(message);
      if (!read_field(in, wire, message.shutdown.emplace())) return false;
      break;
    case 5:
      clear_op(message);
      if (!read_field(in, wire, message.state.emplace())) return false;
      break;
    case 6:
      clear_op(message);
      if (!read_field(in, wire, message.default_context.emplace())) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const ContextOp & message, std::string & out) {
  if (message.context != 0) put_field(out, 1, message.context);
  if (message.create) put_field(out, 2, *message.create);
  if (message.init) put_message(out, 3, *message.init);
  if (message.shutdown) put_field(out, 4, *message.shutdown);
  if (message.state) put_field(out, 5, *message.state);
  if (message.default_context) put_field(out, 6, *message.default_context);
}

bool decode(const uint8_t * data, size_t size, ContextOp & out) {
  out = ContextOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Spin

namespace {

bool merge(Reader & in, Spin & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.node)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.how)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.threads)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Spin & message, std::string & out) {
  if (message.node != 0) put_field(out, 1, message.node);
  if (message.how != Spin_How::SPIN) put_field(out, 2, message.how);
  if (message.threads != 0) put_field(out, 3, message.threads);
}

bool decode(const uint8_t * data, size_t size, Spin & out) {
  out = Spin{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- TriggerGuard

namespace {

bool merge(Reader & in, TriggerGuard & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.guard)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const TriggerGuard & message, std::string & out) {
  if (message.guard != 0) put_field(out, 1, message.guard);
}

bool decode(const uint8_t * data, size_t size, TriggerGuard & out) {
  out = TriggerGuard{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Hold

namespace {

bool merge(Reader & in, Hold & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.entity)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.on)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Hold & message, std::string & out) {
  if (message.entity != 0) put_field(out, 1, message.entity);
  if (message.on) put_field(out, 2, message.on);
}

bool decode(const uint8_t * data, size_t size, Hold & out) {
  out = Hold{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Log

namespace {

bool merge(Reader & in, Log & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.node)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.logger)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.severity)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.message)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.function)) return false;
      break;
    case 6:
      if (!read_field(in, wire, message.file)) return false;
      break;
    case 7:
      if (!read_field(in, wire, message.line)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Log & message, std::string & out) {
  if (message.node != 0) put_field(out, 1, message.node);
  if (!message.logger.empty()) put_field(out, 2, message.logger);
  if (message.severity != 0) put_field(out, 3, message.severity);
  if (!message.message.empty()) put_field(out, 4, message.message);
  if (!message.function.empty()) put_field(out, 5, message.function);
  if (!message.file.empty()) put_field(out, 6, message.file);
  if (message.line != 0) put_field(out, 7, message.line);
}

bool decode(const uint8_t * data, size_t size, Log & out) {
  out = Log{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Assertion

namespace {

bool merge(Reader & in, Assertion & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.kind)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.message)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.holds)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.details_json)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Assertion & message, std::string & out) {
  if (message.kind != Assertion_Kind::ALWAYS) put_field(out, 1, message.kind);
  if (!message.message.empty()) put_field(out, 2, message.message);
  if (message.holds) put_field(out, 3, message.holds);
  if (!message.details_json.empty()) put_field(out, 4, message.details_json);
}

bool decode(const uint8_t * data, size_t size, Assertion & out) {
  out = Assertion{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- GraphQuery

namespace {

bool merge(Reader & in, GraphQuery & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.query)) return false;
      break;
    case 2:
      if (!read_repeated(in, wire, message.arguments)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const GraphQuery & message, std::string & out) {
  if (!message.query.empty()) put_field(out, 1, message.query);
  for (const std::string & item : message.arguments) put_field(out, 2, item);
}

bool decode(const uint8_t * data, size_t size, GraphQuery & out) {
  out = GraphQuery{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Answer

namespace {

bool merge(Reader & in, Answer & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.json)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.cdr)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Answer & message, std::string & out) {
  if (!message.json.empty()) put_field(out, 1, message.json);
  if (!message.cdr.empty()) put_field(out, 2, message.cdr);
}

bool decode(const uint8_t * data, size_t size, Answer & out) {
  out = Answer{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- GetInterface

namespace {

bool merge(Reader & in, GetInterface & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.type)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const GetInterface & message, std::string & out) {
  if (!message.type.empty()) put_field(out, 1, message.type);
}

bool decode(const uint8_t * data, size_t size, GetInterface & out) {
  out = GetInterface{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- SetResult

namespace {

bool merge(Reader & in, SetResult & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.name)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.value_json)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const SetResult & message, std::string & out) {
  if (!message.name.empty()) put_field(out, 1, message.name);
  if (!message.value_json.empty()) put_field(out, 2, message.value_json);
}

bool decode(const uint8_t * data, size_t size, SetResult & out) {
  out = SetResult{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- JobOp

namespace {

void clear_op(JobOp & message) {
  message.finish.reset();
  message.set_result.reset();
  message.get_result.reset();
  message.on_end.reset();
  message.start_ns.reset();
}

bool merge(Reader & in, JobOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      clear_op(message);
      if (!read_field(in, wire, message.finish.emplace())) return false;
      break;
    case 2: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.set_result) {
        clear_op(message);
        message.set_result.emplace();
      }
      if (!merge(inner, *message.set_result)) return false;
      break;
    }
    case 3:
      clear_op(message);
      if (!read_field(in, wire, message.get_result.emplace())) return false;
      break;
    case 4:
      clear_op(message);
      if (!read_field(in, wire, message.on_end.emplace())) return false;
      break;
    case 5:
      clear_op(message);
      if (!read_field(in, wire, message.start_ns.emplace())) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const JobOp & message, std::string & out) {
  if (message.finish) put_field(out, 1, *message.finish);
  if (message.set_result) put_message(out, 2, *message.set_result);
  if (message.get_result) put_field(out, 3, *message.get_result);
  if (message.on_end) put_field(out, 4, *message.on_end);
  if (message.start_ns) put_field(out, 5, *message.start_ns);
}

bool decode(const uint8_t * data, size_t size, JobOp & out) {
  out = JobOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Await

namespace {

void clear_until(Await & message) {
  message.service_of_client.reset();
  message.at_ns.reset();
}

bool merge(Reader & in, Await & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      clear_until(message);
      if (!read_field(in, wire, message.service_of_client.emplace())) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.timeout_ms)) return false;
      break;
    case 3:
      clear_until(message);
      if (!read_field(in, wire, message.at_ns.emplace())) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.weak)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.after_ready)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Await & message, std::string & out) {
  if (message.service_of_client) put_field(out, 1, *message.service_of_client);
  if (!is_positive_zero(message.timeout_ms)) put_field(out, 2, message.timeout_ms);
  if (message.at_ns) put_field(out, 3, *message.at_ns);
  if (message.weak) put_field(out, 4, message.weak);
  if (message.after_ready) put_field(out, 5, message.after_ready);
}

bool decode(const uint8_t * data, size_t size, Await & out) {
  out = Await{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- EntityOp

namespace {

bool merge(Reader & in, EntityOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.entity)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.op)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.args_json)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const EntityOp & message, std::string & out) {
  if (message.entity != 0) put_field(out, 1, message.entity);
  if (!message.op.empty()) put_field(out, 2, message.op);
  if (!message.args_json.empty()) put_field(out, 3, message.args_json);
}

bool decode(const uint8_t * data, size_t size, EntityOp & out) {
  out = EntityOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- AddAction

namespace {

bool merge(Reader & in, AddAction & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.type)) return false;
      break;
    case 2:
      if (!read_repeated(in, wire, message.parts)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const AddAction & message, std::string & out) {
  if (!message.type.empty()) put_field(out, 1, message.type);
  if (!message.parts.empty()) put_packed(out, 2, message.parts);
}

bool decode(const uint8_t * data, size_t size, AddAction & out) {
  out = AddAction{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- ActionOp

namespace {

void clear_op(ActionOp & message) {
  message.add.reset();
  message.remove.reset();
}

bool merge(Reader & in, ActionOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.node)) return false;
      break;
    case 2: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.add) {
        clear_op(message);
        message.add.emplace();
      }
      if (!merge(inner, *message.add)) return false;
      break;
    }
    case 3:
      clear_op(message);
      if (!read_field(in, wire, message.remove.emplace())) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const ActionOp & message, std::string & out) {
  if (message.node != 0) put_field(out, 1, message.node);
  if (message.add) put_message(out, 2, *message.add);
  if (message.remove) put_field(out, 3, *message.remove);
}

bool decode(const uint8_t * data, size_t size, ActionOp & out) {
  out = ActionOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- NextGoalId

namespace {

bool merge(Reader & in, NextGoalId &) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire) || !skip(in, wire)) return false;
  }
  return true;
}

}  // namespace

void encode(const NextGoalId &, std::string &) {}

bool decode(const uint8_t * data, size_t size, NextGoalId & out) {
  out = NextGoalId{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- LoggerOp

namespace {

void clear_op(LoggerOp & message) {
  message.level.reset();
  message.set_level.reset();
  message.add_child.reset();
  message.remove_child.reset();
}

bool merge(Reader & in, LoggerOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.logger)) return false;
      break;
    case 2:
      clear_op(message);
      if (!read_field(in, wire, message.level.emplace())) return false;
      break;
    case 3:
      clear_op(message);
      if (!read_field(in, wire, message.set_level.emplace())) return false;
      break;
    case 4:
      clear_op(message);
      if (!read_field(in, wire, message.add_child.emplace())) return false;
      break;
    case 5:
      clear_op(message);
      if (!read_field(in, wire, message.remove_child.emplace())) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const LoggerOp & message, std::string & out) {
  if (!message.logger.empty()) put_field(out, 1, message.logger);
  if (message.level) put_field(out, 2, *message.level);
  if (message.set_level) put_field(out, 3, *message.set_level);
  if (message.add_child) put_field(out, 4, *message.add_child);
  if (message.remove_child) put_field(out, 5, *message.remove_child);
}

bool decode(const uint8_t * data, size_t size, LoggerOp & out) {
  out = LoggerOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Wait

namespace {

void clear_until(Wait & message) {
  message.sleep_ns.reset();
  message.deadline_ns.reset();
}

bool merge(Reader & in, Wait & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.thread)) return false;
      break;
    case 2:
      clear_until(message);
      if (!read_field(in, wire, message.sleep_ns.emplace())) return false;
      break;
    case 3:
      clear_until(message);
      if (!read_field(in, wire, message.deadline_ns.emplace())) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.client_sequence)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.client)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Wait & message, std::string & out) {
  if (message.thread != 0) put_field(out, 1, message.thread);
  if (message.sleep_ns) put_field(out, 2, *message.sleep_ns);
  if (message.deadline_ns) put_field(out, 3, *message.deadline_ns);
  if (message.client_sequence != 0) put_field(out, 4, message.client_sequence);
  if (message.client != 0) put_field(out, 5, message.client);
}

bool decode(const uint8_t * data, size_t size, Wait & out) {
  out = Wait{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Resume

namespace {

bool merge(Reader & in, Resume & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.thread)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.now_ns)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.timed_out)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Resume & message, std::string & out) {
  if (message.thread != 0) put_field(out, 1, message.thread);
  if (message.now_ns != 0) put_field(out, 2, message.now_ns);
  if (message.timed_out) put_field(out, 3, message.timed_out);
}

bool decode(const uint8_t * data, size_t size, Resume & out) {
  out = Resume{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Turn

namespace {

bool merge(Reader & in, Turn & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.thread)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Turn & message, std::string & out) {
  if (!message.thread.empty()) put_field(out, 1, message.thread);
}

bool decode(const uint8_t * data, size_t size, Turn & out) {
  out = Turn{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Run

namespace {

bool merge(Reader & in, Run & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.run)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.thread)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.kind)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.entity)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.now_ns)) return false;
      break;
    case 6:
      if (!read_field(in, wire, message.input)) return false;
      break;
    case 7:
      if (!read_field(in, wire, message.source_timestamp_ns)) return false;
      break;
    case 8:
      if (!read_field(in, wire, message.received_timestamp_ns)) return false;
      break;
    case 9:
      if (!read_field(in, wire, message.publisher_gid)) return false;
      break;
    case 10:
      if (!read_field(in, wire, message.request)) return false;
      break;
    case 11:
      if (!read_field(in, wire, message.sequence)) return false;
      break;
    case 12:
      if (!read_field(in, wire, message.expected_call_ns)) return false;
      break;
    case 13:
      if (!read_field(in, wire, message.publication_sequence)) return false;
      break;
    case 14:
      if (!read_field(in, wire, message.reception_sequence)) return false;
      break;
    case 15:
      if (!read_field(in, wire, message.timed_out)) return false;
      break;
    case 16:
      if (!read_field(in, wire, message.parameter_hook)) return false;
      break;
    case 17:
      if (!read_field(in, wire, message.read_polls)) return false;
      break;
    case 18:
      if (!read_field(in, wire, message.execution_ns)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Run & message, std::string & out) {
  if (message.run != 0) put_field(out, 1, message.run);
  if (message.thread != 0) put_field(out, 2, message.thread);
  if (message.kind != RunKind::RUN_KIND_UNSPECIFIED) put_field(out, 3, message.kind);
  if (message.entity != 0) put_field(out, 4, message.entity);
  if (message.now_ns != 0) put_field(out, 5, message.now_ns);
  if (!message.input.empty()) put_field(out, 6, message.input);
  if (message.source_timestamp_ns != 0) put_field(out, 7, message.source_timestamp_ns);
  if (message.received_timestamp_ns != 0) put_field(out, 8, message.received_timestamp_ns);
  if (!message.publisher_gid.empty()) put_field(out, 9, message.publisher_gid);
  if (message.request != 0) put_field(out, 10, message.request);
  if (message.sequence != 0) put_field(out, 11, message.sequence);
  if (message.expected_call_ns != 0) put_field(out, 12, message.expected_call_ns);
  if (message.publication_sequence != 0) put_field(out, 13, message.publication_sequence);
  if (message.reception_sequence != 0) put_field(out, 14, message.reception_sequence);
  if (message.timed_out) put_field(out, 15, message.timed_out);
  if (message.parameter_hook != ParameterHook::PARAMETER_HOOK_UNSPECIFIED) put_field(out, 16, message.parameter_hook);
  if (message.read_polls != 0) put_field(out, 17, message.read_polls);
  if (message.execution_ns != 0) put_field(out, 18, message.execution_ns);
}

bool decode(const uint8_t * data, size_t size, Run & out) {
  out = Run{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Done

namespace {

bool merge(Reader & in, Done & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.run)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.error)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.pending)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.load_failed)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.result)) return false;
      break;
    case 6:
      if (!read_field(in, wire, message.wrote_output)) return false;
      break;
    case 7:
      if (!read_field(in, wire, message.input_error)) return false;
      break;
    case 8:
      if (!read_field(in, wire, message.failed_kind)) return false;
      break;
    case 9:
      if (!read_field(in, wire, message.failed_entity)) return false;
      break;
    case 10:
      if (!read_field(in, wire, message.failed_at_ns)) return false;
      break;
    case 11:
      if (!read_field(in, wire, message.failed_label)) return false;
      break;
    case 12:
      if (!read_field(in, wire, message.exit_code_set)) return false;
      break;
    case 13:
      if (!read_field(in, wire, message.exit_code)) return false;
      break;
    case 14:
      if (!read_field(in, wire, message.failed)) return false;
      break;
    case 15:
      if (!read_field(in, wire, message.more_tasks)) return false;
      break;
    case 16:
      if (!read_field(in, wire, message.woke)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Done & message, std::string & out) {
  if (message.run != 0) put_field(out, 1, message.run);
  if (!message.error.empty()) put_field(out, 2, message.error);
  if (message.pending) put_field(out, 3, message.pending);
  if (message.load_failed) put_field(out, 4, message.load_failed);
  if (!message.result.empty()) put_field(out, 5, message.result);
  if (message.wrote_output) put_field(out, 6, message.wrote_output);
  if (!message.input_error.empty()) put_field(out, 7, message.input_error);
  if (message.failed_kind != RunKind::RUN_KIND_UNSPECIFIED) put_field(out, 8, message.failed_kind);
  if (message.failed_entity != 0) put_field(out, 9, message.failed_entity);
  if (message.failed_at_ns != 0) put_field(out, 10, message.failed_at_ns);
  if (!message.failed_label.empty()) put_field(out, 11, message.failed_label);
  if (message.exit_code_set) put_field(out, 12, message.exit_code_set);
  if (message.exit_code != 0) put_field(out, 13, message.exit_code);
  if (message.failed) put_field(out, 14, message.failed);
  if (message.more_tasks) put_field(out, 15, message.more_tasks);
  if (message.woke) put_field(out, 16, message.woke);
}

bool decode(const uint8_t * data, size_t size, Done & out) {
  out = Done{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Exit

namespace {

bool merge(Reader & in, Exit & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.code)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.reason)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Exit & message, std::string & out) {
  if (message.code != 0) put_field(out, 1, message.code);
  if (!message.reason.empty()) put_field(out, 2, message.reason);
}

bool decode(const uint8_t * data, size_t size, Exit & out) {
  out = Exit{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Shutdown

namespace {

bool merge(Reader & in, Shutdown & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.reason)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Shutdown & message, std::string & out) {
  if (!message.reason.empty()) put_field(out, 1, message.reason);
}

bool decode(const uint8_t * data, size_t size, Shutdown & out) {
  out = Shutdown{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- Failed

namespace {

bool merge(Reader & in, Failed & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.message)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.kind)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.input_error)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const Failed & message, std::string & out) {
  if (!message.message.empty()) put_field(out, 1, message.message);
  if (!message.kind.empty()) put_field(out, 2, message.kind);
  if (message.input_error) put_field(out, 3, message.input_error);
}

bool decode(const uint8_t * data, size_t size, Failed & out) {
  out = Failed{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- BagOpen

namespace {

bool merge(Reader & in, BagOpen & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.uri)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.storage_id)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.cwd)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.write)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.storage_preset_profile)) return false;
      break;
    case 6:
      if (!read_field(in, wire, message.storage_config_uri)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const BagOpen & message, std::string & out) {
  if (!message.uri.empty()) put_field(out, 1, message.uri);
  if (!message.storage_id.empty()) put_field(out, 2, message.storage_id);
  if (!message.cwd.empty()) put_field(out, 3, message.cwd);
  if (message.write) put_field(out, 4, message.write);
  if (!message.storage_preset_profile.empty()) put_field(out, 5, message.storage_preset_profile);
  if (!message.storage_config_uri.empty()) put_field(out, 6, message.storage_config_uri);
}

bool decode(const uint8_t * data, size_t size, BagOpen & out) {
  out = BagOpen{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- BagFilter

namespace {

bool merge(Reader & in, BagFilter & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_repeated(in, wire, message.topics)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.topics_regex)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.regex_to_exclude)) return false;
      break;
    case 4:
      if (!read_repeated(in, wire, message.exclude_topics)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const BagFilter & message, std::string & out) {
  for (const std::string & item : message.topics) put_field(out, 1, item);
  if (!message.topics_regex.empty()) put_field(out, 2, message.topics_regex);
  if (!message.regex_to_exclude.empty()) put_field(out, 3, message.regex_to_exclude);
  for (const std::string & item : message.exclude_topics) put_field(out, 4, item);
}

bool decode(const uint8_t * data, size_t size, BagFilter & out) {
  out = BagFilter{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- BagTopicInfo

namespace {

bool merge(Reader & in, BagTopicInfo & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.name)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.type)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.serialization_format)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.offered_qos_profiles)) return false;
      break;
    case 5:
      if (!read_field(in, wire, message.type_description_hash)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const BagTopicInfo & message, std::string & out) {
  if (!message.name.empty()) put_field(out, 1, message.name);
  if (!message.type.empty()) put_field(out, 2, message.type);
  if (!message.serialization_format.empty()) put_field(out, 3, message.serialization_format);
  if (!message.offered_qos_profiles.empty()) put_field(out, 4, message.offered_qos_profiles);
  if (!message.type_description_hash.empty()) put_field(out, 5, message.type_description_hash);
}

bool decode(const uint8_t * data, size_t size, BagTopicInfo & out) {
  out = BagTopicInfo{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- BagWrite

namespace {

bool merge(Reader & in, BagWrite & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.topic)) return false;
      break;
    case 2:
      if (!read_field(in, wire, message.recv_ns)) return false;
      break;
    case 3:
      if (!read_field(in, wire, message.send_ns)) return false;
      break;
    case 4:
      if (!read_field(in, wire, message.data)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const BagWrite & message, std::string & out) {
  if (!message.topic.empty()) put_field(out, 1, message.topic);
  if (message.recv_ns != 0) put_field(out, 2, message.recv_ns);
  if (message.send_ns != 0) put_field(out, 3, message.send_ns);
  if (!message.data.empty()) put_field(out, 4, message.data);
}

bool decode(const uint8_t * data, size_t size, BagWrite & out) {
  out = BagWrite{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- BagOp

namespace {

void clear_op(BagOp & message) {
  message.open.reset();
  message.read_next.reset();
  message.set_filter.reset();
  message.seek_ns.reset();
  message.create_topic.reset();
  message.write.reset();
  message.close.reset();
}

bool merge(Reader & in, BagOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.bag)) return false;
      break;
    case 2: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.open) {
        clear_op(message);
        message.open.emplace();
      }
      if (!merge(inner, *message.open)) return false;
      break;
    }
    case 3:
      clear_op(message);
      if (!read_field(in, wire, message.read_next.emplace())) return false;
      break;
    case 4: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.set_filter) {
        clear_op(message);
        message.set_filter.emplace();
      }
      if (!merge(inner, *message.set_filter)) return false;
      break;
    }
    case 5:
      clear_op(message);
      if (!read_field(in, wire, message.seek_ns.emplace())) return false;
      break;
    case 6: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.create_topic) {
        clear_op(message);
        message.create_topic.emplace();
      }
      if (!merge(inner, *message.create_topic)) return false;
      break;
    }
    case 7: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.write) {
        clear_op(message);
        message.write.emplace();
      }
      if (!merge(inner, *message.write)) return false;
      break;
    }
    case 8:
      clear_op(message);
      if (!read_field(in, wire, message.close.emplace())) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const BagOp & message, std::string & out) {
  if (message.bag != 0) put_field(out, 1, message.bag);
  if (message.open) put_message(out, 2, *message.open);
  if (message.read_next) put_field(out, 3, *message.read_next);
  if (message.set_filter) put_message(out, 4, *message.set_filter);
  if (message.seek_ns) put_field(out, 5, *message.seek_ns);
  if (message.create_topic) put_message(out, 6, *message.create_topic);
  if (message.write) put_message(out, 7, *message.write);
  if (message.close) put_field(out, 8, *message.close);
}

bool decode(const uint8_t * data, size_t size, BagOp & out) {
  out = BagOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- WorldJointsOpen

namespace {

bool merge(Reader & in, WorldJointsOpen & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.model)) return false;
      break;
    case 2:
      if (!read_repeated(in, wire, message.joints)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const WorldJointsOpen & message, std::string & out) {
  if (!message.model.empty()) put_field(out, 1, message.model);
  for (const std::string & item : message.joints) put_field(out, 2, item);
}

bool decode(const uint8_t * data, size_t size, WorldJointsOpen & out) {
  out = WorldJointsOpen{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- WorldJointsWrite

namespace {

bool merge(Reader & in, WorldJointsWrite & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_repeated(in, wire, message.velocities)) return false;
      break;
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const WorldJointsWrite & message, std::string & out) {
  if (!message.velocities.empty()) put_packed(out, 1, message.velocities);
}

bool decode(const uint8_t * data, size_t size, WorldJointsWrite & out) {
  out = WorldJointsWrite{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- WorldJointsOp

namespace {

void clear_op(WorldJointsOp & message) {
  message.open.reset();
  message.read.reset();
  message.write.reset();
}

bool merge(Reader & in, WorldJointsOp & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.claim)) return false;
      break;
    case 2: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.open) {
        clear_op(message);
        message.open.emplace();
      }
      if (!merge(inner, *message.open)) return false;
      break;
    }
    case 3:
      clear_op(message);
      if (!read_field(in, wire, message.read.emplace())) return false;
      break;
    case 4: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.write) {
        clear_op(message);
        message.write.emplace();
      }
      if (!merge(inner, *message.write)) return false;
      break;
    }
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const WorldJointsOp & message, std::string & out) {
  if (message.claim != 0) put_field(out, 1, message.claim);
  if (message.open) put_message(out, 2, *message.open);
  if (message.read) put_field(out, 3, *message.read);
  if (message.write) put_message(out, 4, *message.write);
}

bool decode(const uint8_t * data, size_t size, WorldJointsOp & out) {
  out = WorldJointsOp{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- ToSimulation

namespace {

void clear_message(ToSimulation & message) {
  message.hello.reset();
  message.create.reset();
  message.destroy.reset();
  message.publish.reset();
  message.send_request.reset();
  message.send_response.reset();
  message.timer.reset();
  message.trigger.reset();
  message.log.reset();
  message.graph.reset();
  message.get_interface.reset();
  message.job.reset();
  message.wait.reset();
  message.done.reset();
  message.exit.reset();
  message.context.reset();
  message.spin.reset();
  message.js_timer.reset();
  message.js_timer_op.reset();
  message.parameter.reset();
  message.forget_request.reset();
  message.await_event.reset();
  message.entity.reset();
  message.action.reset();
  message.next_goal_id.reset();
  message.logger.reset();
  message.hold.reset();
  message.assertion.reset();
  message.turn.reset();
  message.bag.reset();
  message.world_joints.reset();
}

bool merge(Reader & in, ToSimulation & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.ask)) return false;
      break;
    case 2: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.hello) {
        clear_message(message);
        message.hello.emplace();
      }
      if (!merge(inner, *message.hello)) return false;
      break;
    }
    case 3: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.create) {
        clear_message(message);
        message.create.emplace();
      }
      if (!merge(inner, *message.create)) return false;
      break;
    }
    case 4: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.destroy) {
        clear_message(message);
        message.destroy.emplace();
      }
      if (!merge(inner, *message.destroy)) return false;
      break;
    }
    case 5: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.publish) {
        clear_message(message);
        message.publish.emplace();
      }
      if (!merge(inner, *message.publish)) return false;
      break;
    }
    case 6: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.send_request) {
        clear_message(message);
        message.send_request.emplace();
      }
      if (!merge(inner, *message.send_request)) return false;
      break;
    }
    case 7: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.send_response) {
        clear_message(message);
        message.send_response.emplace();
      }
      if (!merge(inner, *message.send_response)) return false;
      break;
    }
    case 8: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.timer) {
        clear_message(message);
        message.timer.emplace();
      }
      if (!merge(inner, *message.timer)) return false;
      break;
    }
    case 9: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.trigger) {
        clear_message(message);
        message.trigger.emplace();
      }
      if (!merge(inner, *message.trigger)) return false;
      break;
    }
    case 10: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.log) {
        clear_message(message);
        message.log.emplace();
      }
      if (!merge(inner, *message.log)) return false;
      break;
    }
    case 11: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.graph) {
        clear_message(message);
        message.graph.emplace();
      }
      if (!merge(inner, *message.graph)) return false;
      break;
    }
    case 12: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.get_interface) {
        clear_message(message);
        message.get_interface.emplace();
      }
      if (!merge(inner, *message.get_interface)) return false;
      break;
    }
    case 13: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.job) {
        clear_message(message);
        message.job.emplace();
      }
      if (!merge(inner, *message.job)) return false;
      break;
    }
    case 14: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.wait) {
        clear_message(message);
        message.wait.emplace();
      }
      if (!merge(inner, *message.wait)) return false;
      break;
    }
    case 15: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.done) {
        clear_message(message);
        message.done.emplace();
      }
      if (!merge(inner, *message.done)) return false;
      break;
    }
    case 16: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.exit) {
        clear_message(message);
        message.exit.emplace();
      }
      if (!merge(inner, *message.exit)) return false;
      break;
    }
    case 17: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.context) {
        clear_message(message);
        message.context.emplace();
      }
      if (!merge(inner, *message.context)) return false;
      break;
    }
    case 18: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.spin) {
        clear_message(message);
        message.spin.emplace();
      }
      if (!merge(inner, *message.spin)) return false;
      break;
    }
    case 19: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.js_timer) {
        clear_message(message);
        message.js_timer.emplace();
      }
      if (!merge(inner, *message.js_timer)) return false;
      break;
    }
    case 20: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.js_timer_op) {
        clear_message(message);
        message.js_timer_op.emplace();
      }
      if (!merge(inner, *message.js_timer_op)) return false;
      break;
    }
    case 21: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.parameter) {
        clear_message(message);
        message.parameter.emplace();
      }
      if (!merge(inner, *message.parameter)) return false;
      break;
    }
    case 22: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.forget_request) {
        clear_message(message);
        message.forget_request.emplace();
      }
      if (!merge(inner, *message.forget_request)) return false;
      break;
    }
    case 23: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.await_event) {
        clear_message(message);
        message.await_event.emplace();
      }
      if (!merge(inner, *message.await_event)) return false;
      break;
    }
    case 24: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.entity) {
        clear_message(message);
        message.entity.emplace();
      }
      if (!merge(inner, *message.entity)) return false;
      break;
    }
    case 25: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.action) {
        clear_message(message);
        message.action.emplace();
      }
      if (!merge(inner, *message.action)) return false;
      break;
    }
    case 26: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.next_goal_id) {
        clear_message(message);
        message.next_goal_id.emplace();
      }
      if (!merge(inner, *message.next_goal_id)) return false;
      break;
    }
    case 27: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.logger) {
        clear_message(message);
        message.logger.emplace();
      }
      if (!merge(inner, *message.logger)) return false;
      break;
    }
    case 28: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.hold) {
        clear_message(message);
        message.hold.emplace();
      }
      if (!merge(inner, *message.hold)) return false;
      break;
    }
    case 29: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.assertion) {
        clear_message(message);
        message.assertion.emplace();
      }
      if (!merge(inner, *message.assertion)) return false;
      break;
    }
    case 30: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.turn) {
        clear_message(message);
        message.turn.emplace();
      }
      if (!merge(inner, *message.turn)) return false;
      break;
    }
    case 31: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.bag) {
        clear_message(message);
        message.bag.emplace();
      }
      if (!merge(inner, *message.bag)) return false;
      break;
    }
    case 32: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.world_joints) {
        clear_message(message);
        message.world_joints.emplace();
      }
      if (!merge(inner, *message.world_joints)) return false;
      break;
    }
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const ToSimulation & message, std::string & out) {
  if (message.ask != 0) put_field(out, 1, message.ask);
  if (message.hello) put_message(out, 2, *message.hello);
  if (message.create) put_message(out, 3, *message.create);
  if (message.destroy) put_message(out, 4, *message.destroy);
  if (message.publish) put_message(out, 5, *message.publish);
  if (message.send_request) put_message(out, 6, *message.send_request);
  if (message.send_response) put_message(out, 7, *message.send_response);
  if (message.timer) put_message(out, 8, *message.timer);
  if (message.trigger) put_message(out, 9, *message.trigger);
  if (message.log) put_message(out, 10, *message.log);
  if (message.graph) put_message(out, 11, *message.graph);
  if (message.get_interface) put_message(out, 12, *message.get_interface);
  if (message.job) put_message(out, 13, *message.job);
  if (message.wait) put_message(out, 14, *message.wait);
  if (message.done) put_message(out, 15, *message.done);
  if (message.exit) put_message(out, 16, *message.exit);
  if (message.context) put_message(out, 17, *message.context);
  if (message.spin) put_message(out, 18, *message.spin);
  if (message.js_timer) put_message(out, 19, *message.js_timer);
  if (message.js_timer_op) put_message(out, 20, *message.js_timer_op);
  if (message.parameter) put_message(out, 21, *message.parameter);
  if (message.forget_request) put_message(out, 22, *message.forget_request);
  if (message.await_event) put_message(out, 23, *message.await_event);
  if (message.entity) put_message(out, 24, *message.entity);
  if (message.action) put_message(out, 25, *message.action);
  if (message.next_goal_id) put_message(out, 26, *message.next_goal_id);
  if (message.logger) put_message(out, 27, *message.logger);
  if (message.hold) put_message(out, 28, *message.hold);
  if (message.assertion) put_message(out, 29, *message.assertion);
  if (message.turn) put_message(out, 30, *message.turn);
  if (message.bag) put_message(out, 31, *message.bag);
  if (message.world_joints) put_message(out, 32, *message.world_joints);
}

bool decode(const uint8_t * data, size_t size, ToSimulation & out) {
  out = ToSimulation{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- ToClient

namespace {

void clear_message(ToClient & message) {
  message.welcome.reset();
  message.created.reset();
  message.answer.reset();
  message.failed.reset();
  message.run.reset();
  message.resume.reset();
  message.shutdown.reset();
}

bool merge(Reader & in, ToClient & message) {
  while (in.at != in.end) {
    uint32_t number;
    uint32_t wire;
    if (!read_tag(in, number, wire)) return false;
    switch (number) {
    case 1:
      if (!read_field(in, wire, message.answers)) return false;
      break;
    case 2: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.welcome) {
        clear_message(message);
        message.welcome.emplace();
      }
      if (!merge(inner, *message.welcome)) return false;
      break;
    }
    case 3: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.created) {
        clear_message(message);
        message.created.emplace();
      }
      if (!merge(inner, *message.created)) return false;
      break;
    }
    case 4: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.answer) {
        clear_message(message);
        message.answer.emplace();
      }
      if (!merge(inner, *message.answer)) return false;
      break;
    }
    case 5: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.failed) {
        clear_message(message);
        message.failed.emplace();
      }
      if (!merge(inner, *message.failed)) return false;
      break;
    }
    case 6: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.run) {
        clear_message(message);
        message.run.emplace();
      }
      if (!merge(inner, *message.run)) return false;
      break;
    }
    case 7: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.resume) {
        clear_message(message);
        message.resume.emplace();
      }
      if (!merge(inner, *message.resume)) return false;
      break;
    }
    case 8: {
      Reader inner;
      if (wire != LEN || !read_nested(in, inner)) return false;
      if (!message.shutdown) {
        clear_message(message);
        message.shutdown.emplace();
      }
      if (!merge(inner, *message.shutdown)) return false;
      break;
    }
    default:
      if (!skip(in, wire)) return false;
    }
  }
  return true;
}

}  // namespace

void encode(const ToClient & message, std::string & out) {
  if (message.answers != 0) put_field(out, 1, message.answers);
  if (message.welcome) put_message(out, 2, *message.welcome);
  if (message.created) put_message(out, 3, *message.created);
  if (message.answer) put_message(out, 4, *message.answer);
  if (message.failed) put_message(out, 5, *message.failed);
  if (message.run) put_message(out, 6, *message.run);
  if (message.resume) put_message(out, 7, *message.resume);
  if (message.shutdown) put_message(out, 8, *message.shutdown);
}

bool decode(const uint8_t * data, size_t size, ToClient & out) {
  out = ToClient{};
  Reader in{data, data + size};
  return merge(in, out);
}

// ---------------------------------------------------------------- the fixed layout (scripts/fixedLayout.mjs)

namespace {

void append_fixed_frame(const Publish & message, std::string & out) {
  const size_t size = 14 + message.cdr.size();
  put_varint(out, size);
  const size_t at = out.size();
  out.resize(at + size);
  char * p = &out[at];
  p[0] = 0;
  p[1] = 5;
  put_fixed<uint64_t>(p + 2, static_cast<uint64_t>(message.publisher));
  put_fixed<uint32_t>(p + 10, static_cast<uint32_t>(message.cdr.size()));
  size_t tail = 14;
  std::memcpy(p + tail, message.cdr.data(), message.cdr.size());
  tail += message.cdr.size();
}

void append_fixed_frame(const Done & message, std::string & out) {
  const size_t size = 61 + message.error.size() + message.result.size() + message.input_error.size() + message.failed_label.size();
  put_varint(out, size);
  const size_t at = out.size();
  out.resize(at + size);
  char * p = &out[at];
  p[0] = 0;
  p[1] = 15;
  put_fixed<uint64_t>(p + 2, static_cast<uint64_t>(message.run));
  put_fixed<uint32_t>(p + 10, static_cast<uint32_t>(message.error.size()));
  p[14] = message.pending ? 1 : 0;
  p[15] = message.load_failed ? 1 : 0;
  put_fixed<uint32_t>(p + 16, static_cast<uint32_t>(message.result.size()));
  p[20] = message.wrote_output ? 1 : 0;
  put_fixed<uint32_t>(p + 21, static_cast<uint32_t>(message.input_error.size()));
  put_fixed<int32_t>(p + 25, static_cast<int32_t>(message.failed_kind));
  put_fixed<uint64_t>(p + 29, static_cast<uint64_t>(message.failed_entity));
  put_fixed<int64_t>(p + 37, static_cast<int64_t>(message.failed_at_ns));
  put_fixed<uint32_t>(p + 45, static_cast<uint32_t>(message.failed_label.size()));
  p[49] = message.exit_code_set ? 1 : 0;
  put_fixed<int64_t>(p + 50, static_cast<int64_t>(message.exit_code));
  p[58] = message.failed ? 1 : 0;
  p[59] = message.more_tasks ? 1 : 0;
  p[60] = message.woke ? 1 : 0;
  size_t tail = 61;
  std::memcpy(p + tail, message.error.data(), message.error.size());
  tail += message.error.size();
  std::memcpy(p + tail, message.result.data(), message.result.size());
  tail += message.result.size();
  std::memcpy(p + tail, message.input_error.data(), message.input_error.size());
  tail += message.input_error.size();
  std::memcpy(p + tail, message.failed_label.data(), message.failed_label.size());
  tail += message.failed_label.size();
}

bool read_fixed(const uint8_t * data, size_t size, Run & message) {
  if (size < 115) return false;
  size_t tail = 115;
  uint32_t length;
  message.run = static_cast<decltype(message.run)>(get_fixed<uint64_t>(data + 2));
  message.thread = static_cast<decltype(message.thread)>(get_fixed<uint32_t>(data + 10));
  message.kind = static_cast<decltype(message.kind)>(get_fixed<int32_t>(data + 14));
  message.entity = static_cast<decltype(message.entity)>(get_fixed<uint64_t>(data + 18));
  message.now_ns = static_cast<decltype(message.now_ns)>(get_fixed<int64_t>(data + 26));
  length = get_fixed<uint32_t>(data + 34);
  if (length > size - tail) return false;
  message.input.assign(reinterpret_cast<const char *>(data + tail), length);
  tail += length;
  message.source_timestamp_ns = static_cast<decltype(message.source_timestamp_ns)>(get_fixed<int64_t>(data + 38));
  message.received_timestamp_ns = static_cast<decltype(message.received_timestamp_ns)>(get_fixed<int64_t>(data + 46));
  length = get_fixed<uint32_t>(data + 54);
  if (length > size - tail) return false;
  message.publisher_gid.assign(reinterpret_cast<const char *>(data + tail), length);
  tail += length;
  message.request = static_cast<decltype(message.request)>(get_fixed<uint64_t>(data + 58));
  message.sequence = static_cast<decltype(message.sequence)>(get_fixed<int64_t>(data + 66));
  message.expected_call_ns = static_cast<decltype(message.expected_call_ns)>(get_fixed<int64_t>(data + 74));
  message.publication_sequence = static_cast<decltype(message.publication_sequence)>(get_fixed<int64_t>(data + 82));
  message.reception_sequence = static_cast<decltype(message.reception_sequence)>(get_fixed<int64_t>(data + 90));
  message.timed_out = data[98] != 0;
  message.parameter_hook = static_cast<decltype(message.parameter_hook)>(get_fixed<int32_t>(data + 99));
  message.read_polls = static_cast<decltype(message.read_polls)>(get_fixed<uint32_t>(data + 103));
  message.execution_ns = static_cast<decltype(message.execution_ns)>(get_fixed<int64_t>(data + 107));
  return tail == size;
}

}  // namespace

bool append_fixed_frame(const ToSimulation & message, std::string & out) {
  if (message.ask != 0) return false;
  if (message.publish) {
    append_fixed_frame(*message.publish, out);
    return true;
  }
  if (message.done) {
    append_fixed_frame(*message.done, out);
    return true;
  }
  return false;
}

bool decode_fixed(const uint8_t * data, size_t size, ToClient & out) {
  out = ToClient{};
  if (size < 2 || data[0] != 0) return false;
  switch (data[1]) {
    case 6:
      return read_fixed(data, size, out.run.emplace());
    default:
      return false;
  }
}

}  // namespace rclsim::node
