// message_filters/time_sequencer.hpp, the name Rolling's headers have (its tutorials include it): Jazzy's
// time_sequencer.h.
#ifndef MESSAGE_FILTERS__TIME_SEQUENCER_HPP_
#define MESSAGE_FILTERS__TIME_SEQUENCER_HPP_

#include "message_filters/time_sequencer.h"

#endif  // MESSAGE_FILTERS__TIME_SEQUENCER_HPP_
