import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where rclsim keeps what it built (C++ programs, the client library, generated headers), by
 * content: `RCLSIM_CACHE`, else `$XDG_CACHE_HOME/rclsim`, else `~/.cache/rclsim`. Nothing in it
 * decides anything of a run: it only saves building the same thing twice.
 */
export function cacheRoot(): string {
  const explicit = process.env.RCLSIM_CACHE;
  if (explicit) return explicit;
  const xdg = process.env.XDG_CACHE_HOME;
  return join(xdg ? xdg : join(homedir(), '.cache'), 'rclsim');
}

/** A key for content: the hex SHA-256 of the parts, each length-prefixed so no two part lists collide. */
export function contentKey(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${bytes.length}:`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * The cache's folder `kind/key`, made by `make` into a fresh folder first when it is not there.
 * The folder appears whole or not at all (a rename), so two rclsim processes building the same
 * thing at once both end with one good copy; a failed `make` leaves nothing behind.
 */
export function cachedFolder(kind: string, key: string, make: (folder: string) => void): string {
  const folder = join(cacheRoot(), kind, key);
  if (existsSync(folder)) return folder;
  const building = `${folder}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  try {
    make(building);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  try {
    renameSync(building, folder);
  } catch (error) {
    // Another process made it meanwhile: its copy serves.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  return folder;
}
