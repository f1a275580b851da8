// rclcpp::TypeAdapter (rclcpp/type_adapter.hpp): a program's own type published and taken as a
// ROS message type, converted by its specialization.
#ifndef RCLCPP__TYPE_ADAPTER_HPP_
#define RCLCPP__TYPE_ADAPTER_HPP_

#include <type_traits>

namespace rclcpp
{

template<typename CustomType, typename ROSMessageType = void, class Enable = void>
struct TypeAdapter
{
  using is_specialized = std::false_type;
  using custom_type = CustomType;
  using ros_message_type = CustomType;
};

template<typename T>
struct is_type_adapter : std::false_type {};

template<typename ... Ts>
struct is_type_adapter<TypeAdapter<Ts...>>: std::true_type {};

/// The adapter given as the type (`TypeAdapter<Custom, Ros>` used as a publisher's type) is itself.
template<typename T>
struct TypeAdapter<T, void, std::enable_if_t<is_type_adapter<T>::value>>: T {};

template<typename T>
struct adapt_type
{
  template<typename ROSMessageType>
  using as = TypeAdapter<T, ROSMessageType>;
};

template<typename CustomType>
struct ImplicitTypeAdapter
{
  using is_specialized = std::false_type;
};

/// A custom type declared with RCLCPP_USING_CUSTOM_TYPE_AS_ROS_MESSAGE_TYPE stands for its ROS type.
template<typename T>
struct TypeAdapter<T, void, std::enable_if_t<ImplicitTypeAdapter<T>::is_specialized::value>>: ImplicitTypeAdapter<T> {};

}  // namespace rclcpp

// rclcpp writes `struct ::rclcpp::ImplicitTypeAdapter<…>`, which GCC 12 refuses (a global
// qualification before a base clause, allowed from GCC 13); used at namespace scope as rclcpp's
// is, the name without the leading `::` is the same specialization.
#define RCLCPP_USING_CUSTOM_TYPE_AS_ROS_MESSAGE_TYPE(CustomType, ROSMessageType) \
  template<> \
  struct rclcpp::ImplicitTypeAdapter<CustomType> \
    : public ::rclcpp::TypeAdapter<CustomType, ROSMessageType> \
  { \
    static_assert(is_specialized::value, "Cannot use custom type as ros type when there is no TypeAdapter for that pair"); \
  }

#endif  // RCLCPP__TYPE_ADAPTER_HPP_
