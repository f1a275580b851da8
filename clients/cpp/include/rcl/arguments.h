// rcl's command-line flags (rcl/arguments.h): the words of a `--ros-args` section, which programs
// use to write node arguments of their own (controller_manager passes each controller its
// parameters file, `-p use_sim_time:=true` and remappings so). rcl_arguments_t and the functions
// that parse them are not here: rclcpp parses a program's and a node's arguments itself.
#ifndef RCL__ARGUMENTS_H_
#define RCL__ARGUMENTS_H_

#define RCL_ROS_ARGS_FLAG "--ros-args"
#define RCL_ROS_ARGS_EXPLICIT_END_TOKEN "--"
#define RCL_PARAM_FLAG "--param"
#define RCL_SHORT_PARAM_FLAG "-p"
#define RCL_PARAM_FILE_FLAG "--params-file"
#define RCL_REMAP_FLAG "--remap"
#define RCL_SHORT_REMAP_FLAG "-r"
#define RCL_ENCLAVE_FLAG "--enclave"
#define RCL_SHORT_ENCLAVE_FLAG "-e"
#define RCL_LOG_LEVEL_FLAG "--log-level"
#define RCL_EXTERNAL_LOG_FILE_NAME_PREFIX "--log-file-name"
#define RCL_EXTERNAL_LOG_CONFIG_FLAG "--log-config-file"
#define RCL_LOG_STDOUT_FLAG_SUFFIX "stdout-logs"
#define RCL_LOG_ROSOUT_FLAG_SUFFIX "rosout-logs"
#define RCL_LOG_EXT_LIB_FLAG_SUFFIX "external-lib-logs"

#endif  // RCL__ARGUMENTS_H_
