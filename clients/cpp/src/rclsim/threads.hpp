// The program's threads, one at a time (docs/design.md#c-programs: threads inside the process),
// as clients/python/rclsim/_threads.py takes Python's threads in turns. A thread of the program
// runs only while it holds the *turn*; it gives the turn up only where it would block (a sleep,
// a spin, a condition variable, a contended mutex, a join, a semaphore, a futex) or when it ends.
// Who gets the turn then is decided in a fixed order (next_to_run): threads started and not yet
// run, in the order they were started; then threads whose wait is over, in the order they began
// waiting; when none can go on, the waiting thread reads the simulation's next run (port.cpp),
// which goes to the thread that spins the node of its entity. So threads interleave the same way
// on every run, and no two of them ever run at once.
#ifndef RCLSIM__THREADS_HPP_
#define RCLSIM__THREADS_HPP_

#include <pthread.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "wire/node_proto.hpp"

namespace rclsim::threads
{

/// One of the program's threads (the main thread, or one it started once rclsim was up).
struct Thread;

/// A thread waiting in port::serve_runs until `until()`; `run` is a run handed to it to dispatch.
struct Waiter
{
  Thread * thread;
  const std::function<bool()> * until;
  std::optional<node::Run> run;
};

/// Who goes on next: a thread not yet run, or a waiter (none: both null).
struct Choice
{
  Thread * thread = nullptr;
  Waiter * waiter = nullptr;
  explicit operator bool() const {return thread != nullptr;}
};

/// The main thread is the program's first, holding the turn (called once the port is up).
void start_main();
/// The calling thread when the simulation schedules it (null: a thread rclsim does not run).
Thread * current();
/// 0 for the main thread, then 1, 2 … in the order the program started them.
uint32_t number(const Thread * thread);
/// "main", "thread-N", or the name the program gave it (pthread_setname_np).
const std::string & name(const Thread * thread);
void set_name(pthread_t handle, const std::string & name);

/// The thread the program started as `handle` (null: none of the scheduled ones).
Thread * of(pthread_t handle);
/// The thread whose kernel id (gettid) is `tid` (null: none of the scheduled ones).
Thread * of_tid(pid_t tid);
/// Whether the thread's code ran to its end.
bool ended(const Thread * thread);

/// A thread that can go on before `me` waits further (with `shut_down`, any waiter can).
Choice next_to_run(const Thread * me, bool shut_down);
/// `me` waits, in its order, until the guard goes (RAII: a callback's exception unwinds it).
class Waiting
{
public:
  explicit Waiting(Waiter & waiter);
  ~Waiting();
  Waiting(const Waiting &) = delete;
  Waiting & operator=(const Waiting &) = delete;

private:
  Waiter & waiter_;
};
/// The innermost wait of `thread`, the one it goes on from (null: it waits not).
Waiter * waiter_of(const Thread * thread);
/// Gives the turn to `thread` and holds the calling thread until it comes back.
void hand_over(Thread * thread);

/// Starts a thread of the program that waits for its turn before `start(arg)` runs (pthread_create).
int create(pthread_t * handle, const pthread_attr_t * attributes, void * (*start)(void *), void * arg);

/// libc's own functions, under rclsim's definitions of them (machine's and threads_libc.cpp's).
namespace real
{
int mutex_lock(pthread_mutex_t * mutex);
int mutex_trylock(pthread_mutex_t * mutex);
int mutex_unlock(pthread_mutex_t * mutex);
int cond_wait(pthread_cond_t * cond, pthread_mutex_t * mutex);
int cond_signal(pthread_cond_t * cond);
int cond_broadcast(pthread_cond_t * cond);
int create(pthread_t * handle, const pthread_attr_t * attributes, void * (*start)(void *), void * arg);
int join(pthread_t handle, void ** result);
}  // namespace real

}  // namespace rclsim::threads

#endif  // RCLSIM__THREADS_HPP_
