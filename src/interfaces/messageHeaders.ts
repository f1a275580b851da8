import { generateCHeaders } from './cHeaders.js';
import { generateCppHeaders } from './cppHeaders.js';
import type { InterfaceRegistry } from './InterfaceRegistry.js';

/** Every header a message package installs: rosidl_generator_cpp's (`.hpp`) and rosidl_generator_c's (`.h`). */
export function generateMessageHeaders(registry: InterfaceRegistry, packages: readonly string[]): Map<string, string> {
  return new Map([...generateCppHeaders(registry, packages), ...generateCHeaders(registry, packages)]);
}
