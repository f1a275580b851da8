// message_filters/pass_through.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// pass_through.h.
#ifndef MESSAGE_FILTERS__PASS_THROUGH_HPP_
#define MESSAGE_FILTERS__PASS_THROUGH_HPP_

#include "message_filters/pass_through.h"

#endif  // MESSAGE_FILTERS__PASS_THROUGH_HPP_
