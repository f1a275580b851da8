// tf2's export macros (tf2/visibility_control.h): nothing to export in one static client library.
#ifndef TF2__VISIBILITY_CONTROL_H_
#define TF2__VISIBILITY_CONTROL_H_

#define TF2_PUBLIC
#define TF2_LOCAL
#define TF2_PUBLIC_TYPE

#endif  // TF2__VISIBILITY_CONTROL_H_
