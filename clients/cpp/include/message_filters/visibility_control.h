// message_filters' visibility macros (Jazzy's message_filters/visibility_control.h): rclsim's
// message_filters is header-only, so they only mark what upstream's library exports.
#ifndef MESSAGE_FILTERS__VISIBILITY_CONTROL_H_
#define MESSAGE_FILTERS__VISIBILITY_CONTROL_H_

#define MESSAGE_FILTERS_EXPORT __attribute__ ((visibility("default")))
#define MESSAGE_FILTERS_IMPORT
#define MESSAGE_FILTERS_PUBLIC __attribute__ ((visibility("default")))
#define MESSAGE_FILTERS_LOCAL __attribute__ ((visibility("hidden")))

#endif  // MESSAGE_FILTERS__VISIBILITY_CONTROL_H_
