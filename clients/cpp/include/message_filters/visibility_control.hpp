// message_filters/visibility_control.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// visibility_control.h.
#ifndef MESSAGE_FILTERS__VISIBILITY_CONTROL_HPP_
#define MESSAGE_FILTERS__VISIBILITY_CONTROL_HPP_

#include "message_filters/visibility_control.h"

#endif  // MESSAGE_FILTERS__VISIBILITY_CONTROL_HPP_
