// message_filters' TimeSynchronizer (Jazzy's message_filters/time_synchronizer.h): a
// Synchronizer with the ExactTime policy, its queue size last among its arguments.
#ifndef MESSAGE_FILTERS__TIME_SYNCHRONIZER_H_
#define MESSAGE_FILTERS__TIME_SYNCHRONIZER_H_

#include <cstdint>
#include <memory>
#include <tuple>
#include <utility>

#include "message_filters/message_event.h"
#include "message_filters/sync_policies/exact_time.h"
#include "message_filters/synchronizer.h"

namespace message_filters
{

template<class M0, class M1, class M2 = NullType, class M3 = NullType, class M4 = NullType,
  class M5 = NullType, class M6 = NullType, class M7 = NullType, class M8 = NullType>
class TimeSynchronizer : public Synchronizer<sync_policies::ExactTime<M0, M1, M2, M3, M4, M5, M6, M7, M8>>
{
public:
  typedef sync_policies::ExactTime<M0, M1, M2, M3, M4, M5, M6, M7, M8> Policy;
  typedef Synchronizer<Policy> Base;
  typedef std::shared_ptr<M0 const> M0ConstPtr;
  typedef std::shared_ptr<M1 const> M1ConstPtr;
  typedef std::shared_ptr<M2 const> M2ConstPtr;
  typedef std::shared_ptr<M3 const> M3ConstPtr;
  typedef std::shared_ptr<M4 const> M4ConstPtr;
  typedef std::shared_ptr<M5 const> M5ConstPtr;
  typedef std::shared_ptr<M6 const> M6ConstPtr;
  typedef std::shared_ptr<M7 const> M7ConstPtr;
  typedef std::shared_ptr<M8 const> M8ConstPtr;
  typedef typename Base::M0Event M0Event;
  typedef typename Base::M1Event M1Event;
  typedef typename Base::M2Event M2Event;
  typedef typename Base::M3Event M3Event;
  typedef typename Base::M4Event M4Event;
  typedef typename Base::M5Event M5Event;
  typedef typename Base::M6Event M6Event;
  typedef typename Base::M7Event M7Event;
  typedef typename Base::M8Event M8Event;

  using Base::add;
  using Base::connectInput;
  using Base::registerCallback;
  using Base::setName;
  using Base::getName;
  using Policy::registerDropCallback;

  // Two to nine filters, then the queue size.
  template<class F0, class F1, class ... Rest>
  TimeSynchronizer(F0 & f0, F1 & f1, Rest && ... rest)
  : Base(Policy(static_cast<uint32_t>(std::get<sizeof...(Rest) - 1>(std::forward_as_tuple(rest...)))))
  {
    connectFirst(std::forward_as_tuple(f0, f1, rest...), std::make_index_sequence<sizeof...(Rest) + 1>());
  }

  TimeSynchronizer(uint32_t queue_size)  // NOLINT(runtime/explicit): as upstream
  : Base(Policy(queue_size)) {}

  void add0(const M0ConstPtr & msg) {this->template add<0>(M0Event(msg));}
  void add1(const M1ConstPtr & msg) {this->template add<1>(M1Event(msg));}
  void add2(const M2ConstPtr & msg) {this->template add<2>(M2Event(msg));}
  void add3(const M3ConstPtr & msg) {this->template add<3>(M3Event(msg));}
  void add4(const M4ConstPtr & msg) {this->template add<4>(M4Event(msg));}
  void add5(const M5ConstPtr & msg) {this->template add<5>(M5Event(msg));}
  void add6(const M6ConstPtr & msg) {this->template add<6>(M6Event(msg));}
  void add7(const M7ConstPtr & msg) {this->template add<7>(M7Event(msg));}
  void add8(const M8ConstPtr & msg) {this->template add<8>(M8Event(msg));}

private:
  // The filters among the constructor's arguments (all but the last).
  template<class Arguments, std::size_t ... I>
  void connectFirst(Arguments && arguments, std::index_sequence<I...>)
  {
    connectInput(std::get<I>(arguments)...);
  }
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__TIME_SYNCHRONIZER_H_
