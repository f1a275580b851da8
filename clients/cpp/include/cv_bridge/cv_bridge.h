// cv_bridge's header before Iron (deprecated upstream, removed in Jazzy's release): the .hpp, with
// upstream's warning.
#ifndef CV_BRIDGE__CV_BRIDGE_H_
#define CV_BRIDGE__CV_BRIDGE_H_

#warning This header is obsolete, please include cv_bridge/cv_bridge.hpp instead

#include "cv_bridge/cv_bridge.hpp"

#endif  // CV_BRIDGE__CV_BRIDGE_H_
