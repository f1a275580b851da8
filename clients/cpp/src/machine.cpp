// The libc functions a program calls for time, sleep and randomness, defined here so that the
// program's own calls and those of the shared libraries it uses (libstdc++'s std::chrono and
// std::this_thread) reach them instead of libc's: the executable's definitions come first in the
// dynamic linker's search. std::random_device's members are libstdc++'s, defined here for the same
// reason (its x86 default reads rdrand, which nothing could intercept).
#include "rclsim/machine.hpp"

#include <sys/random.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <random>

#include "rclsim/cpu_clocks.hpp"
#include "rclsim/port.hpp"
#include "rclsim/waits.hpp"

namespace rclsim::machine
{
namespace
{

constexpr int64_t NS = 1000000000;

/// splitmix64: a whole 64-bit state, each step a bijection, so any seed gives a full stream.
class Stream
{
public:
  explicit Stream(uint64_t seed) : state_(seed) {}
  uint64_t next()
  {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

private:
  uint64_t state_;
};

std::map<std::string, Stream> & streams()
{
  static std::map<std::string, Stream> the_streams;
  return the_streams;
}

void fill(const std::string & stream, void * buffer, size_t length)
{
  auto * bytes = static_cast<unsigned char *>(buffer);
  for (size_t at = 0; at < length; at += 8) {
    uint64_t bits = draw(stream);
    for (size_t i = 0; i < 8 && at + i < length; ++i) {
      bytes[at + i] = static_cast<unsigned char>(bits >> (8 * i));
    }
  }
}

timespec timespec_of(int64_t ns)
{
  timespec at{};
  at.tv_sec = static_cast<time_t>(ns / NS);
  at.tv_nsec = static_cast<long>(ns % NS);
  if (at.tv_nsec < 0) {
    at.tv_sec -= 1;
    at.tv_nsec += NS;
  }
  return at;
}

int64_t ns_of(const timespec & at) {return static_cast<int64_t>(at.tv_sec) * NS + at.tv_nsec;}

}  // namespace

uint64_t stream_seed(int64_t seed, const std::string & key, const std::string & stream)
{
  // FNV-1a 64 over "seed\0key\0stream": the same bytes on every CPU.
  std::string text = std::to_string(seed);
  text.push_back('\0');
  text += key;
  text.push_back('\0');
  text += stream;
  uint64_t hash = 0xCBF29CE484222325ULL;
  for (unsigned char byte : text) {
    hash = (hash ^ byte) * 0x100000001B3ULL;
  }
  return hash;
}

uint64_t draw(const std::string & stream)
{
  auto found = streams().find(stream);
  if (found == streams().end()) {
    const node::Welcome & welcome = port::welcome();
    found = streams().emplace(stream, Stream(stream_seed(welcome.seed, welcome.program, stream))).first;
  }
  return found->second.next();
}

}  // namespace rclsim::machine

using rclsim::machine::draw;
using rclsim::machine::fill;
using rclsim::machine::ns_of;
using rclsim::machine::timespec_of;

extern "C" {

int clock_gettime(clockid_t clock, timespec * at)
{
  if (rclsim::cpu_clocks::is_cpu_clock(clock)) {
    return rclsim::cpu_clocks::read(clock, at);
  }
  if (at == nullptr) {
    errno = EFAULT;
    return -1;
  }
  *at = timespec_of(rclsim::port::read_clock_ns());
  return 0;
}

int gettimeofday(timeval * at, void *)
{
  if (at != nullptr) {
    timespec now = timespec_of(rclsim::port::read_clock_ns());
    at->tv_sec = now.tv_sec;
    at->tv_usec = now.tv_nsec / 1000;
  }
  return 0;
}

time_t time(time_t * at)
{
  time_t now = timespec_of(rclsim::port::read_clock_ns()).tv_sec;
  if (at != nullptr) {
    *at = now;
  }
  return now;
}

int nanosleep(const timespec * length, timespec * remaining)
{
  if (length == nullptr || length->tv_nsec < 0 || length->tv_nsec >= 1000000000L || length->tv_sec < 0) {
    errno = EINVAL;
    return -1;
  }
  rclsim::waits::sleep_ns(ns_of(*length));
  if (remaining != nullptr) {
    *remaining = timespec{};
  }
  return 0;
}

int clock_nanosleep(clockid_t, int flags, const timespec * length, timespec * remaining)
{
  if (length == nullptr) {
    return EINVAL;
  }
  int64_t ns = ns_of(*length);
  if ((flags & TIMER_ABSTIME) != 0) {
    ns -= rclsim::port::now_ns();
  }
  rclsim::waits::sleep_ns(ns);
  if (remaining != nullptr && (flags & TIMER_ABSTIME) == 0) {
    *remaining = timespec{};
  }
  return 0;
}

int usleep(useconds_t microseconds)
{
  rclsim::waits::sleep_ns(static_cast<int64_t>(microseconds) * 1000);
  return 0;
}

unsigned int sleep(unsigned int seconds)
{
  rclsim::waits::sleep_ns(static_cast<int64_t>(seconds) * 1000000000LL);
  return 0;
}

ssize_t getrandom(void * buffer, size_t length, unsigned int)
{
  fill("getrandom", buffer, length);
  return static_cast<ssize_t>(length);
}

int getentropy(void * buffer, size_t length)
{
  if (length > 256) {
    errno = EIO;
    return -1;
  }
  fill("getrandom", buffer, length);
  return 0;
}

uint32_t arc4random(void) {return static_cast<uint32_t>(draw("arc4random"));}

void arc4random_buf(void * buffer, size_t length) {fill("arc4random", buffer, length);}

uint32_t arc4random_uniform(uint32_t bound)
{
  if (bound < 2) {
    return 0;
  }
  // Rejection below the largest multiple of bound: every value equally likely.
  uint32_t limit = static_cast<uint32_t>(-bound) % bound;
  while (true) {
    uint32_t value = arc4random();
    if (value >= limit) {
      return value % bound;
    }
  }
}

}  // extern "C"

// std::random_device: its token is kept by libstdc++'s inline constructor; every draw is the program's.
void std::random_device::_M_init(const std::string &) {}
void std::random_device::_M_init_pretr1(const std::string &) {}
void std::random_device::_M_fini() {}
std::random_device::result_type std::random_device::_M_getval() {return static_cast<result_type>(draw("random_device"));}
std::random_device::result_type std::random_device::_M_getval_pretr1() {return static_cast<result_type>(draw("random_device"));}
double std::random_device::_M_getentropy() const noexcept {return 32.0;}
