// message_filters/cache.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// cache.h.
#ifndef MESSAGE_FILTERS__CACHE_HPP_
#define MESSAGE_FILTERS__CACHE_HPP_

#include "message_filters/cache.h"

#endif  // MESSAGE_FILTERS__CACHE_HPP_
