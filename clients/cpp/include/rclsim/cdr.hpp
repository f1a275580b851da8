// rclsim's C++ client: CDR as the simulation writes it (src/interfaces/cdr.ts, through
// @foxglove/cdr): XCDR1, little endian, the 4-byte encapsulation header 00 01 00 00, each
// primitive aligned to its size (8 for 64-bit ones) counted from the end of that header.
#ifndef RCLSIM__CDR_HPP_
#define RCLSIM__CDR_HPP_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace rclsim
{
namespace cdr
{

/// Input that is no CDR of the expected type (short, garbled, over a bound), or a value CDR
/// cannot carry here (a wstring, a sequence of more than 2^32 - 1 elements).
class Error : public std::runtime_error
{
public:
  using std::runtime_error::runtime_error;
};

namespace detail
{
// A float's bits as an integer of its width (the same bytes; no integer byte order involved).
inline uint32_t bits(float value)
{
  uint32_t out;
  std::memcpy(&out, &value, sizeof out);
  return out;
}
inline uint64_t bits(double value)
{
  uint64_t out;
  std::memcpy(&out, &value, sizeof out);
  return out;
}
inline float float_of(uint32_t value)
{
  float out;
  std::memcpy(&out, &value, sizeof out);
  return out;
}
inline double double_of(uint64_t value)
{
  double out;
  std::memcpy(&out, &value, sizeof out);
  return out;
}

/// A number's bits as an unsigned integer of its width, and back (integers, float, double).
template<class T>
uint64_t bits_of(T value)
{
  if constexpr (std::is_floating_point<T>::value) {
    return bits(value);
  } else {
    return static_cast<uint64_t>(static_cast<typename std::make_unsigned<T>::type>(value));
  }
}
template<class T>
T value_of(uint64_t bits)
{
  if constexpr (std::is_same<T, float>::value) {
    return float_of(static_cast<uint32_t>(bits));
  } else if constexpr (std::is_same<T, double>::value) {
    return double_of(bits);
  } else {
    return static_cast<T>(static_cast<typename std::make_unsigned<T>::type>(bits));
  }
}

/// `Size` bytes of `value`, least significant first (the compiler makes it one store).
template<std::size_t Size>
void store_le(char * to, uint64_t value)
{
  for (std::size_t i = 0; i < Size; ++i) {
    to[i] = static_cast<char>(static_cast<unsigned char>(value >> (8 * i)));
  }
}
template<std::size_t Size>
uint64_t load_le(const uint8_t * from)
{
  uint64_t value = 0;
  for (std::size_t i = 0; i < Size; ++i) {
    value |= static_cast<uint64_t>(from[i]) << (8 * i);
  }
  return value;
}
}  // namespace detail

/// The simulation's CDR does not carry wstrings (their encoding differs between ROS 2's
/// middlewares; @foxglove/rosmsg2-serialization refuses them), so neither does the client's.
inline Error wstring_unsupported()
{
  return Error("wstring is implementation-defined and not supported in CDR (as in the simulation)");
}

/// Appends a CDR serialization to a std::string: the encapsulation header when made, then the
/// values written, each little endian and aligned.
class Writer
{
public:
  explicit Writer(std::string & out)
  : out_(out), origin_(out.size() + 4)
  {
    out_.append("\x00\x01\x00\x00", 4);
  }

  std::string & buffer() {return out_;}

  void boolean(bool value) {out_.push_back(value ? '\x01' : '\x00');}
  void int8(int8_t value) {out_.push_back(static_cast<char>(value));}
  void uint8(uint8_t value) {out_.push_back(static_cast<char>(value));}
  void int16(int16_t value) {numbers(&value, 1);}
  void uint16(uint16_t value) {numbers(&value, 1);}
  void int32(int32_t value) {numbers(&value, 1);}
  void uint32(uint32_t value) {numbers(&value, 1);}
  void int64(int64_t value) {numbers(&value, 1);}
  void uint64(uint64_t value) {numbers(&value, 1);}
  void float32(float value) {numbers(&value, 1);}
  void float64(double value) {numbers(&value, 1);}

  /// `count` numbers of one type wider than a byte (an array's or sequence's elements): aligned
  /// once, as the first is, the rest following without padding, each little endian.
  template<class T>
  void numbers(const T * items, std::size_t count)
  {
    static_assert(std::is_arithmetic<T>::value && sizeof(T) > 1 && !std::is_same<T, bool>::value);
    if (count == 0) {
      return;
    }
    align(sizeof(T));
    const std::size_t at = out_.size();
    out_.resize(at + count * sizeof(T));
    char * to = &out_[at];
    for (std::size_t i = 0; i < count; ++i, to += sizeof(T)) {
      detail::store_le<sizeof(T)>(to, detail::bits_of(items[i]));
    }
  }

  /// Bytes as they are (uint8, byte and char arrays): no alignment.
  void bytes(const void * data, std::size_t size)
  {
    out_.append(static_cast<const char *>(data), size);
  }

  /// A sequence's element count (uint32).
  void sequence_length(std::size_t count)
  {
    if (count > std::numeric_limits<uint32_t>::max()) {
      throw Error("CDR: a sequence of more than 4294967295 elements");
    }
    uint32(static_cast<uint32_t>(count));
  }

  /// A string: its byte count plus one (uint32), its UTF-8 bytes, a NUL. `bound` (0: none) is a
  /// bounded string's maximum length.
  void string(const char * data, std::size_t size, std::size_t bound = 0)
  {
    if (bound != 0 && size > bound) {
      throw Error("CDR: a string of " + std::to_string(size) + " bytes in a string<=" + std::to_string(bound));
    }
    if (size >= std::numeric_limits<uint32_t>::max()) {
      throw Error("CDR: a string of 4294967295 bytes or more");
    }
    uint32(static_cast<uint32_t>(size + 1));
    out_.append(data, size);
    out_.push_back('\0');
  }

  [[noreturn]] void wstring() {throw wstring_unsupported();}

private:
  void align(std::size_t size)
  {
    const std::size_t misalignment = (out_.size() - origin_) % size;
    if (misalignment != 0) {
      out_.append(size - misalignment, '\0');
    }
  }

  std::string & out_;
  std::size_t origin_;
};

/// Reads a CDR serialization (little endian, as the simulation writes it), every read checked
/// against the end: what would read past it, or a header of another encoding, throws Error.
/// Bytes after the message are ignored, as the simulation's reader does.
class Reader
{
public:
  Reader(const uint8_t * data, std::size_t size)
  : data_(data), size_(size), offset_(4)
  {
    if (size < 4) {
      throw Error("CDR: " + std::to_string(size) + " bytes, shorter than the encapsulation header");
    }
    if (data[0] != 0 || data[1] != 1) {
      throw Error("CDR: encapsulation " + std::to_string(data[0]) + "/" + std::to_string(data[1]) +
              " is not CDR little endian (0/1)");
    }
  }

  /// Where the next read starts (bytes from the start, header included), and how many remain.
  std::size_t offset() const {return offset_;}
  std::size_t remaining() const {return size_ - offset_;}

  bool boolean() {return take(1)[0] != 0;}
  int8_t int8() {return static_cast<int8_t>(take(1)[0]);}
  uint8_t uint8() {return take(1)[0];}
  int16_t int16() {return number<int16_t>();}
  uint16_t uint16() {return number<uint16_t>();}
  int32_t int32() {return number<int32_t>();}
  uint32_t uint32() {return number<uint32_t>();}
  int64_t int64() {return number<int64_t>();}
  uint64_t uint64() {return number<uint64_t>();}
  float float32() {return number<float>();}
  double float64() {return number<double>();}

  /// `count` numbers of one type wider than a byte into `out` (Writer::numbers' layout).
  template<class T>
  void numbers(T * out, std::size_t count)
  {
    static_assert(std::is_arithmetic<T>::value && sizeof(T) > 1 && !std::is_same<T, bool>::value);
    if (count == 0) {
      return;
    }
    align(sizeof(T));
    if (count > remaining() / sizeof(T)) {
      // Short: one at a time, so that the error names the element that runs out, as it did.
      for (std::size_t i = 0; i < count; ++i) {
        out[i] = number<T>();
      }
      return;
    }
    const uint8_t * from = take(count * sizeof(T));
    for (std::size_t i = 0; i < count; ++i, from += sizeof(T)) {
      out[i] = detail::value_of<T>(detail::load_le<sizeof(T)>(from));
    }
  }

  /// `size` bytes as they are (uint8, byte and char arrays).
  void bytes(void * out, std::size_t size)
  {
    if (size != 0) {
      std::memcpy(out, take(size), size);
    }
  }

  /// A sequence's element count; more elements than bytes left (every element takes one at
  /// least) is garbage, refused before anything is allocated for them.
  std::size_t sequence_length()
  {
    const uint32_t count = uint32();
    if (count > remaining()) {
      throw Error("CDR: a sequence of " + std::to_string(count) + " elements with " +
              std::to_string(remaining()) + " bytes left");
    }
    return count;
  }

  /// A string's bytes (without its NUL) into `out` (a std::basic_string<char>).
  template<typename String>
  void string(String & out)
  {
    const uint32_t length = uint32();
    const uint8_t * bytes = take(length);
    // A length of 0 (no NUL) is read as empty, as the simulation's reader does.
    out.assign(reinterpret_cast<const char *>(bytes), length == 0 ? 0 : length - 1);
  }

  [[noreturn]] void wstring() {throw wstring_unsupported();}

private:
  const uint8_t * take(std::size_t size)
  {
    if (size > remaining()) {
      throw Error("CDR: " + std::to_string(size) + " bytes wanted at offset " + std::to_string(offset_) +
              " of " + std::to_string(size_));
    }
    const uint8_t * at = data_ + offset_;
    offset_ += size;
    return at;
  }
  void align(std::size_t size)
  {
    const std::size_t misalignment = (offset_ - 4) % size;
    if (misalignment != 0) {
      take(size - misalignment);
    }
  }
  template<class T>
  T number()
  {
    align(sizeof(T));
    return detail::value_of<T>(detail::load_le<sizeof(T)>(take(sizeof(T))));
  }

  const uint8_t * data_;
  std::size_t size_;
  std::size_t offset_;
};

}  // namespace cdr
}  // namespace rclsim

#endif  // RCLSIM__CDR_HPP_
