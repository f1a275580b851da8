import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { sleepWall, wallEpochMs } from '../base/realTime.js';

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

/** Where the cache's folder `kind/key` is, made or not. */
export function cacheFolder(kind: string, key: string): string {
  return join(cacheRoot(), kind, key);
}

/**
 * The cache's folder `kind/key`, made by `make` into a fresh folder first when it is not there.
 * The folder appears whole or not at all (a rename), so two rclsim processes building the same
 * thing at once both end with one good copy; a failed `make` leaves nothing behind. With `keep`,
 * a folder made removes the kind's folders beyond the `keep` last used (what is large and made
 * anew for each client, as precompiled headers are, would otherwise pile up with each version).
 */
export function cachedFolder(kind: string, key: string, make: (folder: string) => void, keep?: number): string {
  const folder = cacheFolder(kind, key);
  if (existsSync(folder)) {
    if (keep !== undefined) markUsed(folder);
    return folder;
  }
  // One process builds it; another that wants it meanwhile waits for it rather than building it too.
  const lock = `${folder}.lock`;
  while (!takeLock(lock)) {
    if (existsSync(folder)) return folder;
    sleepWall(200);
  }
  try {
    if (existsSync(folder)) return folder;
    build(folder, make);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (keep !== undefined) pruneKind(join(cacheRoot(), kind), keep);
  return folder;
}

/** A folder's modification time says when it was last used: what pruning keeps. */
function markUsed(folder: string): void {
  const now = new Date(wallEpochMs());
  try {
    utimesSync(folder, now, now);
  } catch {
    // Removed meanwhile by another process's pruning: the caller's build finds out.
  }
}

/** Removes the kind's finished folders beyond the `keep` last used (locks and folders being built are left). */
function pruneKind(kindFolder: string, keep: number): void {
  const folders = readdirSync(kindFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{64}$/.test(entry.name))
    .map((entry) => ({ path: join(kindFolder, entry.name), used: statSync(join(kindFolder, entry.name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.used - a.used || (a.path < b.path ? -1 : 1));
  for (const { path } of folders.slice(keep)) rmSync(path, { recursive: true, force: true });
}

/** Takes the lock (a folder naming its process); a lock whose process is gone is taken over. */
function takeLock(lock: string): boolean {
  mkdirSync(join(lock, '..'), { recursive: true });
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // Its holder is writing its pid (it lives), unless it died between the two steps long ago.
    const stats = statSync(lock, { throwIfNoEntry: false });
    if (stats === undefined || wallEpochMs() - stats.mtimeMs < 60_000) return false;
  }
  if (!Number.isNaN(holder) && alive(holder)) return false;
  rmSync(lock, { recursive: true, force: true });
  return takeLock(lock);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function build(folder: string, make: (folder: string) => void): void {
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
}
