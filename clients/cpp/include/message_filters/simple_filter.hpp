// message_filters/simple_filter.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// simple_filter.h.
#ifndef MESSAGE_FILTERS__SIMPLE_FILTER_HPP_
#define MESSAGE_FILTERS__SIMPLE_FILTER_HPP_

#include "message_filters/simple_filter.h"

#endif  // MESSAGE_FILTERS__SIMPLE_FILTER_HPP_
