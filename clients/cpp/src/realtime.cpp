// What a real-time program asks of the kernel (ros2/realtime_support's rttest, pendulum_control):
// real-time scheduling and locked memory. In a simulation the engine decides who runs and when,
// and no page is ever late, so each call succeeds and changes nothing: a thread made SCHED_RR at
// priority 98 on the machine's CPUs would starve rclsim and every other program (rclsim may run
// as root, where the kernel allows it), and mlockall in rclsim's process would lock rclsim's
// memory. What getrusage counts of the kernel besides CPU time (page faults, context switches,
// the resident size) differs from run to run: cpu_clocks.cpp's getrusage reads them as 0.
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>

extern "C" {

int sched_setscheduler(pid_t, int, const struct sched_param *) {return 0;}

int sched_setparam(pid_t, const struct sched_param *) {return 0;}

int pthread_setschedparam(pthread_t, int, const struct sched_param *) {return 0;}

int pthread_setschedprio(pthread_t, int) {return 0;}

int mlockall(int) {return 0;}

int munlockall(void) {return 0;}

int mlock(const void *, size_t) {return 0;}

int munlock(const void *, size_t) {return 0;}

}  // extern "C"
