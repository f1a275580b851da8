// What rclsim's CMake prefix runs when a package first finds one of rclsim's packages
// (clients/cpp/cmake/rclsim_packages.cmake): rclsim's C++ client built into the cache, so that a
// workspace of plain CMake packages that find none of them does not wait minutes for it.
// Argument: the library the prefix names (cmakePrefix.ts); the client built from this process's
// environment (CXX, CC, CXXFLAGS as `rclsim build` had them, which CMake passes on) must be that one.
import { InterruptedError } from '../base/runErrors.js';
import { CppBuildError } from './compiler.js';
import { cppClient } from './cppClient.js';
import { shippedCppMessages } from './cppMessages.js';

const [expected] = process.argv.slice(2);
if (expected === undefined) {
  process.stderr.write('usage: cppClientMain.js <client library>\n');
  process.exit(2);
}
// The package being built is not the client: rclsim's compiler names no package for the client's flags.
delete process.env.RCLSIM_BUILDING;
try {
  const { library } = cppClient(shippedCppMessages());
  if (library !== expected) {
    process.stderr.write(`rclsim: the C++ client built here is ${library}, not ${expected}: the compiler or CXXFLAGS changed under the build\n`);
    process.exit(1);
  }
} catch (error) {
  if (!(error instanceof CppBuildError) && !(error instanceof InterruptedError)) throw error;
  process.stderr.write(`rclsim: ${error.message}\n`);
  process.exit(1);
}
