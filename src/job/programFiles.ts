// What a program is, told by its file's name: what parsing a job needs without loading what starts programs.

/** Whether a program file is C++ (built with the C++ client). */
export function isCppProgram(file: string): boolean {
  return /\.(cpp|cc|cxx|c\+\+)$/.test(file);
}

/** Whether a program file is a Python program (run by the rclpy client, always in a process of its own). */
export function isPythonProgram(file: string): boolean {
  return file.endsWith('.py');
}
