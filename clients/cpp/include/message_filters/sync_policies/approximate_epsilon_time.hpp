// message_filters/sync_policies/approximate_epsilon_time.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// approximate_epsilon_time.h.
#ifndef MESSAGE_FILTERS__SYNC_POLICIES_APPROXIMATE_EPSILON_TIME_HPP_
#define MESSAGE_FILTERS__SYNC_POLICIES_APPROXIMATE_EPSILON_TIME_HPP_

#include "message_filters/sync_policies/approximate_epsilon_time.h"

#endif  // MESSAGE_FILTERS__SYNC_POLICIES_APPROXIMATE_EPSILON_TIME_HPP_
