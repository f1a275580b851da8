// rmw/rmw.h as programs include it: the middleware's types and QoS profiles. rclsim has no
// middleware under the client (the simulation delivers), so rmw's functions are not declared: a
// program that calls one fails to compile, naming it. rmw_get_serialization_format is the one
// exception: every Tier-1 rmw answers "cdr", which is what the simulation carries.
#ifndef RMW__RMW_H_
#define RMW__RMW_H_

#include "rmw/qos_profiles.h"
#include "rmw/types.h"

static inline const char * rmw_get_serialization_format(void) {return "cdr";}

#endif  // RMW__RMW_H_
