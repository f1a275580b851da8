// The C++ child of `npm run bench cpp`: a program's process with the rclcpp client's port (its
// handshake before main, clients/cpp/src/port.cpp), whose runs of entity 3 each publish their
// input; the client answers with the Publish and the Done in one write, as a callback that publishes.
#include "rclsim/port.hpp"

int main()
{
  rclsim::port::on_run(3, [](const rclsim::node::Run & run) {rclsim::port::publish({1, run.input});}, 0);
  rclsim::port::serve_runs([] {return false;});
  return 0;
}
