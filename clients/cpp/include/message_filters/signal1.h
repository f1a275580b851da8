// message_filters' Signal1 (Jazzy's message_filters/signal1.h): the callbacks of a one-input
// filter, called in the order they were added; with more than one, a callback taking a
// non-const message gets its own copy.
#ifndef MESSAGE_FILTERS__SIGNAL1_H_
#define MESSAGE_FILTERS__SIGNAL1_H_

#include <algorithm>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "message_filters/connection.h"
#include "message_filters/message_event.h"
#include "message_filters/parameter_adapter.h"

namespace message_filters
{

template<class M>
class CallbackHelper1
{
public:
  virtual ~CallbackHelper1() {}
  virtual void call(const MessageEvent<M const> & event, bool nonconst_need_copy) = 0;
  typedef std::shared_ptr<CallbackHelper1<M>> Ptr;
};

template<typename P, typename M>
class CallbackHelper1T : public CallbackHelper1<M>
{
public:
  typedef ParameterAdapter<P> Adapter;
  typedef std::function<void (typename Adapter::Parameter)> Callback;
  typedef typename Adapter::Event Event;

  CallbackHelper1T(const Callback & cb)  // NOLINT(runtime/explicit): as upstream
  : callback_(cb) {}

  void call(const MessageEvent<M const> & event, bool nonconst_force_copy) override
  {
    Event my_event(event, nonconst_force_copy || event.nonConstWillCopy());
    callback_(Adapter::getParameter(my_event));
  }

private:
  Callback callback_;
};

template<class M>
class Signal1
{
  typedef std::shared_ptr<CallbackHelper1<M>> CallbackHelper1Ptr;
  typedef std::vector<CallbackHelper1Ptr> V_CallbackHelper1;

public:
  template<typename P>
  CallbackHelper1Ptr addCallback(const std::function<void(P)> & callback)
  {
    CallbackHelper1Ptr helper = std::make_shared<CallbackHelper1T<P, M>>(callback);
    std::lock_guard<std::mutex> lock(mutex_);
    callbacks_.push_back(helper);
    return helper;
  }

  void removeCallback(const CallbackHelper1Ptr & helper)
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = std::find(callbacks_.begin(), callbacks_.end(), helper);
    if (it != callbacks_.end()) {
      callbacks_.erase(it);
    }
  }

  void call(const MessageEvent<M const> & event)
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const bool nonconst_force_copy = callbacks_.size() > 1;
    for (const CallbackHelper1Ptr & helper : callbacks_) {
      helper->call(event, nonconst_force_copy);
    }
  }

private:
  std::mutex mutex_;
  V_CallbackHelper1 callbacks_;
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__SIGNAL1_H_
