// message_filters' Synchronizer (Jazzy's message_filters/synchronizer.h): up to nine inputs
// handed to a policy (sync_policies::ExactTime, ApproximateTime), which calls signal() with the
// sets it makes; PolicyBase gives a policy its types.
#ifndef MESSAGE_FILTERS__SYNCHRONIZER_H_
#define MESSAGE_FILTERS__SYNCHRONIZER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "message_filters/connection.h"
#include "message_filters/message_event.h"
#include "message_filters/null_types.h"
#include "message_filters/signal9.h"

namespace message_filters
{

template<class Policy>
class Synchronizer : public noncopyable, public Policy
{
public:
  typedef typename Policy::Messages Messages;
  typedef typename Policy::Events Events;
  typedef typename Policy::Signal Signal;
  typedef typename std::tuple_element<0, Messages>::type M0;
  typedef typename std::tuple_element<1, Messages>::type M1;
  typedef typename std::tuple_element<2, Messages>::type M2;
  typedef typename std::tuple_element<3, Messages>::type M3;
  typedef typename std::tuple_element<4, Messages>::type M4;
  typedef typename std::tuple_element<5, Messages>::type M5;
  typedef typename std::tuple_element<6, Messages>::type M6;
  typedef typename std::tuple_element<7, Messages>::type M7;
  typedef typename std::tuple_element<8, Messages>::type M8;
  typedef typename std::tuple_element<0, Events>::type M0Event;
  typedef typename std::tuple_element<1, Events>::type M1Event;
  typedef typename std::tuple_element<2, Events>::type M2Event;
  typedef typename std::tuple_element<3, Events>::type M3Event;
  typedef typename std::tuple_element<4, Events>::type M4Event;
  typedef typename std::tuple_element<5, Events>::type M5Event;
  typedef typename std::tuple_element<6, Events>::type M6Event;
  typedef typename std::tuple_element<7, Events>::type M7Event;
  typedef typename std::tuple_element<8, Events>::type M8Event;

  static const uint8_t MAX_MESSAGES = 9;

  template<class F0, class F1, class ... F>
  Synchronizer(F0 & f0, F1 & f1, F & ... f)
  {
    connectInput(f0, f1, f...);
    init();
  }

  Synchronizer() {init();}

  template<class F0, class F1, class ... F>
  Synchronizer(const Policy & policy, F0 & f0, F1 & f1, F & ... f)
  : Policy(policy)
  {
    connectInput(f0, f1, f...);
    init();
  }

  Synchronizer(const Policy & policy)  // NOLINT(runtime/explicit): as upstream
  : Policy(policy)
  {
    init();
  }

  ~Synchronizer() {disconnectAll();}

  void init() {Policy::initParent(this);}

  // Two to nine filters, in the order of the policy's messages.
  template<class ... F>
  void connectInput(F & ... f)
  {
    static_assert(sizeof...(F) >= 2 && sizeof...(F) <= MAX_MESSAGES, "a synchronizer has 2 to 9 inputs");
    disconnectAll();
    auto inputs = std::forward_as_tuple(f...);
    connectEach(inputs, std::make_index_sequence<sizeof...(F)>());
  }

  template<class C>
  Connection registerCallback(C & callback) {return signal_.addCallback(callback);}

  template<class C>
  Connection registerCallback(const C & callback) {return signal_.addCallback(callback);}

  template<class C, typename T>
  Connection registerCallback(const C & callback, T * t) {return signal_.addCallback(callback, t);}

  template<class C, typename T>
  Connection registerCallback(C & callback, T * t) {return signal_.addCallback(callback, t);}

  void setName(const std::string & name) {name_ = name;}
  const std::string & getName() {return name_;}

  void signal(
    const M0Event & e0, const M1Event & e1, const M2Event & e2, const M3Event & e3, const M4Event & e4,
    const M5Event & e5, const M6Event & e6, const M7Event & e7, const M8Event & e8)
  {
    signal_.call(e0, e1, e2, e3, e4, e5, e6, e7, e8);
  }

  Policy * getPolicy() {return static_cast<Policy *>(this);}

  using Policy::add;

  template<int i>
  void add(const std::shared_ptr<typename std::tuple_element<i, Messages>::type const> & msg)
  {
    this->template add<i>(typename std::tuple_element<i, Events>::type(msg));
  }

private:
  template<class Inputs, std::size_t ... I>
  void connectEach(Inputs & inputs, std::index_sequence<I...>)
  {
    ((input_connections_[I] = std::get<I>(inputs).registerCallback(
      std::function<void(const typename std::tuple_element<I, Events>::type &)>(
        std::bind(&Synchronizer::template cb<I>, this, std::placeholders::_1)))), ...);
  }

  void disconnectAll()
  {
    for (Connection & connection : input_connections_) {
      connection.disconnect();
    }
  }

  template<int i>
  void cb(const typename std::tuple_element<i, Events>::type & evt) {this->template add<i>(evt);}

  Signal signal_;
  Connection input_connections_[MAX_MESSAGES];
  std::string name_;
};

// How many of a policy's nine message types are not NullType.
template<class ... T>
struct RealTypes : std::integral_constant<int, (0 + ... + (std::is_same<T, NullType>::value ? 0 : 1))> {};

template<typename M0, typename M1, typename M2, typename M3, typename M4, typename M5, typename M6,
  typename M7, typename M8>
struct PolicyBase
{
  typedef RealTypes<M0, M1, M2, M3, M4, M5, M6, M7, M8> RealTypeCount;
  typedef std::tuple<M0, M1, M2, M3, M4, M5, M6, M7, M8> Messages;
  typedef Signal9<M0, M1, M2, M3, M4, M5, M6, M7, M8> Signal;
  typedef std::tuple<MessageEvent<M0 const>, MessageEvent<M1 const>, MessageEvent<M2 const>,
      MessageEvent<M3 const>, MessageEvent<M4 const>, MessageEvent<M5 const>, MessageEvent<M6 const>,
      MessageEvent<M7 const>, MessageEvent<M8 const>> Events;
  typedef typename std::tuple_element<0, Events>::type M0Event;
  typedef typename std::tuple_element<1, Events>::type M1Event;
  typedef typename std::tuple_element<2, Events>::type M2Event;
  typedef typename std::tuple_element<3, Events>::type M3Event;
  typedef typename std::tuple_element<4, Events>::type M4Event;
  typedef typename std::tuple_element<5, Events>::type M5Event;
  typedef typename std::tuple_element<6, Events>::type M6Event;
  typedef typename std::tuple_element<7, Events>::type M7Event;
  typedef typename std::tuple_element<8, Events>::type M8Event;
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__SYNCHRONIZER_H_
