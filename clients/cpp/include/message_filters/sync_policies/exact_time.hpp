// message_filters/sync_policies/exact_time.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// exact_time.h.
#ifndef MESSAGE_FILTERS__SYNC_POLICIES_EXACT_TIME_HPP_
#define MESSAGE_FILTERS__SYNC_POLICIES_EXACT_TIME_HPP_

#include "message_filters/sync_policies/exact_time.h"

#endif  // MESSAGE_FILTERS__SYNC_POLICIES_EXACT_TIME_HPP_
