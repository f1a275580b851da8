// What a C++ program sees of the machine (docs/design.md#c-programs: time, sleep, randomness):
// the libc entry points a program reaches for time and randomness read sim time and the
// program's own seeded streams, as Node's globals and Python's time and random modules do.
#ifndef RCLSIM__MACHINE_HPP_
#define RCLSIM__MACHINE_HPP_

#include <cstdint>
#include <string>

namespace rclsim::machine
{

/// A stream's seed from the run's seed, the program's key and the stream's name.
uint64_t stream_seed(int64_t seed, const std::string & key, const std::string & stream);

/// The next 64 bits of the program's stream of that name (its randomness: random_device, getrandom …).
uint64_t draw(const std::string & stream);

}  // namespace rclsim::machine

#endif  // RCLSIM__MACHINE_HPP_
