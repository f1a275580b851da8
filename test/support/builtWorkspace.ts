import { cpSync } from 'node:fs';
import { type CliResult, runCli, tempDir } from './helpers.js';

/** A fixture workspace copied into a fresh folder, and what `rclsim build` said there. */
export interface BuiltWorkspace {
  workspace: string;
  build: CliResult;
}

/**
 * A built copy of the workspace folder `fixture`: copied into a temporary folder (a build writes
 * build/ and install/ beside src/, never into the repository) and built there with `rclsim build`
 * within `timeoutMs` (stretched with the machine's load, as runCli does). The build's outcome is
 * returned, not asserted: each test checks it, so a failed build fails every test that needs it
 * with the build's own output.
 */
export function builtWorkspace(fixture: string, timeoutMs: number): BuiltWorkspace {
  const workspace = tempDir();
  cpSync(fixture, workspace, { recursive: true });
  return { workspace, build: runCli(['build'], workspace, timeoutMs) };
}
