// message_filters/message_traits.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// message_traits.h.
#ifndef MESSAGE_FILTERS__MESSAGE_TRAITS_HPP_
#define MESSAGE_FILTERS__MESSAGE_TRAITS_HPP_

#include "message_filters/message_traits.h"

#endif  // MESSAGE_FILTERS__MESSAGE_TRAITS_HPP_
