// message_filters/parameter_adapter.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// parameter_adapter.h.
#ifndef MESSAGE_FILTERS__PARAMETER_ADAPTER_HPP_
#define MESSAGE_FILTERS__PARAMETER_ADAPTER_HPP_

#include "message_filters/parameter_adapter.h"

#endif  // MESSAGE_FILTERS__PARAMETER_ADAPTER_HPP_
