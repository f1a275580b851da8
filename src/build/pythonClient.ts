import { fileURLToPath } from 'node:url';

/** The rclpy-shaped client (DESIGN.md "Python programs"): `rclpy`, `rclsim`, `ament_index_python` and the interface packages' importer. */
export const PYTHON_CLIENT = fileURLToPath(new URL('../../../clients/python', import.meta.url));
