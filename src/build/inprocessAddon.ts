import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedFolder, contentKey } from './buildCache.js';
import { CppBuildError, compilerCommand, compilerIdentity, runTool } from './compiler.js';
import { CPP_CLIENT } from './cppClient.js';

/**
 * A Node-API addon in C (native/inprocess): the host of C++ programs in rclsim's process
 * (inprocess.c), the wait for a separate program's next bytes (fd_wait.c), and the shared-memory
 * rings a separate C++ program's port goes through (shm_link.c).
 */
const SOURCES = ['inprocess.c', 'fd_wait.c', 'fd_wait.h', 'shm_link.c', 'shm_link.h', 'port_wait.h'].map((name) =>
  fileURLToPath(new URL(`../../../native/inprocess/${name}`, import.meta.url)),
);
/** Node-API's headers, which come with Node. */
const NODE_HEADERS = join(dirname(process.execPath), '..', 'include', 'node');
/** The ABIs it shares with the C++ client (the client's transports). */
const HOST_HEADERS = ['inprocess_host.h', 'shm_ring.h'].map((name) => join(CPP_CLIENT, 'src', 'rclsim', name));

/**
 * The addon built (once per content: its source, the shared header, the compiler, this Node's
 * headers) with rclsim's C++ compiler, no node-gyp: Node-API's headers come with Node. Its path.
 */
export function inprocessAddon(): string {
  const key = contentKey([
    compilerIdentity(),
    process.version,
    ...SOURCES.map((source) => readFileSync(source)),
    ...HOST_HEADERS.map((header) => readFileSync(header)),
  ]);
  const folder = cachedFolder('inprocess-addon', key, (into) => {
    runTool(
      compilerCommand(),
      [
        '-std=gnu11',
        '-O2',
        '-fPIC',
        '-shared',
        `-I${NODE_HEADERS}`,
        `-I${join(CPP_CLIENT, 'src')}`,
        // g++ takes `-x c` for the next file only.
        ...SOURCES.filter((source) => source.endsWith('.c')).flatMap((source) => ['-x', 'c', source]),
        '-o',
        join(into, 'inprocess.node'),
        '-pthread',
      ],
      "rclsim's addon (native/inprocess: the host of in-process C++ programs, the wait on separate ones) did not build",
    );
  });
  return join(folder, 'inprocess.node');
}

let fdWait: string | null | undefined;

/**
 * The addon for the wait on separate programs' sockets, or null on a machine that cannot build
 * it (rclsim runs JavaScript and Python programs without a compiler): they are then waited for
 * by trying non-blocking reads (ProgramSocket). The one check: the compiler runs and Node's
 * headers are there.
 */
export function fdWaitAddon(): string | null {
  if (fdWait === undefined) fdWait = canBuild() ? inprocessAddon() : null;
  return fdWait;
}

function canBuild(): boolean {
  try {
    compilerIdentity();
  } catch (error) {
    if (error instanceof CppBuildError) return false;
    throw error;
  }
  return existsSync(join(NODE_HEADERS, 'node_api.h'));
}
