// message_filters/chain.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// chain.h.
#ifndef MESSAGE_FILTERS__CHAIN_HPP_
#define MESSAGE_FILTERS__CHAIN_HPP_

#include "message_filters/chain.h"

#endif  // MESSAGE_FILTERS__CHAIN_HPP_
