// libuuid's generators (util-linux's uuid_generate …), defined here as libc's clocks and
// randomness are (machine.cpp), so that a library's calls (bondcpp's instance id) reach them.
// libuuid's own mixes getrandom's bytes with random() and jrand48 seeded by getpid(), getppid(),
// gettid and the time (util-linux's lib/randutils.c, ul_random_get_bytes): a new id on every run.
// Here a random id draws the program's "uuid" stream; a time-based one takes sim time, and its
// clock sequence and node (multicast bit set: not a network card's, RFC 4122 4.5) from that stream.
#include <cstdint>

#include "rclsim/machine.hpp"
#include "rclsim/port.hpp"

namespace
{

/// 100 ns intervals from the Gregorian calendar's start (1582-10-15) to the Unix epoch (RFC 4122 4.1.4).
constexpr uint64_t GREGORIAN_TO_UNIX = 0x01B21DD213814000ULL;

void draw_bytes(unsigned char * out, int length)
{
  for (int at = 0; at < length; at += 8) {
    uint64_t bits = rclsim::machine::draw("uuid");
    for (int i = 0; i < 8 && at + i < length; ++i) {
      out[at + i] = static_cast<unsigned char>(bits >> (8 * i));
    }
  }
}

/// The version in the high nibble of byte 6 and RFC 4122's variant (10xx) in byte 8, as libuuid sets them.
void mark(unsigned char * out, unsigned char version)
{
  out[6] = static_cast<unsigned char>((out[6] & 0x0F) | (version << 4));
  out[8] = static_cast<unsigned char>((out[8] & 0x3F) | 0x80);
}

}  // namespace

extern "C" {

void uuid_generate_random(unsigned char * out)
{
  draw_bytes(out, 16);
  mark(out, 4);
}

// libuuid makes a random one wherever getrandom works (Linux).
void uuid_generate(unsigned char * out) {uuid_generate_random(out);}

void uuid_generate_time(unsigned char * out)
{
  // One clock sequence and node per program, as libuuid keeps them in its state; a second id in
  // one 100 ns interval takes the next interval, as libuuid's adjustment does.
  static unsigned char sequence_and_node[8] = {};
  static bool drawn = false;
  static uint64_t last = 0;
  if (!drawn) {
    draw_bytes(sequence_and_node, 8);
    sequence_and_node[2] |= 0x01;
    drawn = true;
  }
  uint64_t now = static_cast<uint64_t>(rclsim::port::read_clock_ns()) / 100 + GREGORIAN_TO_UNIX;
  last = now > last ? now : last + 1;
  // time_low, time_mid, time_hi (big-endian fields), then the clock sequence and the node.
  const uint64_t fields[3] = {last & 0xFFFFFFFFULL, (last >> 32) & 0xFFFFU, (last >> 48) & 0x0FFFU};
  for (int i = 0; i < 4; ++i) {
    out[i] = static_cast<unsigned char>(fields[0] >> (24 - 8 * i));
  }
  out[4] = static_cast<unsigned char>(fields[1] >> 8);
  out[5] = static_cast<unsigned char>(fields[1]);
  out[6] = static_cast<unsigned char>(fields[2] >> 8);
  out[7] = static_cast<unsigned char>(fields[2]);
  for (int i = 0; i < 8; ++i) {
    out[8 + i] = sequence_and_node[i];
  }
  mark(out, 1);
}

// 0: made safely (no other process shares this program's clock).
int uuid_generate_time_safe(unsigned char * out)
{
  uuid_generate_time(out);
  return 0;
}

}  // extern "C"
