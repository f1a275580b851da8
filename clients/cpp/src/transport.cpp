// The node port's carrier (rclsim/transport.hpp): the socket at fd 3, or rclsim's host.
#include "rclsim/transport.hpp"

#include <dlfcn.h>
#include <signal.h>
#include <unistd.h>

#include "rclsim/inprocess_host.h"

namespace rclsim::transport
{
namespace
{

constexpr int SOCKET_FD = 3;

const rclsim_host * host = nullptr;

node::FrameReader & socket_reader()
{
  static node::FrameReader the_reader(SOCKET_FD);
  return the_reader;
}

}  // namespace

bool find_host()
{
  // Only rclsim's process has the entry (its addon is loaded for all to see).
  auto entry = reinterpret_cast<rclsim_inprocess_host_fn>(::dlsym(RTLD_DEFAULT, RCLSIM_INPROCESS_HOST));
  host = entry == nullptr ? nullptr : entry();
  return host != nullptr;
}

bool in_process() {return host != nullptr;}

int write_all(const std::string & frames)
{
  if (host == nullptr) {
    return node::write_all(SOCKET_FD, frames);
  }
  host->send(host->channel, frames.data(), frames.size());
  return 0;
}

node::FrameStatus read(std::string_view & body, std::string & error)
{
  if (host == nullptr) {
    node::FrameStatus status = socket_reader().read(body);
    if (status == node::FrameStatus::broken) {
      error = socket_reader().error();
    }
    return status;
  }
  const char * data = nullptr;
  const size_t size = host->receive(host->channel, &data);
  body = std::string_view(data, size);
  return node::FrameStatus::frame;
}

void set_polls(uint32_t polls)
{
  if (host == nullptr) {
    socket_reader().set_polls(polls);
  }
}

void adopt_thread()
{
  if (host != nullptr) {
    host->adopt_thread(host->channel);
  }
}

bool on_fiber() {return host != nullptr && host->on_fiber(host->channel) != 0;}

void suspend() {host->suspend(host->channel);}

void resume() {host->resume(host->channel);}

void end(int code)
{
  if (host != nullptr) {
    host->park(host->channel, 0);
  }
  ::_exit(code);
}

void die(int signal)
{
  if (host != nullptr) {
    host->park(host->channel, signal);
  }
  ::signal(signal, SIG_DFL);
  ::raise(signal);
  ::_exit(128 + signal);
}

}  // namespace rclsim::transport
