/**
 * How an upstream C++ node ends where it does not catch an exception: libstdc++'s verbose
 * terminate handler prints the exception's type and what(), then abort() (exit status 134,
 * as rclsim's C++ client exits for one).
 */
export function terminate(exceptionType: string, what: string): never {
  process.stderr.write(`terminate called after throwing an instance of '${exceptionType}'\n  what():  ${what}\n`);
  process.exit(134);
}

/** What console_bridge's default output handler prints for a warning or an error (on stderr), with the source line that logged it. */
export function consoleBridge(level: 'Error' | 'Warning', text: string, where: { file: string; line: number }): void {
  const word = level === 'Error' ? 'Error:   ' : 'Warning: ';
  process.stderr.write(`${word}${text}\n         at line ${where.line} in ${URDFDOM_SOURCES}/${where.file}\n`);
}

/** Where urdfdom's sources were when the ROS build farm compiled Jazzy's package (its __FILE__). */
const URDFDOM_SOURCES = '/tmp/binarydeb/ros-jazzy-urdfdom-4.0.2';
