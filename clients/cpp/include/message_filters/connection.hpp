// message_filters/connection.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// connection.h.
#ifndef MESSAGE_FILTERS__CONNECTION_HPP_
#define MESSAGE_FILTERS__CONNECTION_HPP_

#include "message_filters/connection.h"

#endif  // MESSAGE_FILTERS__CONNECTION_HPP_
