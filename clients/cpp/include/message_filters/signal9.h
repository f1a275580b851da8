// message_filters' Signal9 (Jazzy's message_filters/signal9.h): the callbacks of a synchronizer
// of up to nine inputs. A callback of fewer parameters is padded with NullType ones; any other
// callable (a std::bind) is called with all nine, as upstream.
#ifndef MESSAGE_FILTERS__SIGNAL9_H_
#define MESSAGE_FILTERS__SIGNAL9_H_

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

#include "message_filters/connection.h"
#include "message_filters/message_event.h"
#include "message_filters/null_types.h"
#include "message_filters/parameter_adapter.h"

namespace message_filters
{

template<typename M0, typename M1, typename M2, typename M3, typename M4, typename M5, typename M6,
  typename M7, typename M8>
class CallbackHelper9
{
public:
  typedef MessageEvent<M0 const> M0Event;
  typedef MessageEvent<M1 const> M1Event;
  typedef MessageEvent<M2 const> M2Event;
  typedef MessageEvent<M3 const> M3Event;
  typedef MessageEvent<M4 const> M4Event;
  typedef MessageEvent<M5 const> M5Event;
  typedef MessageEvent<M6 const> M6Event;
  typedef MessageEvent<M7 const> M7Event;
  typedef MessageEvent<M8 const> M8Event;

  virtual ~CallbackHelper9() {}
  virtual void call(
    bool nonconst_force_copy, const M0Event & e0, const M1Event & e1, const M2Event & e2,
    const M3Event & e3, const M4Event & e4, const M5Event & e5, const M6Event & e6,
    const M7Event & e7, const M8Event & e8) = 0;
  typedef std::shared_ptr<CallbackHelper9> Ptr;
};

template<typename P0, typename P1, typename P2, typename P3, typename P4, typename P5, typename P6,
  typename P7, typename P8>
class CallbackHelper9T
  : public CallbackHelper9<typename ParameterAdapter<P0>::Message, typename ParameterAdapter<P1>::Message,
    typename ParameterAdapter<P2>::Message, typename ParameterAdapter<P3>::Message,
    typename ParameterAdapter<P4>::Message, typename ParameterAdapter<P5>::Message,
    typename ParameterAdapter<P6>::Message, typename ParameterAdapter<P7>::Message,
    typename ParameterAdapter<P8>::Message>
{
  typedef ParameterAdapter<P0> A0;
  typedef ParameterAdapter<P1> A1;
  typedef ParameterAdapter<P2> A2;
  typedef ParameterAdapter<P3> A3;
  typedef ParameterAdapter<P4> A4;
  typedef ParameterAdapter<P5> A5;
  typedef ParameterAdapter<P6> A6;
  typedef ParameterAdapter<P7> A7;
  typedef ParameterAdapter<P8> A8;

public:
  typedef std::function<void (typename A0::Parameter, typename A1::Parameter, typename A2::Parameter,
    typename A3::Parameter, typename A4::Parameter, typename A5::Parameter, typename A6::Parameter,
    typename A7::Parameter, typename A8::Parameter)> Callback;

  CallbackHelper9T(const Callback & cb)  // NOLINT(runtime/explicit): as upstream
  : callback_(cb) {}

  // As upstream, each parameter comes from the event as given (no copies made for sharing).
  void call(
    bool, const typename A0::Event & e0, const typename A1::Event & e1, const typename A2::Event & e2,
    const typename A3::Event & e3, const typename A4::Event & e4, const typename A5::Event & e5,
    const typename A6::Event & e6, const typename A7::Event & e7, const typename A8::Event & e8) override
  {
    callback_(
      A0::getParameter(e0), A1::getParameter(e1), A2::getParameter(e2), A3::getParameter(e3),
      A4::getParameter(e4), A5::getParameter(e5), A6::getParameter(e6), A7::getParameter(e7),
      A8::getParameter(e8));
  }

private:
  Callback callback_;
};

namespace detail
{
// std::function<void(P..., NullP, …)> of nine parameters.
template<typename NullP, std::size_t Missing, typename ... P>
struct PaddedFunction
{
  typedef typename PaddedFunction<NullP, Missing - 1, P..., NullP>::type type;
};

template<typename NullP, typename ... P>
struct PaddedFunction<NullP, 0, P...>
{
  typedef std::function<void (P...)> type;
};

// Calls `f` with the first N of `args`.
template<typename F, typename Tuple, std::size_t ... I>
void callFirst(F & f, Tuple && args, std::index_sequence<I...>)
{
  f(std::get<I>(std::forward<Tuple>(args))...);
}
}  // namespace detail

template<typename M0, typename M1, typename M2, typename M3, typename M4, typename M5, typename M6,
  typename M7, typename M8>
class Signal9
{
  typedef std::shared_ptr<CallbackHelper9<M0, M1, M2, M3, M4, M5, M6, M7, M8>> CallbackHelper9Ptr;
  typedef std::vector<CallbackHelper9Ptr> V_CallbackHelper9;

public:
  typedef MessageEvent<M0 const> M0Event;
  typedef MessageEvent<M1 const> M1Event;
  typedef MessageEvent<M2 const> M2Event;
  typedef MessageEvent<M3 const> M3Event;
  typedef MessageEvent<M4 const> M4Event;
  typedef MessageEvent<M5 const> M5Event;
  typedef MessageEvent<M6 const> M6Event;
  typedef MessageEvent<M7 const> M7Event;
  typedef MessageEvent<M8 const> M8Event;
  typedef std::shared_ptr<M0 const> M0ConstPtr;
  typedef std::shared_ptr<M1 const> M1ConstPtr;
  typedef std::shared_ptr<M2 const> M2ConstPtr;
  typedef std::shared_ptr<M3 const> M3ConstPtr;
  typedef std::shared_ptr<M4 const> M4ConstPtr;
  typedef std::shared_ptr<M5 const> M5ConstPtr;
  typedef std::shared_ptr<M6 const> M6ConstPtr;
  typedef std::shared_ptr<M7 const> M7ConstPtr;
  typedef std::shared_ptr<M8 const> M8ConstPtr;
  typedef const std::shared_ptr<NullType const> & NullP;

