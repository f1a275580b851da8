// rclsim's C++ client: rosidl_runtime_c's export macro. The C message functions are static inline
// in their headers (as rclsim's message packages are header-only), so it exports nothing.
#ifndef ROSIDL_RUNTIME_C__VISIBILITY_CONTROL_H_
#define ROSIDL_RUNTIME_C__VISIBILITY_CONTROL_H_

#define ROSIDL_GENERATOR_C_EXPORT
#define ROSIDL_GENERATOR_C_IMPORT
#define ROSIDL_GENERATOR_C_PUBLIC

#endif  // ROSIDL_RUNTIME_C__VISIBILITY_CONTROL_H_
