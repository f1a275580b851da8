// message_filters' PassThrough (Jazzy's message_filters/pass_through.h): passes each message of
// its input (or given to add) on unchanged.
#ifndef MESSAGE_FILTERS__PASS_THROUGH_H_
#define MESSAGE_FILTERS__PASS_THROUGH_H_

#include <functional>
#include <memory>

#include "message_filters/simple_filter.h"

namespace message_filters
{

template<typename M>
class PassThrough : public SimpleFilter<M>
{
public:
  typedef std::shared_ptr<M const> MConstPtr;
  typedef MessageEvent<M const> EventType;

  PassThrough() {}

  template<typename F>
  PassThrough(F & f)  // NOLINT(runtime/explicit): as upstream
  {
    connectInput(f);
  }

  template<class F>
  void connectInput(F & f)
  {
    incoming_connection_.disconnect();
    incoming_connection_ = f.registerCallback(
      typename SimpleFilter<M>::EventCallback(std::bind(&PassThrough::cb, this, std::placeholders::_1)));
  }

  void add(const MConstPtr & msg) {add(EventType(msg));}
  void add(const EventType & evt) {this->signalMessage(evt);}

private:
  void cb(const EventType & evt) {add(evt);}

  Connection incoming_connection_;
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__PASS_THROUGH_H_
