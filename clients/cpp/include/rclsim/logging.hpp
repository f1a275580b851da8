// The client's side of logging: whether a logger passes a severity (its effective level, asked of
// the simulation once and kept until the program changes a level, or a run comes when a node of
// the program serves the logger services), and a record sent to it.
#ifndef RCLSIM__LOGGING_HPP_
#define RCLSIM__LOGGING_HPP_

namespace rclsim::logging
{

bool enabled(const char * logger, int severity);
void log(const char * logger, int severity, const char * function, const char * file, int line, const char * format, ...)
__attribute__((format(printf, 6, 7)));
/// A level was set: every kept level is asked again.
void forget_levels();
/// A node of the program serves the logger services: the simulation may set a level while the
/// program waits, so a kept level holds only until the next run.
void follow_outside_levels();

}  // namespace rclsim::logging

#endif  // RCLSIM__LOGGING_HPP_
