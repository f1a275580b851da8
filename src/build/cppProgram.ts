import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import { cachedFolder, cacheRoot, contentKey } from './buildCache.js';
import { CppBuildError, runTool, userFlags, userLibraries } from './compiler.js';
import { type CppClient, clientHeadersKey, cppClient } from './cppClient.js';
import { cppMessages, shippedCppMessages } from './cppMessages.js';
import { numericCompilers } from './numericCompiler.js';

/**
 * How a program is compiled: C++17 as rclcpp wants it, optimized; the flags that keep the bits
 * the same on every CPU come after all of these, from rclsim's compiler (numericCompiler.ts).
 */
export const CPP_FLAGS = ['-std=c++17', '-O2', '-pthread'];

/**
 * A program rclsim loads into its own process (docs/cpp-process.md): a shared object with its
 * own libstdc++ (Node's process has one: the client's definitions of libc's functions must catch
 * libstdc++'s calls too, std::thread's and <chrono>'s), whose references bind to its own
 * definitions (-Bsymbolic: the client's clock_gettime, pthread_create … are the program's alone,
 * never Node's threads'), with no symbol left undefined (a missing one fails the build, as an
 * executable's link does, not the load). The client defines some of libstdc++'s own functions
 * (std::random_device's, clients/cpp/src/machine.cpp), which an executable's dynamic libstdc++
 * gives way to; a static copy's archive member holds them too: the client's, linked first, win.
 * GNU-unique symbols (a template's statics: a locale facet's id) are bound process-wide whatever
 * -Bsymbolic says, to Node's libstdc++'s, and `std::cout << 5` would then fail: the static copy's
 * stay the program's (--exclude-libs), and the program's and the client's are plain weak ones
 * (-fno-gnu-unique, g++'s; the client's variant is built with it too).
 */
const SHARED_FLAGS = ['-fPIC', '-fno-gnu-unique'];
const SHARED_LINK = [
  '-shared',
  '-static-libstdc++',
  '-static-libgcc',
  '-Wl,-Bsymbolic',
  '-Wl,--exclude-libs,libstdc++.a:libgcc.a:libgcc_eh.a',
  '-Wl,--no-undefined',
  '-Wl,--allow-multiple-definition',
];

/** Precompiled headers kept in the cache (135 MB each, one per version of the client's headers and placement): the last used. */
const PCH_KEPT = 3;

/**
 * What the precompiled header of the client's headers is built from: the compiler, rclsim's own
 * flags for a program (`flags`), the client's headers and the shipped message headers. Not the
 * user's CXXFLAGS, which build the library again (their macros may change its code): the header is
 * compiled without them, so each build of the library would make the same 135 MB again.
 */
export function precompiledClientKey(shippedMessages: { key: string }, flags: readonly string[]): string {
  return contentKey([numericCompilers().key, clientHeadersKey(), shippedMessages.key, ...flags]);
}

/**
 * rclcpp's headers parsed once into a g++ precompiled header, which every program includes first
 * (`-include`): they are most of a program's compile (a talker's 3.2 s became 1.8 s). Built with
 * rclsim's flags for a program and the client's own message headers, as the library was; a
 * program's own macros that the headers test make g++ pass it by and read the headers instead.
 */
function precompiledClient(client: CppClient, shippedMessages: { folder: string; key: string }, flags: readonly string[]): string {
  const compiler = numericCompilers();
  const key = precompiledClientKey(shippedMessages, flags);
  const folder = cachedFolder(
    'cpp-pch',
    key,
    (into) => {
      const header = join(into, 'rclcpp_all.hpp');
      writeFileSync(header, '#include "rclcpp/rclcpp.hpp"\n');
      runTool(
        compiler.cxx,
        [...flags, `-I${client.include}`, `-I${shippedMessages.folder}`, '-x', 'c++-header', header, '-o', `${header}.gch`],
        "the C++ client's precompiled header does not compile",
      );
    },
    PCH_KEPT,
  );
  return join(folder, 'rclcpp_all.hpp');
}

