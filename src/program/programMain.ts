/**
 * A separate program's process (docs/design.md#node-processes): rclsim starts it as
 * `node programMain.js <program file>` with the program's socket at fd 3. It loads the client,
 * not the simulation: `rclnodejs` is the client over the socket, and the program's code runs
 * only when the simulation grants it a callback.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { drainMicrotasks } from '../base/microtasks.js';
import { countPromiseEvents } from '../base/promiseActivity.js';
import { setPortResolver } from '../client/currentPort.js';
import { isLoadError, loadFailure } from '../compat/loadErrors.js';
import { installLoaderOutside } from '../compat/loaderOutside.js';
import { installPortablePow } from '../compat/portablePow.js';
import { installRclnodejsAlias } from '../compat/rclnodejsAlias.js';
import { registerTypeScript } from '../compat/typeScriptLoader.js';
import { VirtualGlobals } from '../compat/VirtualGlobals.js';
import { InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import { WirePort } from '../port/WirePort.js';
import { ClientSocket } from '../port/wire/ClientSocket.js';
import { carried, PROTOCOL_VERSION } from '../port/wire/nodeMessages.js';
import { OutOfProtocol } from '../port/wire/OutOfProtocol.js';
import { takeWroteOutput, watchOutput } from './outputWatch.js';
import { portMachine } from './portMachine.js';
import { watchUncaught } from './uncaughtInProgram.js';

const file = resolve(process.argv[2] ?? '');
const socket = new ClientSocket();
const welcome = socket.hello({ protocolVersion: PROTOCOL_VERSION, client: 'rclsim-rclnodejs', language: 'javascript' });
const interfaces = new InterfaceRegistry(welcome.interfaceFolders.map(({ path, package: name }) => (name === '' ? { path } : { path, package: name })));
const realExit = process.exit.bind(process);
watchOutput();
const port = new WirePort(socket, interfaces, welcome, (code) => realExit(code), takeWroteOutput);
setPortResolver(() => port);
watchUncaught(port);
// The program sees sim time, its own random streams and a machine of the simulation's, as in-process.
new VirtualGlobals(portMachine(port, Number(welcome.seed), welcome.program)).install();

const client = new URL('../client/index.js', import.meta.url);
const clientRclsim = new URL('../client/programRclsim.js', import.meta.url);
// require('rclnodejs') is the module object, as rclnodejs's index.js exports it; import gets the named exports.
const clientModule = (await import(client.href)) as { default: object };
const { rclnodejsLibModule } = await import('../client/rclnodejsLibModules.js');
// The program's `**` computes as its Math.pow: the portable one (VirtualGlobals above).
installPortablePow();
// What loads the program (tsx and its cache) does so with the process's own globals, as in-process.
installLoaderOutside();
installRclnodejsAlias(file, {
  exports: clientModule.default,
  url: client.href,
  lib: rclnodejsLibModule,
  // A component imports rclsim's own names for the rclnodejs API.
  packages: {
    'rclsim/rclnodejs': { exports: clientModule, url: client.href },
    rclsim: { exports: (await import(clientRclsim.href)) as object, url: clientRclsim.href },
  },
});
await registerTypeScript(file);
process.argv = [process.execPath, file, ...welcome.argv];

// The program's top-level code is its first callback, as in-process (job/programs.ts): loading
// takes turns of the event loop; a module body that awaits sim time never settles before the
// simulation runs, so once its code has used the port and its continuations ran, it is done.
let ending: Parameters<WirePort['topLevelDone']>[0] = null;
let settled = false;
// A component's builder loads only for a component (what loads before Hello delays every program).
const component = welcome.component === '' ? null : await import('./componentMain.js');
// Whether a callback left continuations behind, told as the engine tells it in-process: counted
// from the program's first code on, as the engine counts from the run's start. Not while the
// client loads: each of the module loader's promises would call the hooks.
countPromiseEvents();
const topLevel = component === null ? import(pathToFileURL(file).href) : component.buildComponent(file, welcome.component, port);
topLevel.then(
  () => (settled = true),
  (error: unknown) => {
    settled = true;
    const componentFailure = component !== null && error instanceof component.ComponentLoadError;
    if (componentFailure) ending = { loadFailure: (error as Error).message };
    else ending = isLoadError(error) ? { loadFailure: loadFailure(error) } : { thrown: error };
  },
);
while (!settled && !port.used) await drainMicrotasks();
await drainMicrotasks();
port.topLevelDone(ending);

// A program's process runs few callbacks (rslcpp's benchmark: ~4,000 in each of its five, against
// ~19,000 in the run's thread), too few for V8's usual budget to optimize their code: the client,
// the codec and the callbacks stayed interpreted or baseline-compiled, each property access
// through an inline cache's handler. From here on (loading is done: its code runs once) a
// smaller budget has hot functions optimized after less work. What V8 compiles never changes
// what code does. V8's budget is 66 KB (Node 20); the flag has had this name since V8's first versions.
setFlagsFromString(`--interrupt-budget=${16 * 1024}`);

try {
  for (;;) {
    const message = socket.receive();
    if (message.run !== undefined) {
      // Only continuations are awaited: any other await would let them run before their turn.
      const continuations = port.run(message.run);
      if (continuations !== undefined) await continuations;
    } else throw new OutOfProtocol(`the simulation sent ${carried(message)} where a Run was due`);
  }
} catch (error) {
  // rclsim's own failure: Node.js reports it and the process exits 1, not the program's failure.
  process.removeAllListeners('uncaughtException');
  throw error;
}
