// rclcpp::node_interfaces::NodeGraphInterface (rclcpp/node_interfaces/node_graph_interface.hpp):
// what a node sees of the graph, answered by the simulation's graph; and rclcpp::TopicEndpointInfo.
#ifndef RCLCPP__NODE_INTERFACES__NODE_GRAPH_INTERFACE_HPP_
#define RCLCPP__NODE_INTERFACES__NODE_GRAPH_INTERFACE_HPP_

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "rclcpp/macros.hpp"
#include "rclcpp/node_interfaces/node_base_interface.hpp"
#include "rclcpp/qos.hpp"

namespace rclcpp
{

enum class EndpointType
{
  Invalid = 0,
  Publisher,
  Subscription
};

/// An endpoint of a topic: its node's name and namespace, its type and kind (rmw's gid, QoS and type hash are not kept).
class TopicEndpointInfo
{
public:
  TopicEndpointInfo(std::string node_name, std::string node_namespace, std::string topic_type, EndpointType endpoint_type,
    rclcpp::QoS qos_profile = rclcpp::QoS(10))
  : node_name_(std::move(node_name)), node_namespace_(std::move(node_namespace)), topic_type_(std::move(topic_type)),
    endpoint_type_(endpoint_type), qos_profile_(std::move(qos_profile)) {}

  std::string & node_name() {return node_name_;}
  const std::string & node_name() const {return node_name_;}
  std::string & node_namespace() {return node_namespace_;}
  const std::string & node_namespace() const {return node_namespace_;}
  std::string & topic_type() {return topic_type_;}
  const std::string & topic_type() const {return topic_type_;}
  EndpointType & endpoint_type() {return endpoint_type_;}
  const EndpointType & endpoint_type() const {return endpoint_type_;}
  /// The endpoint's QoS as rmw reports it (a recorder subscribes with its publisher's).
  rclcpp::QoS & qos_profile() {return qos_profile_;}
  const rclcpp::QoS & qos_profile() const {return qos_profile_;}

private:
  std::string node_name_;
  std::string node_namespace_;
  std::string topic_type_;
  EndpointType endpoint_type_;
  rclcpp::QoS qos_profile_;
};

namespace node_interfaces
{

class NodeGraphInterface
{
public:
  RCLCPP_SMART_PTR_ALIASES_ONLY(NodeGraphInterface)
  virtual ~NodeGraphInterface() = default;
  virtual std::map<std::string, std::vector<std::string>> get_topic_names_and_types(bool no_demangle = false) const = 0;
  virtual std::map<std::string, std::vector<std::string>> get_service_names_and_types() const = 0;
  virtual std::map<std::string, std::vector<std::string>> get_service_names_and_types_by_node(
    const std::string & node_name, const std::string & namespace_) const = 0;
  virtual std::map<std::string, std::vector<std::string>> get_client_names_and_types_by_node(
    const std::string & node_name, const std::string & namespace_) const = 0;
  virtual std::map<std::string, std::vector<std::string>> get_publisher_names_and_types_by_node(
    const std::string & node_name, const std::string & namespace_, bool no_demangle = false) const = 0;
  virtual std::map<std::string, std::vector<std::string>> get_subscriber_names_and_types_by_node(
    const std::string & node_name, const std::string & namespace_, bool no_demangle = false) const = 0;
  virtual std::vector<std::string> get_node_names() const = 0;
  virtual std::vector<std::tuple<std::string, std::string, std::string>> get_node_names_with_enclaves() const = 0;
  virtual std::vector<std::pair<std::string, std::string>> get_node_names_and_namespaces() const = 0;
  virtual size_t count_publishers(const std::string & topic_name) const = 0;
  virtual size_t count_subscribers(const std::string & topic_name) const = 0;
  virtual size_t count_clients(const std::string & service_name) const = 0;
  virtual size_t count_services(const std::string & service_name) const = 0;
  virtual std::vector<rclcpp::TopicEndpointInfo> get_publishers_info_by_topic(const std::string & topic_name, bool no_mangle = false) const = 0;
  virtual std::vector<rclcpp::TopicEndpointInfo> get_subscriptions_info_by_topic(const std::string & topic_name, bool no_mangle = false) const = 0;
};

/// The graph as a node of the simulation asks it (the port's graph queries, by rclnodejs's method names).
class NodeGraph : public NodeGraphInterface
{
public:
  explicit NodeGraph(std::shared_ptr<NodeBaseInterface> base) : base_(std::move(base)) {}
  std::map<std::string, std::vector<std::string>> get_topic_names_and_types(bool no_demangle = false) const override;
  std::map<std::string, std::vector<std::string>> get_service_names_and_types() const override;
  std::map<std::string, std::vector<std::string>> get_service_names_and_types_by_node(
    const std::string & node_name, const std::string & namespace_) const override;
  std::map<std::string, std::vector<std::string>> get_client_names_and_types_by_node(
    const std::string & node_name, const std::string & namespace_) const override;
  std::map<std::string, std::vector<std::string>> get_publisher_names_and_types_by_node(
    const std::string & node_name, const std::string & namespace_, bool no_demangle = false) const override;
  std::map<std::string, std::vector<std::string>> get_subscriber_names_and_types_by_node(
    const std::string & node_name, const std::string & namespace_, bool no_demangle = false) const override;
  std::vector<std::string> get_node_names() const override;
  std::vector<std::tuple<std::string, std::string, std::string>> get_node_names_with_enclaves() const override;
  std::vector<std::pair<std::string, std::string>> get_node_names_and_namespaces() const override;
  size_t count_publishers(const std::string & topic_name) const override;
  size_t count_subscribers(const std::string & topic_name) const override;
  size_t count_clients(const std::string & service_name) const override;
  size_t count_services(const std::string & service_name) const override;
  std::vector<rclcpp::TopicEndpointInfo> get_publishers_info_by_topic(const std::string & topic_name, bool no_mangle = false) const override;
  std::vector<rclcpp::TopicEndpointInfo> get_subscriptions_info_by_topic(const std::string & topic_name, bool no_mangle = false) const override;

private:
  std::string query(const std::string & method, const std::vector<std::string> & arguments) const;
  std::map<std::string, std::vector<std::string>> by_node(
    const std::string & method, const std::string & error, const std::string & node_name, const std::string & namespace_) const;
  std::vector<rclcpp::TopicEndpointInfo> info_by_topic(const std::string & method, const std::string & topic_name, bool no_mangle) const;

  std::shared_ptr<NodeBaseInterface> base_;
};

}  // namespace node_interfaces
}  // namespace rclcpp

#endif  // RCLCPP__NODE_INTERFACES__NODE_GRAPH_INTERFACE_HPP_
