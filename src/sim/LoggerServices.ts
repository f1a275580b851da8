import type { LoggingSeverity } from '../ros/LogOutput.js';
import type { Node } from './Node.js';

/**
 * A node's logger services (rclcpp's and rclnodejs's `enableLoggerService`):
 * `~/get_logger_levels` answers each named logger's own level (0, unset, when none was set: rclcpp
 * and rclpy answer rcutils_logging_get_logger_level, not the effective level), `~/set_logger_levels` sets
 * them, with a result per logger (an invalid level is refused with its reason). Levels hold for
 * the whole simulation, as rcl's do for a process.
 */
export function startLoggerServices(node: Node): void {
  node.createService('rcl_interfaces/srv/GetLoggerLevels', '~/get_logger_levels', undefined, (request) => ({
    levels: request.names.map((name) => ({ name, level: node.simulation.logOutput.level(name) })),
  }));
  node.createService('rcl_interfaces/srv/SetLoggerLevels', '~/set_logger_levels', undefined, (request) => ({
    results: request.levels.map(({ name, level }) => {
      try {
        node.simulation.logOutput.setLevel(name, level as LoggingSeverity);
        return { successful: true, reason: '' };
      } catch (error) {
        return { successful: false, reason: (error as Error).message };
      }
    }),
  }));
}