  template<typename P0, typename P1, typename P2, typename P3, typename P4, typename P5, typename P6,
    typename P7, typename P8>
  Connection addCallback(const std::function<void(P0, P1, P2, P3, P4, P5, P6, P7, P8)> & callback)
  {
    CallbackHelper9Ptr helper =
      std::make_shared<CallbackHelper9T<P0, P1, P2, P3, P4, P5, P6, P7, P8>>(callback);
    std::lock_guard<std::mutex> lock(mutex_);
    callbacks_.push_back(helper);
    return Connection(std::bind(&Signal9::removeCallback, this, helper));
  }

  // A function of two to nine parameters.
  template<typename ... P>
  Connection addCallback(void (*callback)(P...))
  {
    return addCallback(padded<P...>([callback](P... args) {callback(std::forward<P>(args)...);}));
  }

  template<typename T, typename ... P>
  Connection addCallback(void (T::* callback)(P...), T * t)
  {
    return addCallback(padded<P...>([callback, t](P... args) {(t->*callback)(std::forward<P>(args)...);}));
  }

  template<typename C>
  Connection addCallback(C & callback)
  {
    using namespace std::placeholders;  // NOLINT(build/namespaces)
    return addCallback<const M0ConstPtr &, const M1ConstPtr &, const M2ConstPtr &, const M3ConstPtr &,
             const M4ConstPtr &, const M5ConstPtr &, const M6ConstPtr &, const M7ConstPtr &,
             const M8ConstPtr &>(std::bind(callback, _1, _2, _3, _4, _5, _6, _7, _8, _9));
  }

  void removeCallback(const CallbackHelper9Ptr & helper)
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = std::find(callbacks_.begin(), callbacks_.end(), helper);
    if (it != callbacks_.end()) {
      callbacks_.erase(it);
    }
  }

  void call(
    const M0Event & e0, const M1Event & e1, const M2Event & e2, const M3Event & e3, const M4Event & e4,
    const M5Event & e5, const M6Event & e6, const M7Event & e7, const M8Event & e8)
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const bool nonconst_force_copy = callbacks_.size() > 1;
    for (const CallbackHelper9Ptr & helper : callbacks_) {
      helper->call(nonconst_force_copy, e0, e1, e2, e3, e4, e5, e6, e7, e8);
    }
  }

private:
  // `call` (of P...) as a function of nine parameters, the last ones NullP and unused.
  template<typename ... P, typename F>
  typename detail::PaddedFunction<NullP, 9 - sizeof...(P), P...>::type padded(F call)
  {
    static_assert(sizeof...(P) >= 2 && sizeof...(P) <= 9, "a synchronizer's callback takes 2 to 9 messages");
    return [call](auto && ... args) mutable {
             detail::callFirst(
               call, std::forward_as_tuple(std::forward<decltype(args)>(args)...),
               std::make_index_sequence<sizeof...(P)>());
           };
  }

  std::mutex mutex_;
  V_CallbackHelper9 callbacks_;
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__SIGNAL9_H_