/** A header the program included that is not rclsim's or the system's, with its content's key: a change rebuilds. */
interface OwnHeader {
  path: string;
  key: string;
}

const HEADERS = 'headers.json';

/** The headers a build of the program read that are the user's (its dependency file less rclsim's and the system's). */
function ownHeaders(dependencyFile: string, source: string, rclsimFolders: readonly string[]): OwnHeader[] {
  const text = readFileSync(dependencyFile, 'utf8').replace(/\\\n/g, ' ');
  const paths = text
    .slice(text.indexOf(':') + 1)
    .trim()
    .split(/\s+/)
    .filter((path) => path !== '');
  const own = paths
    .map((path) => resolve(path))
    .filter((path) => path !== source && !path.startsWith('/usr/') && !rclsimFolders.some((folder) => path.startsWith(folder)));
  return [...new Set(own)].sort().map((path) => ({ path, key: contentKey([readFileSync(path)]) }));
}

function headersUnchanged(folder: string): boolean {
  const recorded = JSON.parse(readFileSync(join(folder, HEADERS), 'utf8')) as OwnHeader[];
  return recorded.every(({ path, key }) => existsSync(path) && contentKey([readFileSync(path)]) === key);
}

/**
 * Builds one C++ file into a program linked with the C++ client (`rclsim exec talker.cpp`),
 * cached by content: the file, the headers of its own it includes, the message headers of the
 * job's interface packages, the client and the compiler. Its path. A file that does not compile:
 * the compiler's diagnostics on stderr, then CppBuildError naming it. `shared`: the shared object
 * rclsim loads into its own process (native/inprocess), not an executable.
 */
export function buildCppProgram(file: string, registry: InterfaceRegistry, shared = false): string {
  const source = resolve(file);
  const shipped = shippedCppMessages();
  const client = cppClient(shipped, shared);
  const messages = cppMessages(registry);
  const ownFlags = shared ? [...CPP_FLAGS, ...SHARED_FLAGS] : CPP_FLAGS;
  const flags = [...userFlags(), ...ownFlags];
  const libraries = userLibraries();
  const compiler = numericCompilers();
  const key = contentKey([compiler.key, client.key, messages.key, ...flags, '--', ...libraries, source, readFileSync(source)]);
  const precompiled = precompiledClient(client, shipped, ownFlags);
  const rclsimFolders = [cacheRoot(), client.include];
  const compile = (into: string): void => {
    const dependencies = join(into, 'program.d');
    runTool(
      compiler.cxx,
      [
        ...flags,
        '-include',
        precompiled,
        `-I${client.include}`,
        `-I${messages.folder}`,
        `-I${dirname(source)}`,
        '-MD',
        '-MF',
        dependencies,
        '-o',
        join(into, 'program'),
        source,
        '-Wl,--whole-archive',
        client.library,
        '-Wl,--no-whole-archive',
        ...libraries,
        // The client's symbols are the program's to export: a component library it loads uses its client.
        ...(shared ? SHARED_LINK : ['-rdynamic']),
      ],
      `${file}: does not compile`,
      undefined,
      // What rclsim's compiler names when it leaves a flag out.
      { ...process.env, RCLSIM_BUILDING: relative(process.cwd(), source) },
    );
    writeFileSync(join(into, HEADERS), `${JSON.stringify(ownHeaders(dependencies, source, rclsimFolders))}\n`);
  };
  let folder = cachedFolder('cpp-programs', key, compile);
  if (!headersUnchanged(folder)) {
    // A header of the program's own changed since: build again, in place of the old one.
    const stale = `${folder}.stale-${process.pid}`;
    renameSync(folder, stale);
    rmSync(stale, { recursive: true, force: true });
    folder = cachedFolder('cpp-programs', key, compile);
  }
  const program = join(folder, 'program');
  if (!existsSync(program)) throw new CppBuildError(`${file}: the build made no program`);
  return program;
}
