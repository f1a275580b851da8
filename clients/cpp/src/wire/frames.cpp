#include "frames.hpp"

#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "shm_stream.hpp"

namespace rclsim::node {

namespace {

// Frames that come together are read at once up to this much; a longer body is read on its own.
constexpr size_t BUFFER_BYTES = size_t{1} << 16;
// A frame's length takes at most this many bytes (MAX_FRAME_BYTES < 2^35).
constexpr size_t MAX_HEADER_BYTES = 5;

template <typename Message>
void append_message_frame(const Message & message, std::string & out) {
  const size_t start = out.size();
  encode(message, out);
  // Most bodies are short: moving one on by its header costs less than encoding it apart.
  std::string header;
  append_frame_header(out.size() - start, header);
  out.insert(start, header);
}

}  // namespace

void append_frame_header(size_t size, std::string & out) {
  while (size >= 0x80) {
    out.push_back(static_cast<char>((size & 0x7f) | 0x80));
    size >>= 7;
  }
  out.push_back(static_cast<char>(size));
}

void append_frame(const ToSimulation & message, std::string & out) { append_message_frame(message, out); }
void append_frame(const ToClient & message, std::string & out) { append_message_frame(message, out); }

int write_all(int fd, const char * data, size_t size) {
  if (shm_stream::carries(fd)) return shm_stream::write(fd, data, size);
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += written;
    size -= static_cast<size_t>(written);
  }
  return 0;
}

int write_all(int fd, const std::string & bytes) { return write_all(fd, bytes.data(), bytes.size()); }

int write_frame(int fd, std::string_view body) {
  std::string header;
  append_frame_header(body.size(), header);
  if (shm_stream::carries(fd)) {
    const int error = shm_stream::write(fd, header.data(), header.size());
    return error != 0 ? error : shm_stream::write(fd, body.data(), body.size());
  }
  iovec parts[2] = {{header.data(), header.size()}, {const_cast<char *>(body.data()), body.size()}};
  // What is left of the header (parts[0]) and the body after the writes so far.
  size_t first = 0;
  while (first < 2) {
    const ssize_t written = ::writev(fd, parts + first, static_cast<int>(2 - first));
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    size_t rest = static_cast<size_t>(written);
    while (first < 2 && rest >= parts[first].iov_len) rest -= parts[first++].iov_len;
    if (first < 2) {
      parts[first].iov_base = static_cast<char *>(parts[first].iov_base) + rest;
      parts[first].iov_len -= rest;
    }
  }
  return 0;
}

FrameReader::FrameReader(int fd) : fd_(fd), buffer_(BUFFER_BYTES) {}

long FrameReader::fill() {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (shm_stream::carries(fd_)) {
    const long got = shm_stream::read(fd_, buffer_.data() + end_, buffer_.size() - end_, polls_);  // NOLINT(runtime/int)
    end_ += static_cast<size_t>(got);
    return got;
  }
  for (uint32_t poll = 0; poll < polls_; ++poll) {
    const ssize_t got = ::recv(fd_, buffer_.data() + end_, buffer_.size() - end_, MSG_DONTWAIT);
    if (got > 0) {
      end_ += static_cast<size_t>(got);
      return got;
    }
    if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) break;
  }
  for (;;) {
    const ssize_t got = ::read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (got >= 0) {
      end_ += static_cast<size_t>(got);
      return got;
    }
    if (errno == EINTR) continue;
    // The other end closed with bytes it had not read: the end of the stream, as a close is.
    if (errno == ECONNRESET) return 0;
    error_ = std::string("read: ") + std::strerror(errno);
    return -1;
  }
}

FrameStatus FrameReader::broken(std::string why) {
  error_ = std::move(why);
  return FrameStatus::broken;
}

FrameStatus FrameReader::read(std::string_view & body) {
  error_.clear();
  uint64_t length = 0;
  size_t header = 0;
  for (;;) {
    if (begin_ + header == end_) {
      const long got = fill();
      if (got < 0) return FrameStatus::broken;
      if (got == 0) return header == 0 ? FrameStatus::end : broken("the stream ended inside a message's length");
    }
    const uint8_t byte = buffer_[begin_ + header];
    length |= uint64_t{byte & 0x7fu} << (7 * header);
    header++;
    if (byte < 0x80) break;
    if (header == MAX_HEADER_BYTES) return broken("a message length of more than 5 bytes: the stream is broken");
  }
  if (length > MAX_FRAME_BYTES) {
    return broken("a message of " + std::to_string(length) + " bytes, more than the " + std::to_string(MAX_FRAME_BYTES) + " the protocol allows");
  }
  const auto cut = [&](size_t came) {
    return broken("the stream ended inside a frame: " + std::to_string(came) + " of a message's " + std::to_string(length) + " bytes came");
  };
  if (header + length <= buffer_.size()) {
    while (end_ - begin_ < header + length) {
      const long got = fill();
      if (got < 0) return FrameStatus::broken;
      if (got == 0) return cut(end_ - begin_ - header);
    }
    body = std::string_view(reinterpret_cast<const char *>(buffer_.data() + begin_ + header), length);
    begin_ += header + length;
    return FrameStatus::frame;
  }
  // Longer than the buffer: what came of it is moved to its own string, and the rest read into
  // it, and no more (the next frame stays in the socket).
  large_.resize(length);
  size_t have = end_ - begin_ - header;
  std::memcpy(large_.data(), buffer_.data() + begin_ + header, have);
  begin_ = end_ = 0;
  while (have < length) {
    const ssize_t got = shm_stream::carries(fd_) ? shm_stream::read(fd_, reinterpret_cast<uint8_t *>(large_.data() + have), length - have, polls_)
                                                 : ::read(fd_, large_.data() + have, length - have);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && errno != ECONNRESET) return broken(std::string("read: ") + std::strerror(errno));
    if (got <= 0) return cut(have);
    have += static_cast<size_t>(got);
  }
  body = large_;
  return FrameStatus::frame;
}

}  // namespace rclsim::node
