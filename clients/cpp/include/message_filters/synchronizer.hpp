// message_filters/synchronizer.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// synchronizer.h.
#ifndef MESSAGE_FILTERS__SYNCHRONIZER_HPP_
#define MESSAGE_FILTERS__SYNCHRONIZER_HPP_

#include "message_filters/synchronizer.h"

#endif  // MESSAGE_FILTERS__SYNCHRONIZER_HPP_
