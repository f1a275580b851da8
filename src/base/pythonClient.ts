import { fileURLToPath } from 'node:url';

/** The Python client's folder (rclpy, launch, rclsim's own modules): first on a Python program's PYTHONPATH. */
export const PYTHON_CLIENT = fileURLToPath(new URL('../../../clients/python', import.meta.url));
