// An rclcpp listener: logs each message with the delay it took (its source stamp to now).
#include <functional>
#include <memory>

#include "rclcpp/rclcpp.hpp"
#include "std_msgs/msg/string.hpp"

class Listener : public rclcpp::Node
{
public:
  Listener()
  : Node("listener")
  {
    subscription_ = create_subscription<std_msgs::msg::String>(
      "chatter", 10, std::bind(&Listener::on_message, this, std::placeholders::_1, std::placeholders::_2));
  }

private:
  void on_message(const std_msgs::msg::String::ConstSharedPtr & msg, const rclcpp::MessageInfo & info) const
  {
    const auto & rmw = info.get_rmw_message_info();
    double delay_ms = static_cast<double>(rmw.received_timestamp - rmw.source_timestamp) / 1e6;
    RCLCPP_INFO(get_logger(), "I heard: '%s' (%.0f ms after it was sent)", msg->data.c_str(), delay_ms);
  }

  rclcpp::Subscription<std_msgs::msg::String>::SharedPtr subscription_;
};

int main(int argc, char * argv[])
{
  rclcpp::init(argc, argv);
  rclcpp::spin(std::make_shared<Listener>());
  rclcpp::shutdown();
  return 0;
}
