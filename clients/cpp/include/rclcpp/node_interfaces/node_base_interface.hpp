// rclcpp::node_interfaces::NodeBaseInterface (rclcpp/node_interfaces/node_base_interface.hpp):
// what executors and components hold of a node (Node and LifecycleNode alike).
#ifndef RCLCPP__NODE_INTERFACES__NODE_BASE_INTERFACE_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_BASE_INTERFACE_HPP_

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>  // as upstream's: diagnostic_updater relies on it
#include <string>
#include <vector>

#include "rclcpp/callback_group.hpp"
#include "rclcpp/context.hpp"
#include "rclcpp/macros.hpp"

namespace rclcpp
{
namespace node_interfaces
{

class NodeBaseInterface
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(NodeBaseInterface)
  virtual ~NodeBaseInterface() = default;
  virtual const char * get_name() const = 0;
  virtual const char * get_namespace() const = 0;
  virtual const char * get_fully_qualified_name() const = 0;
  virtual rclcpp::Context::SharedPtr get_context() = 0;
  virtual rclcpp::CallbackGroup::SharedPtr create_callback_group(
    rclcpp::CallbackGroupType group_type, bool automatically_add_to_executor_with_node = true) = 0;
  virtual rclcpp::CallbackGroup::SharedPtr get_default_callback_group() = 0;
  virtual bool callback_group_in_node(rclcpp::CallbackGroup::SharedPtr group) = 0;
  virtual std::atomic_bool & get_associated_with_executor_atomic() = 0;
  virtual bool get_use_intra_process_default() const = 0;
  virtual bool get_enable_topic_statistics_default() const = 0;
  virtual std::string resolve_topic_or_service_name(const std::string & name, bool is_service, bool only_expand = false) const = 0;
  /// The simulation's id of the node (the node protocol's Created.id).
  virtual uint64_t rclsim_id() const = 0;
  /// The node protocol's callback group number of a group of this node (its default one: 0).
  virtual uint64_t rclsim_group(const rclcpp::CallbackGroup::SharedPtr & group) const = 0;
};

/// A node as the simulation made it: its id, names, logger name and callback groups.
class NodeBase : public NodeBaseInterface, public std::enable_shared_from_this<NodeBase>
{
public:
  NodeBase(const std::string & node_name, const std::string & namespace_, rclcpp::Context::SharedPtr context,
    const std::vector<std::string> & arguments, bool use_global_arguments, bool enable_rosout, bool use_intra_process_default,
    bool enable_topic_statistics_default, bool enable_logger_service = false);
  ~NodeBase() override;
  const char * get_name() const override {return name_.c_str();}
  const char * get_namespace() const override {return namespace_.c_str();}
  const char * get_fully_qualified_name() const override {return fully_qualified_name_.c_str();}
  rclcpp::Context::SharedPtr get_context() override {return context_;}
  rclcpp::CallbackGroup::SharedPtr create_callback_group(rclcpp::CallbackGroupType group_type, bool automatically_add_to_executor_with_node = true) override;
  rclcpp::CallbackGroup::SharedPtr get_default_callback_group() override {return default_group_;}
  bool callback_group_in_node(rclcpp::CallbackGroup::SharedPtr group) override;
  std::atomic_bool & get_associated_with_executor_atomic() override {return associated_;}
  bool get_use_intra_process_default() const override {return use_intra_process_default_;}
  bool get_enable_topic_statistics_default() const override {return enable_topic_statistics_default_;}
  std::string resolve_topic_or_service_name(const std::string & name, bool is_service, bool only_expand = false) const override;
  uint64_t rclsim_id() const override {return id_;}
  uint64_t rclsim_group(const rclcpp::CallbackGroup::SharedPtr & group) const override;
  const std::string & logger_name() const {return logger_name_;}
  /// The node's parameter overrides from the job (rcl_interfaces/msg/Parameter CDR), in rcl's order.
  const std::vector<std::string> & rclsim_overrides() const {return overrides_;}

private:
  rclcpp::Context::SharedPtr context_;
  uint64_t id_ = 0;
  std::string name_;
  std::string namespace_;
  std::string fully_qualified_name_;
  std::string logger_name_;
  std::vector<std::string> overrides_;
  rclcpp::CallbackGroup::SharedPtr default_group_;
  std::vector<std::weak_ptr<rclcpp::CallbackGroup>> groups_;
  std::atomic_bool associated_{false};
  bool use_intra_process_default_;
  bool enable_topic_statistics_default_;
};

}  // namespace node_interfaces
}  // namespace rclcpp

#endif  // RCLCPP__NODE_INTERFACES__NODE_BASE_INTERFACE_HPP_
