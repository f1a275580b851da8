// message_filters/signal9.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// signal9.h.
#ifndef MESSAGE_FILTERS__SIGNAL9_HPP_
#define MESSAGE_FILTERS__SIGNAL9_HPP_

#include "message_filters/signal9.h"

#endif  // MESSAGE_FILTERS__SIGNAL9_HPP_
