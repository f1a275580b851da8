// message_filters' Connection (Jazzy's message_filters/connection.h): what registerCallback
// returns; disconnect() removes the callback it stands for.
#ifndef MESSAGE_FILTERS__CONNECTION_H_
#define MESSAGE_FILTERS__CONNECTION_H_

#include <functional>
#include <memory>

namespace message_filters
{

// Filters hold signals and callbacks bound to `this`: a copy would call into the original.
class noncopyable
{
protected:
  noncopyable() {}
  ~noncopyable() {}
  noncopyable(const noncopyable &) = delete;
  noncopyable & operator=(const noncopyable &) = delete;
};

class Connection
{
public:
  using VoidDisconnectFunction = std::function<void (void)>;
  using WithConnectionDisconnectFunction = std::function<void (const Connection &)>;

  Connection() {}
  Connection(const VoidDisconnectFunction & func)  // NOLINT(runtime/explicit): as upstream
  : void_disconnect_(func) {}

  void disconnect()
  {
    if (void_disconnect_) {
      void_disconnect_();
    } else if (connection_disconnect_) {
      connection_disconnect_(*this);
    }
  }

private:
  VoidDisconnectFunction void_disconnect_;
  WithConnectionDisconnectFunction connection_disconnect_;
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__CONNECTION_H_
