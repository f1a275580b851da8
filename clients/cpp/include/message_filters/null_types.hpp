// message_filters/null_types.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// null_types.h.
#ifndef MESSAGE_FILTERS__NULL_TYPES_HPP_
#define MESSAGE_FILTERS__NULL_TYPES_HPP_

#include "message_filters/null_types.h"

#endif  // MESSAGE_FILTERS__NULL_TYPES_HPP_
