/*
 * What rclsim's process hands a C++ program it loaded into itself (docs/cpp-process.md, "In
 * rclsim's process"): the node port's messages carried through memory instead of fd 3, and the
 * program's end without the process's. C, as the host (native/inprocess/inprocess.c) is.
 */
#ifndef RCLSIM_INPROCESS_HOST_H
#define RCLSIM_INPROCESS_HOST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct rclsim_host
{
  void * channel;
  /* Whole frames (varint length, body), as the socket carries them, to the simulation. */
  void (* send)(void * channel, const char * data, size_t size);
  /* Waits for the simulation's next message: its body, valid until the next receive. */
  size_t (* receive)(void * channel, const char ** body);
  /* A thread the program started: a crash on it is the program's, not rclsim's. */
  void (* adopt_thread)(void * channel);
  /* The program ended (`signal` 0: it said Exit; else it dies of it): this thread waits for good. */
  void (* park)(void * channel, int signal);
  /* Whether the calling thread is the program's main: a fiber on the simulation's thread, which must never block. */
  int (* on_fiber)(void * channel);
  /* The fiber waits for its turn: the simulation's thread goes on until `resume`. */
  void (* suspend)(void * channel);
  /* One of the program's kernel threads hands the fiber the turn. */
  void (* resume)(void * channel);
};

/*
 * The host's entry, which the program's client finds in the process (dlsym RTLD_DEFAULT): the
 * host of the thread that loads the program, NULL on any other (a program in its own process
 * has no such entry at all).
 */
typedef const struct rclsim_host * (* rclsim_inprocess_host_fn)(void);
#define RCLSIM_INPROCESS_HOST "rclsim_inprocess_host"

#ifdef __cplusplus
}
#endif

#endif
