import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedFolder, cacheFolder, contentKey } from './buildCache.js';
import { clientFlags, compilerCommand, runTool } from './compiler.js';
import { numericCompilers, portableFlags } from './numericCompiler.js';

/** rclsim's C++ client (rclcpp and its kin over the node port): its CMake project. */
export const CPP_CLIENT = fileURLToPath(new URL('../../../clients/cpp', import.meta.url));

/** The client's built library and the folder of its public headers. */
export interface CppClient {
  library: string;
  include: string;
  /** What the library was built from: a program built against another is another program. */
  key: string;
}

/** Every file of a folder, by path relative to it, in code-point order (a stable key). */
function filesOf(folder: string): string[] {
  const found: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(relative(folder, path));
    }
  };
  walk(folder);
  return found.sort();
}

/** The user's flags the client is built with: CXXFLAGS less include folders and what rclsim's compiler leaves out. */
function flags(): string[] {
  return portableFlags(clientFlags());
}

/**
 * Whether the compiler finds mpfr.h (with the client's flags): the client's portable
 * math needs it (clients/cpp/src/portable_math.cpp), so installing it later builds the client again.
 */
function findsMpfr(): boolean {
  return (
    spawnSync(compilerCommand(), [...flags(), '-x', 'c++', '-E', '-o', '/dev/null', '-'], {
      input: '#include <mpfr.h>\n',
      stdio: ['pipe', 'ignore', 'ignore'],
    }).status === 0
  );
}

/**
 * The key of the client's public headers (their paths and contents), which programs include: what
 * a precompiled header of them is built from, whichever flags the library was built with.
 */
export function clientHeadersKey(): string {
  const include = join(CPP_CLIENT, 'include');
  return contentKey(filesOf(include).flatMap((file) => [file, readFileSync(join(include, file))]));
}

/** The client's sources, by path relative to CPP_CLIENT. */
function clientSources(): string[] {
  // cmake/ is rclsim's package configs (cmakePrefix.ts), packages/ sources a workspace builds
  // (gz_ros2_control): no part of the library.
  return filesOf(CPP_CLIENT).filter((file) => !file.startsWith('build') && !file.startsWith('cmake/') && !file.startsWith('packages/'));
}

/** What the client library for `messages` is built from (its sources, the headers, the compiler, the flags): its cache key. */
function clientKey(messages: { key: string }, shared: boolean): string {
  return contentKey([
    numericCompilers().key,
    ...flags(),
    String(findsMpfr()),
    messages.key,
    shared ? 'shared' : 'executable',
    ...clientSources().flatMap((file) => [file, readFileSync(join(CPP_CLIENT, file))]),
  ]);
}

/**
 * Where the client library for `messages` lies in the cache once built, without building it: a
 * workspace's CMake prefix names it, and the first package that finds one of rclsim's packages
 * builds it (cppClientMain.ts); a plain CMake package that finds none does not wait for it.
 */
export function cppClientPlace(messages: { key: string }, shared = false): CppClient {
  const key = clientKey(messages, shared);
  return { library: join(cacheFolder('cpp-client', key), 'librclsim_rclcpp.a'), include: join(CPP_CLIENT, 'include'), key };
}

/**
 * The client library for the shipped packages' message headers (`messages`, with its key), built
 * with CMake once per content (the client's sources, the headers, the compiler) into the cache.
 * `shared`: the variant of programs built as shared objects for rclsim's process (position
 * independent, their ends their own: docs/cpp-process.md).
 */
export function cppClient(messages: { folder: string; key: string }, shared = false): CppClient {
  const compilers = numericCompilers();
  const key = clientKey(messages, shared);
  const folder = cachedFolder('cpp-client', key, (into) => {
    const build = join(into, 'build');
    const failure = `rclsim's C++ client (${CPP_CLIENT}) did not build`;
    // CMake takes CXXFLAGS from the environment, as make does.
    const env = { ...process.env, CXXFLAGS: flags().join(' ') };
    runTool(
      'cmake',
      [
        '-S',
        CPP_CLIENT,
        '-B',
        build,
        `-DRCLSIM_MESSAGES_INCLUDE=${messages.folder}`,
        // rclsim's compiler: the flags that keep the bits the same on every CPU, as in programs.
        `-DCMAKE_CXX_COMPILER=${compilers.cxx}`,
        '-DCMAKE_BUILD_TYPE=Release',
        `-DRCLSIM_SHARED_OBJECT=${shared ? 'ON' : 'OFF'}`,
      ],
      failure,
      undefined,
      env,
    );
    runTool('cmake', ['--build', build, '--parallel', '2'], failure, undefined, env);
    renameSync(join(build, 'librclsim_rclcpp.a'), join(into, 'librclsim_rclcpp.a'));
    rmSync(build, { recursive: true, force: true });
  });
  return { library: join(folder, 'librclsim_rclcpp.a'), include: join(CPP_CLIENT, 'include'), key };
}
