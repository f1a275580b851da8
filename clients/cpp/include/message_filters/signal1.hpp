// message_filters/signal1.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// signal1.h.
#ifndef MESSAGE_FILTERS__SIGNAL1_HPP_
#define MESSAGE_FILTERS__SIGNAL1_HPP_

#include "message_filters/signal1.h"

#endif  // MESSAGE_FILTERS__SIGNAL1_HPP_
