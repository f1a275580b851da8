// message_filters/time_synchronizer.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// time_synchronizer.h.
#ifndef MESSAGE_FILTERS__TIME_SYNCHRONIZER_HPP_
#define MESSAGE_FILTERS__TIME_SYNCHRONIZER_HPP_

#include "message_filters/time_synchronizer.h"

#endif  // MESSAGE_FILTERS__TIME_SYNCHRONIZER_HPP_
