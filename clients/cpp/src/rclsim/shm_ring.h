/*
 * The node port's byte streams through shared memory (docs/node-protocol.md, "The stream"):
 * the region a separate C++ program gets beside its socket, shared by the simulation's end
 * (native/inprocess/shm_link.c) and the client's (clients/cpp/src/wire/shm_stream.cpp). Two
 * rings of one writer and one reader each carry what fd 3 carries, frame for frame; a reader
 * that finds nothing sleeps on its ring's futex word, and a writer makes the system call that
 * wakes it only when it sleeps. The socket stays: its end of file says the other side is gone.
 *
 * Before including, a side defines RCLSIM_SHM_SYSCALL: the C++ client interposes libc's
 * syscall() (its threads take turns on futexes), so its futex calls go to libc's own.
 */
#ifndef RCLSIM_SHM_RING_H
#define RCLSIM_SHM_RING_H

#include <linux/futex.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>

#ifdef __cplusplus
#include <atomic>
#define RCLSIM_SHM_ATOMIC(T) std::atomic<T>
#define rclsim_shm_load(p) (p)->load(std::memory_order_seq_cst)
#define rclsim_shm_store(p, v) (p)->store((v), std::memory_order_seq_cst)
#define rclsim_shm_bump(p) (p)->fetch_add(1, std::memory_order_seq_cst)
#else
#include <stdatomic.h>
#define RCLSIM_SHM_ATOMIC(T) _Atomic T
#define rclsim_shm_load(p) atomic_load(p)
#define rclsim_shm_store(p, v) atomic_store((p), (v))
#define rclsim_shm_bump(p) atomic_fetch_add((p), 1)
#endif

/* The environment variable that names the region's descriptor in the program's process. */
#define RCLSIM_SHM_FD_VARIABLE "RCLSIM_PORT_SHM_FD"
/* A power of two (positions wrap by it): a larger frame goes through in parts. */
#define RCLSIM_SHM_RING_BYTES (1u << 20)

/* Each counter on a cache line of its own: the writer's and the reader's do not share one. */
struct rclsim_shm_ring
{
  /* Bytes the writer put in, ever. */
  RCLSIM_SHM_ATOMIC(uint64_t) written;
  char pad0[56];
  /* Bytes the reader took, ever. */
  RCLSIM_SHM_ATOMIC(uint64_t) taken;
  char pad1[56];
  /* The reader's futex word, bumped after each write; whether the reader sleeps on it. */
  RCLSIM_SHM_ATOMIC(uint32_t) data_seq;
  RCLSIM_SHM_ATOMIC(uint32_t) reader_sleeps;
  char pad2[56];
  /* The writer's, bumped after each take, for a writer waiting for room. */
  RCLSIM_SHM_ATOMIC(uint32_t) space_seq;
  RCLSIM_SHM_ATOMIC(uint32_t) writer_sleeps;
  char pad3[56];
  uint8_t bytes[RCLSIM_SHM_RING_BYTES];
};

struct rclsim_shm_link
{
  struct rclsim_shm_ring to_client;
  struct rclsim_shm_ring to_simulation;
};

/* A spinning reader's breath: the other hardware thread of the core runs meanwhile. */
static inline void rclsim_shm_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

static inline void rclsim_shm_wake(void * word)
{
  RCLSIM_SHM_SYSCALL(SYS_futex, word, FUTEX_WAKE, 1, NULL, NULL, 0);
}

/* Sleeps while `*word` is `seen`, `timeout_ns` at most; a wake, a change or a signal ends it early. */
static inline void rclsim_shm_sleep(void * word, uint32_t seen, long timeout_ns)
{
  struct timespec timeout = {timeout_ns / 1000000000L, timeout_ns % 1000000000L};
  RCLSIM_SHM_SYSCALL(SYS_futex, word, FUTEX_WAIT, seen, &timeout, NULL, 0);
}

/* Bytes the ring holds. */
static inline size_t rclsim_shm_held(struct rclsim_shm_ring * ring)
{
  return (size_t)(rclsim_shm_load(&ring->written) - rclsim_shm_load(&ring->taken));
}

/* Puts what fits of `size` bytes (all unless the ring fills): the count put; wakes a sleeping reader. */
static inline size_t rclsim_shm_put(struct rclsim_shm_ring * ring, const uint8_t * data, size_t size)
{
  uint64_t written = rclsim_shm_load(&ring->written);
  size_t room = RCLSIM_SHM_RING_BYTES - (size_t)(written - rclsim_shm_load(&ring->taken));
  size_t count = size < room ? size : room;
  if (count == 0) return 0;
  size_t at = (size_t)(written % RCLSIM_SHM_RING_BYTES);
  size_t first = RCLSIM_SHM_RING_BYTES - at < count ? RCLSIM_SHM_RING_BYTES - at : count;
  memcpy(ring->bytes + at, data, first);
  memcpy(ring->bytes, data + first, count - first);
  rclsim_shm_store(&ring->written, written + count);
  rclsim_shm_bump(&ring->data_seq);
  /* Sequentially consistent: either this sees the flag, or the reader sees the bytes before it sleeps. */
  if (rclsim_shm_load(&ring->reader_sleeps)) rclsim_shm_wake(&ring->data_seq);
  return count;
}

/* Takes up to `size` of the bytes there: the count taken (0: none); wakes a writer waiting for room. */
static inline size_t rclsim_shm_take(struct rclsim_shm_ring * ring, uint8_t * into, size_t size)
{
  uint64_t taken = rclsim_shm_load(&ring->taken);
  size_t held = (size_t)(rclsim_shm_load(&ring->written) - taken);
  size_t count = size < held ? size : held;
  if (count == 0) return 0;
  size_t at = (size_t)(taken % RCLSIM_SHM_RING_BYTES);
  size_t first = RCLSIM_SHM_RING_BYTES - at < count ? RCLSIM_SHM_RING_BYTES - at : count;
  memcpy(into, ring->bytes + at, first);
  memcpy(into + first, ring->bytes, count - first);
  rclsim_shm_store(&ring->taken, taken + count);
  rclsim_shm_bump(&ring->space_seq);
  if (rclsim_shm_load(&ring->writer_sleeps)) rclsim_shm_wake(&ring->space_seq);
  return count;
}

/* Sleeps up to `timeout_ns` unless the ring holds bytes: whether it does after. */
static inline int rclsim_shm_await_data(struct rclsim_shm_ring * ring, long timeout_ns)
{
  uint32_t seen = rclsim_shm_load(&ring->data_seq);
  rclsim_shm_store(&ring->reader_sleeps, 1);
  if (rclsim_shm_held(ring) == 0) rclsim_shm_sleep(&ring->data_seq, seen, timeout_ns);
  rclsim_shm_store(&ring->reader_sleeps, 0);
  return rclsim_shm_held(ring) != 0;
}

/* Sleeps up to `timeout_ns` while the ring is full: whether it has room after. */
static inline int rclsim_shm_await_room(struct rclsim_shm_ring * ring, long timeout_ns)
{
  uint32_t seen = rclsim_shm_load(&ring->space_seq);
  rclsim_shm_store(&ring->writer_sleeps, 1);
  if (rclsim_shm_held(ring) == RCLSIM_SHM_RING_BYTES) rclsim_shm_sleep(&ring->space_seq, seen, timeout_ns);
  rclsim_shm_store(&ring->writer_sleeps, 0);
  return rclsim_shm_held(ring) < RCLSIM_SHM_RING_BYTES;
}

#endif
