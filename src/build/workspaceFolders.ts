import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A workspace that cannot be prepared: a setup.py rclsim cannot read, two packages of one name. Bad input. */
export class WorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

/** Where a workspace's parts are (absolute). */
export interface WorkspaceFolders {
  /** The workspace (the folder with src/), or null when the folder named is an install prefix alone. */
  root: string | null;
  /** root/src, where packages are found (null without a root). */
  sources: string | null;
  /** The install prefix: root/install, or the folder named. */
  install: string;
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * What `--workspace DIR` (a job's `workspace:`) names: a folder with `src/` is a workspace, its
 * install prefix DIR/install, as colcon has it; any other folder is taken as an install prefix
 * itself (what rclsim build or colcon made; jobs written before workspaces name one). Without a
 * DIR: the current folder when it has `src/` (colcon's rule), else ./install.
 */
export function workspaceFolders(dir?: string): WorkspaceFolders {
  const root = resolve(dir ?? '.');
  if (isFolder(join(root, 'src'))) return { root, sources: join(root, 'src'), install: join(root, 'install') };
  return { root: null, sources: null, install: resolve(dir ?? 'install') };
}
