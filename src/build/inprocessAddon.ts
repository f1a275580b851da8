import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedFolder, contentKey } from './buildCache.js';
import { compilerCommand, compilerIdentity, runTool } from './compiler.js';
import { CPP_CLIENT } from './cppClient.js';

/** The host of C++ programs in rclsim's process: a Node-API addon in C (native/inprocess). */
const SOURCE = fileURLToPath(new URL('../../../native/inprocess/inprocess.c', import.meta.url));
/** The ABI it shares with the C++ client (the client's transport). */
const HOST_HEADER = join(CPP_CLIENT, 'src', 'rclsim', 'inprocess_host.h');

/**
 * The addon built (once per content: its source, the shared header, the compiler, this Node's
 * headers) with rclsim's C++ compiler, no node-gyp: Node-API's headers come with Node. Its path.
 */
export function inprocessAddon(): string {
  const nodeHeaders = join(dirname(process.execPath), '..', 'include', 'node');
  const key = contentKey([compilerIdentity(), process.version, readFileSync(SOURCE), readFileSync(HOST_HEADER)]);
  const folder = cachedFolder('inprocess-addon', key, (into) => {
    runTool(
      compilerCommand(),
      [
        '-x',
        'c',
        '-std=gnu11',
        '-O2',
        '-fPIC',
        '-shared',
        `-I${nodeHeaders}`,
        `-I${join(CPP_CLIENT, 'src')}`,
        SOURCE,
        '-o',
        join(into, 'inprocess.node'),
        '-pthread',
      ],
      "rclsim's host of in-process C++ programs (native/inprocess) did not build",
    );
  });
  return join(folder, 'inprocess.node');
}
