// message_filters' null types (Jazzy's message_filters/null_types.h): the unused inputs of a
// synchronizer of fewer than nine.
#ifndef MESSAGE_FILTERS__NULL_TYPES_H_
#define MESSAGE_FILTERS__NULL_TYPES_H_

#include <functional>
#include <memory>

#include <rclcpp/rclcpp.hpp>

#include "message_filters/connection.h"
#include "message_filters/message_traits.h"

namespace message_filters
{

struct NullType
{
};
typedef std::shared_ptr<NullType const> NullTypeConstPtr;

template<class M>
struct NullFilter
{
  template<typename C>
  Connection registerCallback(const C &) {return Connection();}

  template<typename P>
  Connection registerCallback(const std::function<void(P)> &) {return Connection();}
};

namespace message_traits
{
template<>
struct TimeStamp<message_filters::NullType>
{
  static rclcpp::Time value(const message_filters::NullType &) {return rclcpp::Time();}
};
}  // namespace message_traits

}  // namespace message_filters

#endif  // MESSAGE_FILTERS__NULL_TYPES_H_
