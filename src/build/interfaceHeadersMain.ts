// What rclsim's rosidl_generate_interfaces runs (clients/cpp/cmake/rclsim_rosidl.cmake): the C++
// and C headers of one package's interfaces, by the generator the simulation's CDR comes from.
// Arguments: the include folder to write, the package, the folder of its definitions
// (<folder>/<pkg>/msg/…), then the install prefixes of the workspace packages it depends on.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { InterfaceError, InterfaceRegistry } from '../interfaces/InterfaceRegistry.js';
import { generateMessageHeaders } from '../interfaces/messageHeaders.js';

const [out, pkg, definitions, ...prefixes] = process.argv.slice(2);
if (out === undefined || pkg === undefined || definitions === undefined) {
  process.stderr.write('usage: interfaceHeadersMain.js <include folder> <package> <definitions folder> [install prefix…]\n');
  process.exit(2);
}

let files: Map<string, string>;
try {
  files = generateMessageHeaders(new InterfaceRegistry([{ path: definitions }, ...prefixes.map((path) => ({ path }))]), [pkg]);
} catch (error) {
  if (!(error instanceof InterfaceError)) throw error;
  process.stderr.write(`rclsim: ${error.message}\n`);
  process.exit(1);
}

/** Every file below a folder, relative to it. */
function filesBelow(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

// A header written again only when it changed: what includes it is not built again for nothing.
for (const [path, text] of files) {
  const file = join(out, path);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
for (const path of filesBelow(out)) if (!files.has(path)) rmSync(join(out, path));
