import type { OptionalTool } from '../../support/helpers.js';

/** The clients a runner runs a case's program through: runners of one client share the expected trace and fingerprint. */
export type ClientName = 'rclnodejs' | 'rclpy' | 'rclcpp';

/**
 * One column of the conformance table: a client and how a case's program goes through it. A new
 * client joins with one entry here, one program per case in test/fixtures/conformance/,
 * and its expected traces and fingerprints (docs/conformance.md).
 */
export interface Runner {
  name: string;
  client: ClientName;
  /** The extension of its programs: test/fixtures/conformance/<case><ext>. */
  ext: string;
  /** A tool the machine may lack (the cells skip, naming the packages). */
  needs?: OptionalTool;
  /** rclsim exec's options that pick the runner (a program case runs as `rclsim exec <program>`). */
  exec: readonly string[];
  /** Its job file's node entry for a case that uses the job's operations (run as `rclsim run job.yaml`). */
  jobEntry(program: string): Record<string, unknown>;
}

export const RUNNERS: readonly Runner[] = [
  {
    name: 'rclnodejs in-process',
    client: 'rclnodejs',
    ext: '.cjs',
    exec: [],
    // A JavaScript program reaches the job's operations as a component (its factory gets { job }).
    jobEntry: (program) => ({ module: program, export: 'JobCase' }),
  },
  {
    name: 'rclnodejs separate',
    client: 'rclnodejs',
    ext: '.cjs',
    exec: ['--process', 'separate'],
    jobEntry: (program) => ({ module: program, export: 'JobCase', process: 'separate' }),
  },
  {
    name: 'rclpy',
    client: 'rclpy',
    ext: '.py',
    needs: 'python3',
    exec: [],
    // A Python program has the job's operations in its rclsim module.
    jobEntry: (program) => ({ script: program }),
  },
  {
    // In rclsim's process, as a shared object (docs/cpp-process.md).
    name: 'rclcpp',
    client: 'rclcpp',
    ext: '.cpp',
    needs: 'C++ toolchain',
    exec: [],
    // A C++ program has the job's operations in rclsim/rclsim.hpp; rclsim compiles it once per run (its cache).
    jobEntry: (program) => ({ script: program }),
  },
  {
    name: 'rclcpp separate',
    client: 'rclcpp',
    ext: '.cpp',
    needs: 'C++ toolchain',
    exec: ['--process', 'separate'],
    jobEntry: (program) => ({ script: program, process: 'separate' }),
  },
];
