// message_filters/message_event.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// message_event.h.
#ifndef MESSAGE_FILTERS__MESSAGE_EVENT_HPP_
#define MESSAGE_FILTERS__MESSAGE_EVENT_HPP_

#include "message_filters/message_event.h"

#endif  // MESSAGE_FILTERS__MESSAGE_EVENT_HPP_
