import { constants } from 'node:os';

const loaded = new Map<string, object>();

/**
 * rclsim's addon at `path` (native/inprocess), loaded once for both its uses: the host of
 * in-process C++ programs, whose entry a program's client looks up by name (hence RTLD_GLOBAL),
 * and the wait on separate programs' descriptors (fdWait.ts).
 */
export function nativeAddon<T extends object>(path: string): T {
  let addon = loaded.get(path);
  if (addon === undefined) {
    const module = { exports: {} };
    process.dlopen(module, path, constants.dlopen.RTLD_NOW | constants.dlopen.RTLD_GLOBAL);
    addon = module.exports;
    loaded.set(path, addon);
  }
  return addon as T;
}
