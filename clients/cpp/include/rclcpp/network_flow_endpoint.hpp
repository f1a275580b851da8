// rclcpp::NetworkFlowEndpoint (rclcpp/network_flow_endpoint.hpp): a transport address a DDS
// publisher or subscription uses. The simulation's endpoints have none: get_network_flow_endpoints
// fails as it does under an rmw without them (Fast DDS, Jazzy's default).
#ifndef RCLCPP__NETWORK_FLOW_ENDPOINT_HPP_
#define RCLCPP__NETWORK_FLOW_ENDPOINT_HPP_

#include <cstdint>
#include <ostream>
#include <string>

namespace rclcpp
{

class NetworkFlowEndpoint
{
public:
  const std::string & transport_protocol() const {return transport_protocol_;}
  const std::string & internet_protocol() const {return internet_protocol_;}
  uint16_t transport_port() const {return transport_port_;}
  uint32_t flow_label() const {return flow_label_;}
  uint8_t dscp() const {return dscp_;}
  const std::string & internet_address() const {return internet_address_;}

private:
  std::string transport_protocol_;
  std::string internet_protocol_;
  uint16_t transport_port_ = 0;
  uint32_t flow_label_ = 0;
  uint8_t dscp_ = 0;
  std::string internet_address_;
};

/// Equal when every field is, as rclcpp's.
inline bool operator==(const NetworkFlowEndpoint & left, const NetworkFlowEndpoint & right)
{
  return left.transport_protocol() == right.transport_protocol() && left.internet_protocol() == right.internet_protocol() &&
         left.transport_port() == right.transport_port() && left.flow_label() == right.flow_label() && left.dscp() == right.dscp() &&
         left.internet_address() == right.internet_address();
}

inline bool operator!=(const NetworkFlowEndpoint & left, const NetworkFlowEndpoint & right) {return !(left == right);}

/// rclcpp's format: each field named, as the examples print them.
inline std::ostream & operator<<(std::ostream & os, const NetworkFlowEndpoint & endpoint)
{
  os << "{" << "\"transportProtocol\": \"" << endpoint.transport_protocol() << "\", " << "\"internetProtocol\": \"" <<
    endpoint.internet_protocol() << "\", " << "\"transportPort\": \"" << endpoint.transport_port() << "\", " << "\"flowLabel\": \"" <<
    std::to_string(endpoint.flow_label()) << "\", " << "\"dscp\": \"" << std::to_string(endpoint.dscp()) << "\", " <<
    "\"internetAddress\": \"" << endpoint.internet_address() << "\"" << "}";
  return os;
}

}  // namespace rclcpp

#endif  // RCLCPP__NETWORK_FLOW_ENDPOINT_HPP_
