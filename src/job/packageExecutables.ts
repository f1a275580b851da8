import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { ManifestError } from '../build/packageManifest.js';
import { type PreparedWorkspace, prepareWorkspace, programWorkspace } from '../build/prepareWorkspace.js';
import { WorkspaceError } from '../build/workspaceFolders.js';
import { standardExecutables, standardNode } from '../nodes/standardNodes.js';
import { JobFileError } from './jobErrors.js';

/**
 * The workspace `dir` names, prepared (build/prepareWorkspace.ts); one that cannot be (a setup.py
 * rclsim cannot read, two packages of one name) is bad input, a JobFileError.
 */
export function preparedWorkspace(dir?: string): PreparedWorkspace {
  try {
    return prepareWorkspace(dir);
  } catch (error) {
    if (error instanceof WorkspaceError || error instanceof ManifestError) throw new JobFileError(error.message);
    throw error;
  }
}

/** build/prepareWorkspace.ts's programWorkspace; a bad package.xml is a JobFileError. */
export function programWorkspaceOf(dir?: string): ReturnType<typeof programWorkspace> {
  try {
    return programWorkspace(dir);
  } catch (error) {
    if (error instanceof ManifestError) throw new JobFileError(error.message);
    throw error;
  }
}

/**
 * What a package's executable is, as rclsim runs it: a C++ program (an ELF file `rclsim build`
 * made with the C++ client), a Python program (a script whose `#!` line names python: what a
 * console_scripts entry point installs, build/pythonPackages.ts, or a package's `scripts`), or
 * one of rclsim's standard nodes (nodes/standardNodes.ts: an rclnodejs program, run in-process).
 */
export interface PackageExecutable {
  path: string;
  kind: 'cpp' | 'python' | 'standard';
}

/** The first line of a file (up to 256 bytes). */
function firstBytes(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(256);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** A `#!` line's interpreter, as the kernel and `env` take it: `/usr/bin/env python3` → python3. */
function interpreterOf(line: string): string {
  const words = line.slice(2).trim().split(/\s+/);
  const first = basename(words[0] ?? '');
  return first === 'env' ? basename(words.find((word, i) => i > 0 && !word.startsWith('-')) ?? '') : first;
}

/** A file's kind: C++ (ELF), Python (a python `#!` line), or a line saying why rclsim cannot run it. */
export function executableKind(path: string): PackageExecutable['kind'] | { why: string } {
  const head = firstBytes(path);
  if (head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return 'cpp';
  const shown = relative(process.cwd(), path);
  if (head.subarray(0, 2).toString('latin1') === '#!') {
    const interpreter = interpreterOf(head.toString('utf8').split('\n')[0]!);
    if (/^python3?(\.\d+)?$/.test(interpreter)) return 'python';
    return { why: `${shown}: a script run by ${interpreter}: rclsim runs Python scripts and the C++ programs rclsim build makes` };
  }
  return { why: `${shown}: neither a program rclsim build made nor a script with a #!python line` };
}

/**
 * A package's executable in a workspace, as `ros2 run` finds it (`<prefix>/lib/<pkg>/<exe>`),
 * and what it is; a package the workspace does not have is one of rclsim's standard nodes when
 * rclsim has it (the workspace's overlays rclsim's, as a sourced overlay does the underlay's).
 * One that is not there, or that rclsim cannot run, is a line saying why.
 */
export function packageExecutable(workspace: PreparedWorkspace, pkg: string, executable: string): PackageExecutable | { why: string } {
  const prefix = workspace.install;
  const folder = join(prefix, 'lib', pkg);
  const shown = relative(process.cwd(), prefix) || '.';
  const source = workspace.packages.find((found) => found.name === pkg);
  if (!existsSync(folder) && !existsSync(join(prefix, 'share', pkg)) && source === undefined) {
    const standard = standardNode(pkg, executable);
    if (standard !== undefined) return { path: standard, kind: 'standard' };
    const builtIn = standardExecutables(pkg);
    if (builtIn !== undefined) return { why: `package ${pkg} has no executable ${executable} (rclsim's built-in ${pkg} has ${builtIn.join(', ')})` };
    const where = workspace.root === null ? `the install prefix ${shown}` : `the workspace ${relative(process.cwd(), workspace.root) || '.'}`;
    return { why: `no package ${pkg} in ${where} (--workspace names another)` };
  }
  const path = join(folder, executable);
  if (statSync(path, { throwIfNoEntry: false })?.isFile() !== true) {
    const found = existsSync(folder) ? readdirSync(folder).sort() : [];
    const built =
      source !== undefined && found.length === 0 && source.buildType !== 'ament_python' ? `; rclsim build builds package ${pkg} (${source.buildType})` : '';
    return {
      why: `package ${pkg} has no executable ${executable} in ${join(shown, 'lib', pkg)}${found.length === 0 ? '' : ` (it has ${found.join(', ')})`}${built}`,
    };
  }
  const kind = executableKind(path);
  return typeof kind === 'string' ? { path, kind } : kind;
}
