// message_filters' Chain (Jazzy's message_filters/chain.h): filters added one after another,
// each fed by the one before; the chain's output is the last one's.
#ifndef MESSAGE_FILTERS__CHAIN_H_
#define MESSAGE_FILTERS__CHAIN_H_

#include <functional>
#include <memory>
#include <vector>

#include "message_filters/pass_through.h"
#include "message_filters/simple_filter.h"

namespace message_filters
{

class ChainBase
{
public:
  virtual ~ChainBase() {}

  // The filter at `index` as an F (not checked), or null past the end.
  template<typename F>
  std::shared_ptr<F> getFilter(size_t index) const
  {
    std::shared_ptr<void> filter = getFilterForIndex(index);
    return filter ? std::static_pointer_cast<F>(filter) : std::shared_ptr<F>();
  }

protected:
  virtual std::shared_ptr<void> getFilterForIndex(size_t index) const = 0;
};
typedef std::shared_ptr<ChainBase> ChainBasePtr;

template<typename M>
class Chain : public ChainBase, public SimpleFilter<M>
{
public:
  typedef std::shared_ptr<M const> MConstPtr;
  typedef MessageEvent<M const> EventType;

  Chain() {}

  template<typename F>
  Chain(F & f)  // NOLINT(runtime/explicit): as upstream
  {
    connectInput(f);
  }

  struct NullDeleter
  {
    void operator()(void const *) const {}
  };

  // A filter the caller keeps alive.
  template<class F>
  size_t addFilter(F * filter)
  {
    return addFilter(std::shared_ptr<F>(filter, NullDeleter()));
  }

  // Appends the filter; returns its index.
  template<class F>
  size_t addFilter(const std::shared_ptr<F> & filter)
  {
    FilterInfo info;
    info.add_func = std::bind((void (F::*)(const EventType &)) & F::add, filter.get(), std::placeholders::_1);
    info.filter = filter;
    info.passthrough = std::make_shared<PassThrough<M>>();
    last_filter_connection_.disconnect();
    info.passthrough->connectInput(*filter);
    last_filter_connection_ = info.passthrough->registerCallback(
      typename SimpleFilter<M>::EventCallback(std::bind(&Chain::lastFilterCB, this, std::placeholders::_1)));
    if (!filters_.empty()) {
      filter->connectInput(*filters_.back().passthrough);
    }
    filters_.push_back(info);
    return filters_.size() - 1;
  }

  template<typename F>
  std::shared_ptr<F> getFilter(size_t index) const
  {
    return index < filters_.size() ? std::static_pointer_cast<F>(filters_[index].filter) : std::shared_ptr<F>();
  }

  template<class F>
  void connectInput(F & f)
  {
    incoming_connection_.disconnect();
    incoming_connection_ = f.registerCallback(
      typename SimpleFilter<M>::EventCallback(std::bind(&Chain::incomingCB, this, std::placeholders::_1)));
  }

  void add(const MConstPtr & msg) {add(EventType(msg));}

  void add(const EventType & evt)
  {
    if (!filters_.empty()) {
      filters_[0].add_func(evt);
    }
  }

protected:
  std::shared_ptr<void> getFilterForIndex(size_t index) const override
  {
    return index < filters_.size() ? filters_[index].filter : std::shared_ptr<void>();
  }

private:
  void incomingCB(const EventType & evt) {add(evt);}
  void lastFilterCB(const EventType & evt) {this->signalMessage(evt);}

  struct FilterInfo
  {
    std::function<void(const EventType &)> add_func;
    std::shared_ptr<void> filter;
    std::shared_ptr<PassThrough<M>> passthrough;
  };

  std::vector<FilterInfo> filters_;
  Connection incoming_connection_;
  Connection last_filter_connection_;
};

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__CHAIN_H_
