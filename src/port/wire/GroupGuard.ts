/**
 * What kills a program's process group when this process dies however it dies, SIGKILL
 * included (DESIGN.md "Node processes"): nothing of a program — its process, the processes it
 * started — may outlive the run, and a program spinning in a callback never reads that its
 * socket closed. Node cannot ask the kernel for a death signal (PR_SET_PDEATHSIG), and a thread
 * in the program is not enough (a Python thread needs the GIL, which C code may hold for good),
 * so a shell of its own waits on a pipe that only this process writes to. The kernel closes the
 * pipe when this process dies; the shell then kills the group. `release` (the program ended, its
 * group killed here) lets the shell go without killing: a process group's number is free again
 * once its processes are gone.
 */
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';

/** The shell's part: signals of a terminal or a group do not stop it; the end of its stdin without a line kills group $1. */
const SCRIPT = 'trap "" HUP INT QUIT TERM; read -r released || kill -KILL "-$1"';

export class GroupGuard {
  readonly #pipe: Writable;
  readonly #fd: number;
  #released = false;

  /** Guards the process group `pgid` (its leader's pid); null when no shell could start. */
  static start(pgid: number): GroupGuard | null {
    // In a session of its own: a Ctrl-C to the terminal's group, or a kill of this process's group, does not reach it.
    const shell = spawn('/bin/sh', ['-c', SCRIPT, 'rclsim-group-guard', String(pgid)], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    shell.on('error', () => {});
    if (shell.pid === undefined) return null;
    // Neither keeps this process alive: it ends when it would have.
    shell.unref();
    (shell.stdin as unknown as { unref(): void }).unref();
    return new GroupGuard(shell.stdin!);
  }

  private constructor(pipe: Writable) {
    this.#pipe = pipe;
    this.#fd = (pipe as unknown as { _handle: { fd: number } })._handle.fd;
  }

  /** The group is gone (killed here): the shell ends without killing. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    try {
      writeSync(this.#fd, '\n');
    } catch {
      // The shell is gone already.
    }
    this.#pipe.destroy();
  }
}
