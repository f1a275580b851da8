// The scheduler's state and the turn (rclsim/threads.hpp): a baton per thread (libc's own mutex
// and a condition variable each), never two threads of the program running at once.
#include "rclsim/threads.hpp"

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <vector>

#include "rclsim/port.hpp"
#include "rclsim/transport.hpp"

namespace rclsim::threads
{

struct Thread
{
  uint32_t number;
  std::string name;
  pthread_t handle{};
  // Its kernel thread's id (0: not known yet).
  pid_t tid = 0;
  bool ended = false;
  // A fiber of rclsim's thread (the main in rclsim's process): it waits by handing that thread back.
  bool fiber = false;
  void * (*start)(void *) = nullptr;
  void * arg = nullptr;
  // Signaled when the turn comes to this thread (under the baton's mutex).
  pthread_cond_t turn_came = PTHREAD_COND_INITIALIZER;
};

namespace
{

struct State
{
  pthread_mutex_t baton = PTHREAD_MUTEX_INITIALIZER;
  Thread * holder = nullptr;
  std::deque<Thread *> fresh;
  std::vector<Waiter *> waiting;
  std::vector<Thread *> all;
  uint32_t next = 0;
  // Threads whose code ended and that may still be exiting (glibc's end of a thread, after it gave the turn up).
  std::vector<pid_t> exiting;
};

/// Never destroyed: threads still wait on its condition variables while the process exits.
State & state()
{
  static State * the_state = new State;
  return *the_state;
}

thread_local Thread * me = nullptr;

void give(Thread * thread)
{
  port::tell_turn(thread->name);
  State & s = state();
  real::mutex_lock(&s.baton);
  s.holder = thread;
  if (!thread->fiber) {
    real::cond_signal(&thread->turn_came);
  }
  real::mutex_unlock(&s.baton);
  if (thread->fiber) {
    transport::resume();
  }
}

/// How many times a thread that takes the turn yields its CPU, at most, for one that ended to be gone.
constexpr int EXIT_YIELDS = 1000000;

/**
 * Waits until the threads that ended are gone: as it exits, a thread gives back its stack (to
 * glibc's cache, for the next thread started: a detached thread's) and its malloc arena, and
 * the next thread's handle and addresses depend on whether that happened yet. So it happens
 * before the thread that took the turn goes on, at the same point of every run.
 */
void settle_exits()
{
  State & s = state();
  for (pid_t tid : s.exiting) {
    // The kernel frees a thread's id once it exited, after glibc's end of it (its stack, its arena).
    for (int i = 0; i < EXIT_YIELDS && ::syscall(SYS_tgkill, ::getpid(), tid, 0) == 0; ++i) {
      ::syscall(SYS_sched_yield);
    }
  }
  s.exiting.clear();
}

void wait_for_turn(Thread * thread)
{
  State & s = state();
  real::mutex_lock(&s.baton);
  while (s.holder != thread) {
    if (thread->fiber) {
      real::mutex_unlock(&s.baton);
      transport::suspend();
      real::mutex_lock(&s.baton);
    } else {
      real::cond_wait(&thread->turn_came, &s.baton);
    }
  }
  real::mutex_unlock(&s.baton);
  settle_exits();
}

/// The thread's code is over (its thread_local objects destroyed): the turn goes to who can go
/// on, else to the first waiting thread, which reads the simulation's next run.
void end(Thread * thread)
{
  State & s = state();
  thread->ended = true;
  s.exiting.push_back(thread->tid);
  Choice chosen = next_to_run(thread, false);
  if (!chosen && !s.waiting.empty()) {
    chosen.thread = s.waiting.front()->thread;
  }
  if (chosen) {
    give(chosen.thread);
  }
}

/// Constructed before the thread's code runs, so its destructor runs after every thread_local
/// object the code made (C++ destroys them in reverse order), also on pthread_exit.
struct Ending
{
  Thread * thread = nullptr;
  ~Ending()
  {
    if (thread != nullptr) {
      end(thread);
    }
  }
};

void * run_thread(void * argument)
{
  auto * thread = static_cast<Thread *>(argument);
  transport::adopt_thread();
  me = thread;
  thread->tid = ::gettid();
  wait_for_turn(thread);
  thread_local Ending ending;
  ending.thread = thread;
  return thread->start(thread->arg);
}

Thread * add(const std::string & name)
{
  State & s = state();
  auto * thread = new Thread{s.next++, name};
  s.all.push_back(thread);
  return thread;
}

}  // namespace

void start_main()
{
  Thread * main = add("main");
  main->handle = pthread_self();
  main->tid = ::gettid();
  main->fiber = transport::on_fiber();
  me = main;
  state().holder = main;
}

Thread * current() {return me;}

uint32_t number(const Thread * thread) {return thread->number;}

const std::string & name(const Thread * thread) {return thread->name;}

void set_name(pthread_t handle, const std::string & name)
{
  if (Thread * thread = of(handle)) {
    thread->name = name;
    if (thread == me) {
      port::tell_turn(name);
    }
  }
}

Thread * of(pthread_t handle)
{
  // The newest first: a thread's handle is its stack's address, which a thread started after it
  // ended (detached, or joined) may be given again.
  const std::vector<Thread *> & all = state().all;
  for (auto at = all.rbegin(); at != all.rend(); ++at) {
    if (pthread_equal((*at)->handle, handle) != 0) {
      return *at;
    }
  }
  return nullptr;
}

Thread * of_tid(pid_t tid)
{
  const std::vector<Thread *> & all = state().all;
  for (auto at = all.rbegin(); at != all.rend(); ++at) {
    if ((*at)->tid == tid && !(*at)->ended) {
      return *at;
    }
  }
  return nullptr;
}

bool ended(const Thread * thread) {return thread->ended;}

namespace
{
/// Whether the wait at `at` is its thread's innermost: a thread that waits again inside a wait (in
/// a callback it ran there: nav2_util's ServiceClient::invoke in a timer of the lifecycle manager)
/// goes on from the inner wait only, and only that one is handed its thread's runs.
bool innermost(const std::vector<Waiter *> & waiting, size_t at)
{
  for (size_t later = at + 1; later < waiting.size(); ++later) {
    if (waiting[later]->thread == waiting[at]->thread) {
      return false;
    }
  }
  return true;
}
}  // namespace

Choice next_to_run(const Thread * me_, bool shut_down)
{
  State & s = state();
  Choice chosen;
  if (!s.fresh.empty()) {
    chosen.thread = s.fresh.front();
    s.fresh.pop_front();
    return chosen;
  }
  for (size_t at = 0; at < s.waiting.size(); ++at) {
    Waiter * waiter = s.waiting[at];
    if (waiter->thread != me_ && innermost(s.waiting, at) && (shut_down || (*waiter->until)())) {
      chosen.thread = waiter->thread;
      chosen.waiter = waiter;
      return chosen;
    }
  }
  return chosen;
}

Waiting::Waiting(Waiter & waiter) : waiter_(waiter) {state().waiting.push_back(&waiter);}

Waiting::~Waiting()
{
  std::vector<Waiter *> & waiting = state().waiting;
  waiting.erase(std::find(waiting.begin(), waiting.end(), &waiter_));
}

Waiter * waiter_of(const Thread * thread)
{
  const std::vector<Waiter *> & waiting = state().waiting;
  for (auto at = waiting.rbegin(); at != waiting.rend(); ++at) {
    if ((*at)->thread == thread) {
      return *at;
    }
  }
  return nullptr;
}

void hand_over(Thread * thread)
{
  Thread * self = me;
  give(thread);
  wait_for_turn(self);
}

int create(pthread_t * handle, const pthread_attr_t * attributes, void * (*start)(void *), void * arg)
{
  State & s = state();
  Thread * thread = add("thread-" + std::to_string(s.next));
  thread->start = start;
  thread->arg = arg;
  int result = real::create(&thread->handle, attributes, run_thread, thread);
  if (result != 0) {
    s.all.pop_back();
    --s.next;
    delete thread;
    return result;
  }
  *handle = thread->handle;
  s.fresh.push_back(thread);
  return 0;
}

}  // namespace rclsim::threads
