import { nativeAddon } from './nativeAddon.js';

/** The descriptor number the region has in the program's process (the entry after the socket's 3 in its stdio). */
export const SHARED_RINGS_FD = 4;
/** How the program's client learns it (clients/cpp/src/rclsim/shm_ring.h's RCLSIM_SHM_FD_VARIABLE). */
export const SHARED_RINGS_VARIABLE = 'RCLSIM_PORT_SHM_FD';

/** The addon's functions (native/inprocess/shm_link.c). */
interface ShmAddon {
  shmCreate(): [number, object];
  shmWrite(link: object, bytes: Uint8Array): number;
  shmRead(link: object, buffer: Buffer, fd: number): number;
  shmWait(link: object, buffer: Buffer, fd: number, outputs: Int32Array, timeoutMs: number, spinNs: number): number;
  shmClose(fd: number): void;
  shmTaken(link: object): number;
}

/**
 * The simulation's end of a separate C++ program's port through shared memory
 * (clients/cpp/src/rclsim/shm_ring.h): two rings in a region made for the program, with a futex
 * hand-off, where the socket took a system call each way and a wake-up. The socket stays beside
 * it: its end of file says the program is gone. Reads and waits return what FdWait's do.
 */
export class SharedRings {
  readonly #addon: ShmAddon;
  readonly #link: object;
  /** The region's descriptor here until the program has it (release). */
  #fd: number;

  constructor(addonPath: string) {
    this.#addon = nativeAddon<ShmAddon>(addonPath);
    [this.#fd, this.#link] = this.#addon.shmCreate();
  }

  /** The descriptor to hand the program (its stdio entry SHARED_RINGS_FD). */
  get fd(): number {
    return this.#fd;
  }

  /** Closes this process's descriptor once the program's process has its own (the mapping stays). */
  release(): void {
    if (this.#fd >= 0) this.#addon.shmClose(this.#fd);
    this.#fd = -1;
  }

  /** Puts what fits of `parts`, in order, in the ring to the program: the count of bytes put. */
  writev(parts: readonly Uint8Array[]): number {
    let put = 0;
    for (const part of parts) {
      const count = this.#addon.shmWrite(this.#link, part);
      put += count;
      if (count < part.length) break;
    }
    return put;
  }

  /** What the program's ring holds, at once: the bytes read; 0 when its socket ended, −1 when there is nothing yet. */
  read(socket: number, buffer: Buffer): number {
    return this.#addon.shmRead(this.#link, buffer, socket);
  }

  /** Spins `spinMs`, then sleeps until the ring holds bytes (as read), `outputs` have (−2), or `timeoutMs` passed (−1). */
  wait(socket: number, buffer: Buffer, outputs: Int32Array, timeoutMs: number, spinMs: number): number {
    return this.#addon.shmWait(this.#link, buffer, socket, outputs, timeoutMs, Math.round(spinMs * 1e6));
  }

  /** The bytes the program sent through its ring, ever (not through the socket). */
  get taken(): number {
    return this.#addon.shmTaken(this.#link);
  }
}
