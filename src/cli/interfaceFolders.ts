import { statSync } from 'node:fs';

/** rclsim's line for the first `--interfaces` folder that is none (missing, or a file), or null. */
export function missingInterfaceFolder(folders: readonly string[]): string | null {
  const missing = folders.find((path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() !== true);
  return missing === undefined ? null : `rclsim: --interfaces ${missing}: no such folder\n`;
}
