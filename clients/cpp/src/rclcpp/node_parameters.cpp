// rclcpp's rules, from rclcpp/src/rclcpp/node_interfaces/node_parameters.cpp (Jazzy): the checks
// of a descriptor (__check_parameters, __check_parameter_value_in_range), the callbacks' order
// (the last added runs first), declaring (declare_parameter_helper), setting atomically with
// implicit declaration and undeclaration, the parameter events, and each exception's words.
#include "rclcpp/node_interfaces/node_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "rcl_interfaces/srv/list_parameters.hpp"
#include "rcl_interfaces/srv/set_parameters.hpp"
#include "rclcpp/exceptions.hpp"
#include "rclcpp/logging.hpp"
#include "rclcpp/parameter_service.hpp"
#include "rclsim/bad_input.hpp"
#include "rclsim/bad_overrides.hpp"
#include "rclsim/entity.hpp"
#include "rclsim/json.hpp"
#include "rclsim/port.hpp"

namespace rclcpp
{
namespace node_interfaces
{
namespace
{

using rcl_interfaces::msg::ParameterDescriptor;
using rcl_interfaces::msg::SetParametersResult;

/// rclcpp's ParameterMutationRecursionGuard: no change of the parameters from a set callback.
class MutationGuard
{
public:
  explicit MutationGuard(bool & allowed) : allowed_(allowed)
  {
    if (!allowed_) {
      throw rclcpp::exceptions::ParameterModifiedInCallbackException(
        "cannot set or declare a parameter, or change the callback from within set callback");
    }
    allowed_ = false;
  }
  ~MutationGuard() {allowed_ = true;}

private:
  bool & allowed_;
};

bool doubles_equal(double x, double y, double ulp = 100.0)
{
  return std::abs(x - y) <= std::numeric_limits<double>::epsilon() * std::abs(x + y) * ulp;
}

std::string range_reason(const std::string & name, const char * range_type)
{
  return "Parameter {" + name + "} doesn't comply with " + range_type + " range.";
}

SetParametersResult ok()
{
  SetParametersResult result;
  result.successful = true;
  return result;
}

SetParametersResult refused(const std::string & reason)
{
  SetParametersResult result;
  result.successful = false;
  result.reason = reason;
  return result;
}

SetParametersResult check_in_range(const ParameterDescriptor & descriptor, const rclcpp::ParameterValue & value)
{
  if (!descriptor.integer_range.empty() && value.get_type() == rclcpp::PARAMETER_INTEGER) {
    int64_t v = value.get<int64_t>();
    const auto & range = descriptor.integer_range.at(0);
    if (v == range.from_value || v == range.to_value) {
      return ok();
    }
    if (v < range.from_value || v > range.to_value) {
      return refused(range_reason(descriptor.name, "integer"));
    }
    if (range.step == 0 || (v - range.from_value) % static_cast<int64_t>(range.step) == 0) {
      return ok();
    }
    return refused(range_reason(descriptor.name, "integer"));
  }
  if (!descriptor.floating_point_range.empty() && value.get_type() == rclcpp::PARAMETER_DOUBLE) {
    double v = value.get<double>();
    const auto & range = descriptor.floating_point_range.at(0);
    if (doubles_equal(v, range.from_value) || doubles_equal(v, range.to_value)) {
      return ok();
    }
    if (v < range.from_value || v > range.to_value) {
      return refused(range_reason(descriptor.name, "floating point"));
    }
    if (range.step == 0.0) {
      return ok();
    }
    double rounded_div = std::round((v - range.from_value) / range.step);
    if (doubles_equal(v, range.from_value + rounded_div * range.step)) {
      return ok();
    }
    return refused(range_reason(descriptor.name, "floating point"));
  }
  return ok();
}

// A condition of declare() depends on this reason starting with "Wrong parameter type", as rclcpp's.
std::string type_reason(const std::string & name, const std::string & old_type, const std::string & new_type)
{
  return "Wrong parameter type, parameter {" + name + "} is of type {" + old_type + "}, setting it to {" + new_type + "} is not allowed.";
}

SetParametersResult check_parameters(std::map<std::string, ParameterInfo> & infos, const std::vector<rclcpp::Parameter> & parameters,
  bool allow_undeclared)
{
  SetParametersResult result = ok();
  for (const rclcpp::Parameter & parameter : parameters) {
    const std::string & name = parameter.get_name();
    ParameterDescriptor descriptor;
    if (allow_undeclared) {
      auto it = infos.find(name);
      if (it != infos.end()) {
        descriptor = it->second.descriptor;
      } else {
        // Implicitly declared parameters are dynamically typed.
        descriptor.dynamic_typing = true;
      }
    } else {
      descriptor = infos[name].descriptor;
    }
    if (descriptor.name.empty()) {
      descriptor.name = name;
    }
    auto new_type = parameter.get_type();
    auto specified_type = static_cast<rclcpp::ParameterType>(descriptor.type);
    if (!descriptor.dynamic_typing && specified_type != new_type) {
      return refused(type_reason(name, rclcpp::to_string(specified_type), rclcpp::to_string(new_type)));
    }
    result = check_in_range(descriptor, parameter.get_parameter_value());
    if (!result.successful) {
      return result;
    }
  }
  return result;
}

template<typename Container, typename Call>
void each_callback(Container & container, Call call)
{
  for (auto it = container.begin(); it != container.end(); ) {
    if (auto handle = it->lock()) {
      call(*handle);
      ++it;
    } else {
      it = container.erase(it);
    }
  }
}

SetParametersResult call_on_set(const std::vector<rclcpp::Parameter> & parameters, NodeParameters::OnSetCallbacksHandleContainer & container)
{
  SetParametersResult result = ok();
  for (auto it = container.begin(); it != container.end(); ) {
    if (auto handle = it->lock()) {
      result = handle->callback(parameters);
      if (!result.successful) {
        return result;
      }
      ++it;
    } else {
      it = container.erase(it);
    }
  }
  return result;
}

SetParametersResult set_atomically_common(const std::vector<rclcpp::Parameter> & parameters, std::map<std::string, ParameterInfo> & infos,
  NodeParameters::OnSetCallbacksHandleContainer & on_set, NodeParameters::PostSetCallbacksHandleContainer & post_set,
  bool allow_undeclared = false)
{
  SetParametersResult result = check_parameters(infos, parameters, allow_undeclared);
  if (!result.successful) {
    return result;
  }
  result = call_on_set(parameters, on_set);
  if (!result.successful) {
    return result;
  }
  for (const auto & parameter : parameters) {
    ParameterInfo & info = infos[parameter.get_name()];
    info.descriptor.name = parameter.get_name();
    info.descriptor.type = parameter.get_type();
    info.value = parameter.get_parameter_value();
  }
  each_callback(post_set, [&](auto & handle) {handle.callback(parameters);});
  return result;
}

SetParametersResult declare_common(const std::string & name, const rclcpp::ParameterValue & default_value, const ParameterDescriptor & descriptor,
  std::map<std::string, ParameterInfo> & parameters_out, const std::map<std::string, rclcpp::ParameterValue> & overrides,
  NodeParameters::OnSetCallbacksHandleContainer & on_set, NodeParameters::PostSetCallbacksHandleContainer & post_set,
  rcl_interfaces::msg::ParameterEvent * event_out, bool ignore_override)
{
  std::map<std::string, ParameterInfo> infos{{name, ParameterInfo()}};
  infos.at(name).descriptor = descriptor;
  const rclcpp::ParameterValue * initial_value = &default_value;
  auto override_it = overrides.find(name);
  if (!ignore_override && override_it != overrides.end()) {
    initial_value = &override_it->second;
  }
  if (initial_value->get_type() == rclcpp::PARAMETER_NOT_SET) {
    // Declared without a value.
    infos[name].descriptor.name = name;
    infos[name].descriptor.type = descriptor.dynamic_typing ? static_cast<uint8_t>(rclcpp::PARAMETER_NOT_SET) : descriptor.type;
    parameters_out[name] = infos.at(name);
    return ok();
  }
  std::vector<rclcpp::Parameter> wrappers{rclcpp::Parameter(name, *initial_value)};
  SetParametersResult result = set_atomically_common(wrappers, infos, on_set, post_set);
  if (!result.successful) {
    return result;
  }
  parameters_out[name] = infos.at(name);
  if (event_out) {
    event_out->new_parameters.push_back(wrappers[0].to_parameter_msg());
  }
  return result;
}

}  // namespace

NodeParameters::NodeParameters(const std::shared_ptr<NodeBase> & node_base, rclcpp::Clock::SharedPtr clock, const NodeParametersOptions & options)
: node_base_(node_base), clock_(std::move(clock)), allow_undeclared_(options.allow_undeclared_parameters)
{
  // rclcpp's order: the services, the events publisher, the overrides, the declarations from them.
  if (options.start_parameter_services) {
    parameter_service_ = std::make_shared<ParameterService>(node_base_.get(), this);
  }
  if (options.start_parameter_event_publisher) {
    events_publisher_ = std::make_shared<rclcpp::Publisher<rcl_interfaces::msg::ParameterEvent>>(node_base_.get(), "/parameter_events",
        options.parameter_event_qos, rclcpp::PublisherOptionsWithAllocator<std::allocator<void>>());
  }
  // rclcpp::detail::resolve_parameter_overrides: rcl's (global, then the node's own), then NodeOptions'.
  const uint64_t node = node_base_->rclsim_id();
  rclsim::node::Answer answer =
    rclsim::rcl_call([node] {return rclsim::port::parameter_op_read(node, rclsim::node::ParameterRead_What::OVERRIDES, {});});
  rcl_interfaces::srv::SetParameters::Request given;
  rclsim::from_cdr(answer.cdr, given);
  rclsim::json::Value parsed = rclsim::json::parse(answer.json.empty() ? "[]" : answer.json);
  const auto & sources = parsed.as_array();
  for (size_t i = 0; i < given.parameters.size(); ++i) {
    rclcpp::Parameter parameter(given.parameters[i]);
    parameter_overrides_[parameter.get_name()] = parameter.get_parameter_value();
    if (i < sources.size()) {
      override_sources_[parameter.get_name()] = sources[i].as_string();
    }
  }
  for (const auto & parameter : options.parameter_overrides) {
    // The program's own override is no input of the run: rclcpp's error alone, if it does not fit.
    parameter_overrides_[parameter.get_name()] = parameter.get_parameter_value();
    override_sources_.erase(parameter.get_name());
  }
  if (options.automatically_declare_parameters_from_overrides) {
    perform_automatically_declare_parameters_from_overrides();
  }
}

NodeParameters::~NodeParameters() = default;

void NodeParameters::perform_automatically_declare_parameters_from_overrides()
{
  ParameterDescriptor descriptor;
  descriptor.dynamic_typing = true;
  for (const auto & entry : parameter_overrides_) {
    if (!has_parameter(entry.first)) {
      declare_parameter(entry.first, entry.second, descriptor, true);
    }
  }
}

void NodeParameters::publish(rcl_interfaces::msg::ParameterEvent & event)
{
  if (events_publisher_) {
    event.node = node_base_->get_fully_qualified_name();
    event.stamp = clock_->now();
    events_publisher_->publish(event);
  }
}

std::string NodeParameters::refused_override(const std::string & name, const ParameterDescriptor & declared) const
{
  auto source = override_sources_.find(name);
  if (source == override_sources_.end()) {
    return "";
  }
  const rclcpp::ParameterValue & value = parameter_overrides_.at(name);
  ParameterDescriptor descriptor = declared;
  descriptor.name = name;
  std::map<std::string, ParameterInfo> infos{{name, ParameterInfo{rclcpp::ParameterValue(), descriptor}}};
  if (check_parameters(infos, {rclcpp::Parameter(name, value)}, false).successful) {
    // Refused by a callback of the program, not for its type or range: no bad input.
    return "";
  }
  return rclsim::bad_overrides::refused(name, value, descriptor, source->second, node_base_->get_fully_qualified_name());
}

const rclcpp::ParameterValue & NodeParameters::declare(const std::string & name, rclcpp::ParameterType type,
  const rclcpp::ParameterValue & default_value, ParameterDescriptor descriptor, bool ignore_override)
{
  // declare_parameter_helper.
  if (name.empty()) {
    throw rclcpp::exceptions::InvalidParametersException("parameter name must not be empty");
  }
  if (parameters_.count(name) > 0) {
    throw rclcpp::exceptions::ParameterAlreadyDeclaredException("parameter '" + name + "' has already been declared");
  }
  if (!descriptor.dynamic_typing) {
    if (type == rclcpp::PARAMETER_NOT_SET) {
      type = default_value.get_type();
    }
    if (type == rclcpp::PARAMETER_NOT_SET) {
      throw rclcpp::exceptions::InvalidParameterTypeException(name, "cannot declare a statically typed parameter with an uninitialized value");
    }
    descriptor.type = static_cast<uint8_t>(type);
  }
  rcl_interfaces::msg::ParameterEvent event;
  SetParametersResult result = declare_common(name, default_value, descriptor, parameters_, parameter_overrides_,
      on_set_parameters_callback_container_, post_set_parameters_callback_container_, &event, ignore_override);
  if (!result.successful) {
    std::string bad_input = ignore_override ? "" : refused_override(name, descriptor);
    constexpr const char type_error_start[] = "Wrong parameter type";
    if (std::strncmp(result.reason.c_str(), type_error_start, sizeof(type_error_start) - 1) == 0) {
      rclcpp::exceptions::InvalidParameterTypeException error(name, result.reason);
      if (!bad_input.empty()) {
        throw rclsim::bad_input::Marked<rclcpp::exceptions::InvalidParameterTypeException>(error, bad_input);
      }
      throw error;
    }
    rclcpp::exceptions::InvalidParameterValueException error("parameter '" + name + "' could not be set: " + result.reason);
    if (!bad_input.empty()) {
      throw rclsim::bad_input::Marked<rclcpp::exceptions::InvalidParameterValueException>(error, bad_input);
    }
    throw error;
  }
  publish(event);
  return parameters_.at(name).value;
}

const rclcpp::ParameterValue & NodeParameters::declare_parameter(const std::string & name, const rclcpp::ParameterValue & default_value,
  const ParameterDescriptor & parameter_descriptor, bool ignore_override)
{
  MutationGuard guard(parameter_modification_enabled_);
  return declare(name, rclcpp::PARAMETER_NOT_SET, default_value, parameter_descriptor, ignore_override);
}

const rclcpp::ParameterValue & NodeParameters::declare_parameter(const std::string & name, rclcpp::ParameterType type,
  const ParameterDescriptor & parameter_descriptor, bool ignore_override)
{
  MutationGuard guard(parameter_modification_enabled_);
  if (type == rclcpp::PARAMETER_NOT_SET) {
    throw std::invalid_argument{"declare_parameter(): the provided parameter type cannot be rclcpp::PARAMETER_NOT_SET"};
  }
  if (parameter_descriptor.dynamic_typing) {
    throw std::invalid_argument{
            "declare_parameter(): cannot declare parameter of specific type and pass descriptor"
            "with `dynamic_typing=true`"};
  }
  return declare(name, type, rclcpp::ParameterValue{}, parameter_descriptor, ignore_override);
}

void NodeParameters::undeclare_parameter(const std::string & name)
{
  MutationGuard guard(parameter_modification_enabled_);
  auto info = parameters_.find(name);
  if (info == parameters_.end()) {
    throw rclcpp::exceptions::ParameterNotDeclaredException("cannot undeclare parameter '" + name + "' which has not yet been declared");
  }
  if (info->second.descriptor.read_only) {
    throw rclcpp::exceptions::ParameterImmutableException("cannot undeclare parameter '" + name + "' because it is read-only");
  }
  if (!info->second.descriptor.dynamic_typing) {
    throw rclcpp::exceptions::InvalidParameterTypeException{name, "cannot undeclare a statically typed parameter"};
  }
  parameters_.erase(info);
}

bool NodeParameters::has_parameter(const std::string & name) const {return parameters_.count(name) > 0;}

std::vector<SetParametersResult> NodeParameters::set_parameters(const std::vector<rclcpp::Parameter> & parameters)
{
  std::vector<SetParametersResult> results;
  for (const auto & parameter : parameters) {
    results.push_back(set_parameters_atomically({parameter}));
  }
  return results;
}

SetParametersResult NodeParameters::set_parameters_atomically(const std::vector<rclcpp::Parameter> & given)
{
  MutationGuard guard(parameter_modification_enabled_);
  std::vector<rclcpp::Parameter> parameters(given);
  each_callback(pre_set_parameters_callback_container_, [&](auto & handle) {handle.callback(parameters);});
  if (parameters.empty()) {
    return refused("parameter list cannot be empty, this might be due to pre_set_parameters_callback modifying the original parameters list.");
  }
  // Read-only or undeclared ones; those to declare implicitly when undeclared ones are allowed.
  std::vector<const rclcpp::Parameter *> to_declare;
  for (const auto & parameter : parameters) {
    const std::string & name = parameter.get_name();
    if (name.empty()) {
      throw rclcpp::exceptions::InvalidParametersException("parameter name must not be empty");
    }
    auto info = parameters_.find(name);
    if (info == parameters_.end()) {
      if (allow_undeclared_) {
        to_declare.push_back(&parameter);
        continue;
      }
      throw rclcpp::exceptions::ParameterNotDeclaredException("parameter '" + name + "' cannot be set because it was not declared");
    }
    if (info->second.descriptor.read_only) {
      return refused("parameter '" + name + "' cannot be set because it is read-only");
    }
  }
  // Declared into a staging area first, without the callbacks, which run once below for all.
  std::map<std::string, ParameterInfo> staged;
  rcl_interfaces::msg::ParameterEvent event;
  OnSetCallbacksHandleContainer no_on_set;
  PostSetCallbacksHandleContainer no_post_set;
  ParameterDescriptor dynamic;
  dynamic.dynamic_typing = true;
  SetParametersResult result;
  for (const rclcpp::Parameter * parameter : to_declare) {
    result = declare_common(parameter->get_name(), parameter->get_parameter_value(), dynamic, staged, parameter_overrides_, no_on_set,
        no_post_set, &event, true);
    if (!result.successful) {
      return result;
    }
  }
  std::vector<rclcpp::Parameter> to_set = parameters;
  for (const auto & change : staged) {
    for (auto & parameter : to_set) {
      if (parameter.get_name() == change.first) {
        parameter = rclcpp::Parameter(change.first, change.second.value);
      }
    }
  }
  // Those set to PARAMETER_NOT_SET are undeclared, unless statically typed.
  std::vector<std::string> to_undeclare;
  for (const auto & parameter : to_set) {
    if (parameter.get_type() != rclcpp::PARAMETER_NOT_SET) {
      continue;
    }
    auto it = parameters_.find(parameter.get_name());
    if (it != parameters_.end() && it->second.value.get_type() != rclcpp::PARAMETER_NOT_SET) {
      if (!it->second.descriptor.dynamic_typing) {
        return refused("cannot undeclare a statically typed parameter");
      }
      to_undeclare.push_back(parameter.get_name());
    }
  }
  result = set_atomically_common(to_set, parameters_, on_set_parameters_callback_container_, post_set_parameters_callback_container_,
      allow_undeclared_);
  if (!result.successful) {
    return result;
  }
  for (const auto & change : staged) {
    parameters_[change.first] = change.second;
  }
  for (const auto & name : to_undeclare) {
    auto it = parameters_.find(name);
    if (it != parameters_.end()) {
      event.deleted_parameters.push_back(rclcpp::Parameter(it->first, it->second.value).to_parameter_msg());
      parameters_.erase(it);
    }
  }
  for (const auto & parameter : to_set) {
    const std::string & name = parameter.get_name();
    if (staged.count(name) > 0 || std::find(to_undeclare.begin(), to_undeclare.end(), name) != to_undeclare.end()) {
      continue;
    }
    event.changed_parameters.push_back(parameter.to_parameter_msg());
  }
  publish(event);
  return result;
}

std::vector<rclcpp::Parameter> NodeParameters::get_parameters(const std::vector<std::string> & names) const
{
  std::vector<rclcpp::Parameter> results;
  for (const auto & name : names) {
    results.push_back(get_parameter(name));
  }
  return results;
}

rclcpp::Parameter NodeParameters::get_parameter(const std::string & name) const
{
  auto it = parameters_.find(name);
  if (it != parameters_.end()) {
    if (it->second.value.get_type() != rclcpp::PARAMETER_NOT_SET || it->second.descriptor.dynamic_typing) {
      return rclcpp::Parameter{name, it->second.value};
    }
    throw rclcpp::exceptions::ParameterUninitializedException(name);
  }
  if (allow_undeclared_) {
    return rclcpp::Parameter{name};
  }
  throw rclcpp::exceptions::ParameterNotDeclaredException(name);
}

bool NodeParameters::get_parameter(const std::string & name, rclcpp::Parameter & parameter) const
{
  auto it = parameters_.find(name);
  if (it != parameters_.end() && it->second.value.get_type() != rclcpp::PARAMETER_NOT_SET) {
    parameter = {name, it->second.value};
    return true;
  }
  return false;
}

bool NodeParameters::get_parameters_by_prefix(const std::string & prefix, std::map<std::string, rclcpp::Parameter> & parameters) const
{
  std::string prefix_with_dot = prefix.empty() ? prefix : prefix + ".";
  bool found = false;
  for (const auto & entry : parameters_) {
    if (entry.first.find(prefix_with_dot) == 0 && entry.first.length() > prefix_with_dot.length()) {
      parameters[entry.first.substr(prefix_with_dot.length())] = rclcpp::Parameter(entry.first, entry.second.value);
      found = true;
    }
  }
  return found;
}

std::vector<ParameterDescriptor> NodeParameters::describe_parameters(const std::vector<std::string> & names) const
{
  std::vector<ParameterDescriptor> results;
  for (const auto & name : names) {
    auto it = parameters_.find(name);
    if (it != parameters_.end()) {
      results.push_back(it->second.descriptor);
    } else if (allow_undeclared_) {
      ParameterDescriptor described;
      described.name = name;
      results.push_back(described);
    } else {
      throw rclcpp::exceptions::ParameterNotDeclaredException(name);
    }
  }
  return results;
}

std::vector<uint8_t> NodeParameters::get_parameter_types(const std::vector<std::string> & names) const
{
  std::vector<uint8_t> results;
  for (const auto & name : names) {
    auto it = parameters_.find(name);
    if (it != parameters_.end()) {
      results.push_back(it->second.value.get_type());
    } else if (allow_undeclared_) {
      results.push_back(rcl_interfaces::msg::ParameterType::PARAMETER_NOT_SET);
    } else {
      throw rclcpp::exceptions::ParameterNotDeclaredException(name);
    }
  }
  return results;
}

rcl_interfaces::msg::ListParametersResult NodeParameters::list_parameters(const std::vector<std::string> & prefixes, uint64_t depth) const
{
  rcl_interfaces::msg::ListParametersResult result;
  const char separator = '.';
  auto separators_less_than_depth = [&](const std::string & text) {
      return static_cast<uint64_t>(std::count(text.begin(), text.end(), separator)) < depth;
    };
  bool recursive = prefixes.empty() && depth == rcl_interfaces::srv::ListParameters::Request::DEPTH_RECURSIVE;
  for (const auto & entry : parameters_) {
    const std::string & name = entry.first;
    if (!recursive) {
      bool get_all = prefixes.empty() && separators_less_than_depth(name);
      if (!get_all) {
        bool matches = std::any_of(prefixes.begin(), prefixes.end(), [&](const std::string & prefix) {
              if (name == prefix) {
                return true;
              }
              if (name.find(prefix + separator) == 0) {
                return depth == rcl_interfaces::srv::ListParameters::Request::DEPTH_RECURSIVE ||
                       separators_less_than_depth(name.substr(prefix.length() + 1));
              }
              return false;
            });
        if (!matches) {
          continue;
        }
      }
    }
    result.names.push_back(name);
    size_t last = name.find_last_of(separator);
    if (last != std::string::npos) {
      std::string prefix = name.substr(0, last);
      if (std::find(result.prefixes.begin(), result.prefixes.end(), prefix) == result.prefixes.end()) {
        result.prefixes.push_back(prefix);
      }
    }
  }
  return result;
}

// The last callback added runs first, as rclcpp's emplace_front.
PreSetParametersCallbackHandle::SharedPtr NodeParameters::add_pre_set_parameters_callback(PreSetParametersCallbackType callback)
{
  MutationGuard guard(parameter_modification_enabled_);
  auto handle = std::make_shared<PreSetParametersCallbackHandle>();
  handle->callback = std::move(callback);
  pre_set_parameters_callback_container_.emplace_front(handle);
  return handle;
}

OnSetParametersCallbackHandle::SharedPtr NodeParameters::add_on_set_parameters_callback(OnSetParametersCallbackType callback)
{
  MutationGuard guard(parameter_modification_enabled_);
  auto handle = std::make_shared<OnSetParametersCallbackHandle>();
  handle->callback = std::move(callback);
  on_set_parameters_callback_container_.emplace_front(handle);
  return handle;
}

PostSetParametersCallbackHandle::SharedPtr NodeParameters::add_post_set_parameters_callback(PostSetParametersCallbackType callback)
{
  MutationGuard guard(parameter_modification_enabled_);
  auto handle = std::make_shared<PostSetParametersCallbackHandle>();
  handle->callback = std::move(callback);
  post_set_parameters_callback_container_.emplace_front(handle);
  return handle;
}

namespace
{
template<typename Container, typename Handle>
void remove_callback(Container & container, const Handle * handle, const char * missing)
{
  auto it = std::find_if(container.begin(), container.end(), [handle](const auto & weak) {return weak.lock().get() == handle;});
  if (it == container.end()) {
    throw std::runtime_error(missing);
  }
  container.erase(it);
}
}  // namespace

void NodeParameters::remove_pre_set_parameters_callback(const PreSetParametersCallbackHandle * const handler)
{
  MutationGuard guard(parameter_modification_enabled_);
  remove_callback(pre_set_parameters_callback_container_, handler, "Pre set parameter callback doesn't exist");
}

void NodeParameters::remove_on_set_parameters_callback(const OnSetParametersCallbackHandle * const handler)
{
  MutationGuard guard(parameter_modification_enabled_);
  remove_callback(on_set_parameters_callback_container_, handler, "On set parameter callback doesn't exist");
}

void NodeParameters::remove_post_set_parameters_callback(const PostSetParametersCallbackHandle * const handler)
{
  MutationGuard guard(parameter_modification_enabled_);
  remove_callback(post_set_parameters_callback_container_, handler, "Post set parameter callback doesn't exist");
}

void NodeParameters::rclsim_declare_use_sim_time(const rclcpp::Logger & logger)
{
  // rclcpp's TimeSource::NodeState::attachNode: declared unless already (from the overrides).
  rclcpp::ParameterValue use_sim_time = has_parameter("use_sim_time") ? get_parameter("use_sim_time").get_parameter_value()
                                                                      : declare_parameter("use_sim_time", rclcpp::ParameterValue(false), ParameterDescriptor(), false);
  if (use_sim_time.get_type() != rclcpp::PARAMETER_BOOL) {
    RCLCPP_ERROR(logger, "Invalid type '%s' for parameter 'use_sim_time', should be 'bool'",
      rclcpp::to_string(use_sim_time.get_type()).c_str());
  }
}

void NodeParameters::rclsim_declare_parameter_events_qos(const rclcpp::QoS & qos)
{
  // rclcpp::detail::declare_qos_parameters for the publisher of /parameter_events: depth,
  // durability, history, reliability, each read-only, declared unless already.
  const rmw_qos_profile_t & profile = qos.get_rmw_qos_profile();
  const std::string prefix = "qos_overrides./parameter_events.publisher.";
  const std::string suffix = "} for publisher {/parameter_events}";
  auto durability = profile.durability == RMW_QOS_POLICY_DURABILITY_TRANSIENT_LOCAL ? "transient_local" : "volatile";
  auto history = profile.history == RMW_QOS_POLICY_HISTORY_KEEP_ALL ? "keep_all" : "keep_last";
  auto reliability = profile.reliability == RMW_QOS_POLICY_RELIABILITY_BEST_EFFORT ? "best_effort" : "reliable";
  const std::pair<const char *, rclcpp::ParameterValue> policies[] = {
    {"depth", rclcpp::ParameterValue(static_cast<int64_t>(profile.depth))},
    {"durability", rclcpp::ParameterValue(durability)},
    {"history", rclcpp::ParameterValue(history)},
    {"reliability", rclcpp::ParameterValue(reliability)},
  };
  for (const auto & policy : policies) {
    rcl_interfaces::msg::ParameterDescriptor descriptor;
    descriptor.description = std::string("qos policy {") + policy.first + suffix;
    descriptor.read_only = true;
    if (!has_parameter(prefix + policy.first)) {
      declare_parameter(prefix + policy.first, policy.second, descriptor, false);
    }
  }
}

}  // namespace node_interfaces
}  // namespace rclcpp
