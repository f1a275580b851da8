// message_filters/subscriber.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// subscriber.h.
#ifndef MESSAGE_FILTERS__SUBSCRIBER_HPP_
#define MESSAGE_FILTERS__SUBSCRIBER_HPP_

#include "message_filters/subscriber.h"

#endif  // MESSAGE_FILTERS__SUBSCRIBER_HPP_
