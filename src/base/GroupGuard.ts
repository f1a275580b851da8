/**
 * What kills programs' process groups when this process dies however it dies, SIGKILL included
 * (docs/design.md#faults-stay-in-their-process): nothing of a program — its process, the processes it started —
 * may outlive the run, and a program spinning in a callback never reads that its socket closed.
 * Node cannot ask the kernel for a death signal (PR_SET_PDEATHSIG), and a thread in the program
 * is not enough (a Python thread needs the GIL, which C code may hold for good), so a shell of
 * its own, started with the first program, waits on a pipe that only this process (this thread:
 * its handles close with it) writes to: `+<pgid>` and `-<pgid>` lines keep the groups of the
 * programs that run. The kernel closes the pipe when this process dies; the shell then kills
 * every group still listed. A program's end kills its group here and takes it off the list: a
 * process group's number is free again once its processes are gone.
 */
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';

/** The shell's part: signals of a terminal or of a group do not stop it; at the end of its stdin it kills the groups listed. */
const SCRIPT = `trap "" HUP INT QUIT TERM
groups=" "
while read -r line; do
  case $line in
    +*) groups="$groups\${line#+} " ;;
    -*) id=\${line#-}; case $groups in *" $id "*) groups="\${groups%% $id *} \${groups#* $id }" ;; esac ;;
  esac
done
for id in $groups; do kill -KILL "-$id"; done`;

/** The shell's stdin (null: no shell could start). */
let guard: { pipe: Writable; fd: number } | null | undefined;

function tell(line: string): void {
  guard ??= start();
  if (guard === null) return;
  try {
    writeSync(guard.fd, `${line}\n`);
  } catch {
    // The shell is gone (killed by someone): nothing guards the groups any more.
    guard.pipe.destroy();
    guard = null;
  }
}

function start(): { pipe: Writable; fd: number } | null {
  // In a session of its own: a Ctrl-C to the terminal's group, or a kill of this process's group, does not reach it.
  const shell = spawn('/bin/sh', ['-c', SCRIPT, 'rclsim-group-guard'], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    // It holds no folder of the run's.
    cwd: '/',
  });
  shell.on('error', () => {});
  if (shell.pid === undefined) return null;
  // Neither keeps this process alive: it ends when it would have.
  shell.unref();
  const pipe = shell.stdin!;
  (pipe as unknown as { unref(): void }).unref();
  return { pipe, fd: (pipe as unknown as { _handle: { fd: number } })._handle.fd };
}

/** Process group `pgid` (its leader's pid) is killed if this process dies. */
export function guardGroup(pgid: number): void {
  tell(`+${pgid}`);
}

/** Group `pgid` is gone (killed here): the shell forgets it. */
export function releaseGroup(pgid: number): void {
  tell(`-${pgid}`);
}
