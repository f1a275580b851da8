// The node protocol's framing (docs/node-protocol.md, "The stream"): every message is a varint
// length and that many bytes of its body, as protobuf's delimited streams write them, over the
// program's socket (fd 3) with blocking read(2)s and write(2)s, or through shared memory when the
// simulation gave the program a region (shm_stream.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "node_proto.hpp"

namespace rclsim::node {

// A longer length is a broken stream, not a message (a varint of 5 bytes reaches 2^35).
constexpr size_t MAX_FRAME_BYTES = size_t{1} << 30;

// Appends the varint that precedes a body of `size` bytes.
void append_frame_header(size_t size, std::string & out);

// Appends `message` as one frame: its length, then its body (encoded in place, no copy). A
// callback's effects and its Done go out together: appended to one buffer, then write_all.
void append_frame(const ToSimulation & message, std::string & out);
void append_frame(const ToClient & message, std::string & out);

// Writes all of `size` bytes (whole frames) with blocking write(2)s: a socket takes what fits in
// its buffer, so a large frame goes out in several; EINTR is retried. 0, or the errno of the
// write that failed (EPIPE: the other end closed; the process must ignore SIGPIPE to see it
// rather than die of it).
int write_all(int fd, const char * data, size_t size);
int write_all(int fd, const std::string & bytes);

// One frame, its length and `body` in one writev(2) when the socket takes it, written whole.
// 0 or an errno, as write_all.
int write_frame(int fd, std::string_view body);

// What FrameReader::read came to.
enum class FrameStatus {
  // A whole frame's body.
  frame,
  // The other end closed between frames (the simulation ended or was killed).
  end,
  // The stream broke: it ended inside a frame, a length took more than 5 bytes or is more than
  // MAX_FRAME_BYTES, or read(2) failed. FrameReader::error() says which.
  broken,
};

// The bodies of the frames read from a blocking descriptor. One read(2) takes what the socket
// holds, so frames that came together cost one system call.
class FrameReader {
 public:
  explicit FrameReader(int fd);

  // The next frame's body, blocked in read(2) until it came whole. `body` stays valid until the
  // next read: it views this reader's buffer (or, for a body longer than it, its own string).
  FrameStatus read(std::string_view & body);

  // Run.read_polls: how many reads that do not block may come before one that does, waiting for
  // the next frame (0: block at once). A process woken from a blocking read runs late on a
  // virtual machine; one that reads on catches an answer at once. It changes no result.
  void set_polls(uint32_t polls) { polls_ = polls; }

  // Why the stream broke, in words ("the stream ended inside a frame: 10 of a message's 100
  // bytes came"); empty unless read returned broken.
  const std::string & error() const { return error_; }

 private:
  // Reads what the socket holds after the bytes not yet taken; 0 at the end of the stream, -1
  // when read(2) failed (error_ says how).
  long fill();
  FrameStatus broken(std::string why);

  int fd_;
  uint32_t polls_ = 0;
  // The bytes read: begin_ to end_ not yet taken.
  std::vector<uint8_t> buffer_;
  size_t begin_ = 0;
  size_t end_ = 0;
  // A body longer than buffer_, read straight into it.
  std::string large_;
  std::string error_;
};

}  // namespace rclsim::node
