// rslcpp's synthetic determinism benchmark (docs/design.md#conformance) as rclcpp nodes: NodeA,
// NodeB, NodeC, NodeD and the Monitor. With no argument the program makes all five and spins
// them with one executor (cpp.yaml); with a node's name, that node alone, so that each runs in a
// process of its own (cpp-separate.yaml). Each callback folds its id, the sim time and its input
// into its node's state; the final states and their combined hash are the job's results.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rclcpp/rclcpp.hpp"
#include "rclsim/rclsim.hpp"
#include "std_msgs/msg/u_int64.hpp"
#include "std_srvs/srv/trigger.hpp"

using namespace std::chrono_literals;
using std_msgs::msg::UInt64;
using std_srvs::srv::Trigger;

namespace
{

uint64_t splitmix64(uint64_t x)
{
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

uint64_t hc(uint64_t h1, uint64_t h2)
{
  const uint64_t k = 0x9DDFEA08EB382D69ULL;
  uint64_t a = (h1 ^ h2) * k;
  a ^= a >> 47;
  uint64_t b = (h2 ^ a) * k;
  b ^= b >> 47;
  return splitmix64(b * k);
}

class BenchmarkNode : public rclcpp::Node
{
public:
  BenchmarkNode(const std::string & name, uint64_t state)
  : Node(name), state_(state)
  {
    // Its final state is a result of the run.
    rclsim::on_end([this] {rclsim::set_result(get_name(), state_);});
  }

protected:
  uint64_t ns() {return static_cast<uint64_t>(now().nanoseconds());}
  void timer_update(uint64_t callback_id) {state_ = hc(hc(state_, callback_id), ns());}
  void message_update(uint64_t callback_id, uint64_t data) {state_ = hc(hc(hc(state_, callback_id), ns()), data);}
  UInt64 state_message() const
  {
    UInt64 message;
    message.data = state_;
    return message;
  }

  uint64_t state_;
};

class NodeA : public BenchmarkNode
{
public:
  NodeA()
  : BenchmarkNode("NodeA", 55272744)
  {
    t1_ = create_publisher<UInt64>("t1", 1);
    t2_ = create_publisher<UInt64>("t2", 1);
    timer1_ = create_timer(100ms, [this] {timer_update(11162456753ULL); t1_->publish(state_message());});
    timer2_ = create_timer(50ms, [this] {timer_update(11151784617ULL); t2_->publish(state_message());});
    t5_ = create_subscription<UInt64>("t5", 1, [this](const UInt64 & msg) {message_update(22255799981ULL, msg.data);});
  }

private:
  rclcpp::Publisher<UInt64>::SharedPtr t1_, t2_;
  rclcpp::TimerBase::SharedPtr timer1_, timer2_;
  rclcpp::Subscription<UInt64>::SharedPtr t5_;
};

class NodeB : public BenchmarkNode
{
public:
  NodeB()
  : BenchmarkNode("NodeB", 34983402)
  {
    t3_ = create_publisher<UInt64>("t3", 1);
    t5_ = create_publisher<UInt64>("t5", 1);
    t2_ = create_subscription<UInt64>("t2", 1, [this](const UInt64 & msg) {
        message_update(22229447589ULL, msg.data);
        t3_->publish(state_message());
      });
    timer_ = create_timer(40ms, [this] {timer_update(11111071799ULL); t5_->publish(state_message());});
  }

private:
  rclcpp::Publisher<UInt64>::SharedPtr t3_, t5_;
  rclcpp::Subscription<UInt64>::SharedPtr t2_;
  rclcpp::TimerBase::SharedPtr timer_;
};

class NodeC : public BenchmarkNode
{
public:
  NodeC()
  : BenchmarkNode("NodeC", 87997653)
  {
    t4_ = create_publisher<UInt64>("t4", 1);
    s1_ = create_client<Trigger>("s1");
    t1_ = create_subscription<UInt64>("t1", 1, [this](const UInt64 & msg) {
        message_update(22295316797ULL, msg.data);
        s1_->async_send_request(std::make_shared<Trigger::Request>(), [this](rclcpp::Client<Trigger>::SharedFuture future) {
          message_update(44442759714ULL, std::stoull(future.get()->message));
        });
      });
    t3_ = create_subscription<UInt64>("t3", 1, [this](const UInt64 & msg) {
        message_update(22227118361ULL, msg.data);
        t4_->publish(state_message());
      });
  }

private:
  rclcpp::Publisher<UInt64>::SharedPtr t4_;
  rclcpp::Client<Trigger>::SharedPtr s1_;
  rclcpp::Subscription<UInt64>::SharedPtr t1_, t3_;
};

class NodeD : public BenchmarkNode
{
public:
  NodeD()
  : BenchmarkNode("NodeD", 11380831)
  {
    t5_ = create_publisher<UInt64>("t5", 1);
    t4_ = create_subscription<UInt64>("t4", 1, [this](const UInt64 & msg) {
        message_update(2227672095ULL, msg.data);
        t5_->publish(state_message());
      });
    s1_ = create_service<Trigger>("s1", [this](const std::shared_ptr<Trigger::Request>, std::shared_ptr<Trigger::Response> response) {
        timer_update(33396054244ULL);
        response->success = true;
        response->message = std::to_string(state_);
      });
  }

private:
  rclcpp::Publisher<UInt64>::SharedPtr t5_;
  rclcpp::Subscription<UInt64>::SharedPtr t4_;
  rclcpp::Service<Trigger>::SharedPtr s1_;
};

/// Finishes the job timeout_s seconds of sim time after its timer first fired, and combines the
/// four states once the run ended (its end hook comes after the nodes': it is made last).
class Monitor : public rclcpp::Node
{
public:
  Monitor()
  : Node("Monitor")
  {
    timeout_ns_ = static_cast<int64_t>(declare_parameter("timeout_s", 100.0) * 1e9);
    timer_ = create_timer(1s, [this] {
        int64_t at = now().nanoseconds();
        if (start_ < 0) {
          start_ = at;
        }
        if (at - start_ >= timeout_ns_) {
          rclsim::finish(0);
        }
      });
    rclsim::on_end([] {
      uint64_t combined = 505510631;
      for (const char * name : {"NodeA", "NodeB", "NodeC", "NodeD"}) {
        std::string json = rclsim::get_result_json(name);
        // {"$bigint":"<decimal>"} or a plain number.
        size_t digits = json.find_first_of("0123456789");
        combined = hc(combined, std::stoull(json.substr(digits)));
      }
      rclsim::set_result("combined", combined);
    });
  }

private:
  int64_t timeout_ns_;
  int64_t start_ = -1;
  rclcpp::TimerBase::SharedPtr timer_;
};

std::shared_ptr<rclcpp::Node> make(const std::string & name)
{
  if (name == "NodeA") {return std::make_shared<NodeA>();}
  if (name == "NodeB") {return std::make_shared<NodeB>();}
  if (name == "NodeC") {return std::make_shared<NodeC>();}
  if (name == "NodeD") {return std::make_shared<NodeD>();}
  if (name == "Monitor") {return std::make_shared<Monitor>();}
  throw std::invalid_argument("no node " + name + " in the benchmark (NodeA, NodeB, NodeC, NodeD, Monitor)");
}

}  // namespace

int main(int argc, char * argv[])
{
  std::vector<std::string> args = rclcpp::init_and_remove_ros_arguments(argc, argv);
  std::vector<std::string> names(args.begin() + 1, args.end());
  if (names.empty()) {
    names = {"NodeA", "NodeB", "NodeC", "NodeD", "Monitor"};
  }
  std::vector<std::shared_ptr<rclcpp::Node>> nodes;
  rclcpp::executors::SingleThreadedExecutor executor;
  for (const auto & name : names) {
    nodes.push_back(make(name));
    executor.add_node(nodes.back());
  }
  executor.spin();
  rclcpp::shutdown();
  return 0;
}
