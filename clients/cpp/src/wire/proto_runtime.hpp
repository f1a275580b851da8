// Protobuf's wire format written out (and the in-process link's fixed layout): what every message's codec in node_proto.cpp uses (that
// file, generated from proto/node.proto by scripts/nodeProtoCpp.mjs, is its only includer, so its
// helpers stay in an unnamed namespace). No libprotobuf: the machine may not have it.
#ifndef RCLSIM__WIRE__PROTO_RUNTIME_HPP_
#define RCLSIM__WIRE__PROTO_RUNTIME_HPP_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace rclsim::node
{
namespace {

// Protobuf's wire types.
constexpr uint32_t VARINT = 0;
constexpr uint32_t FIXED64 = 1;
constexpr uint32_t LEN = 2;
constexpr uint32_t FIXED32 = 5;

template <typename T>
constexpr uint32_t WIRE = std::is_same_v<T, double> ? FIXED64 : std::is_same_v<T, std::string> ? LEN : VARINT;

constexpr uint64_t tag(uint32_t number, uint32_t wire) { return (uint64_t{number} << 3) | wire; }

// ---------------------------------------------------------------- writing

void put_varint(std::string & out, uint64_t value) {
  char bytes[10];
  size_t size = 0;
  while (value >= 0x80) {
    bytes[size++] = static_cast<char>((value & 0x7f) | 0x80);
    value >>= 7;
  }
  bytes[size++] = static_cast<char>(value);
  out.append(bytes, size);
}

void put_value(std::string & out, uint64_t value) { put_varint(out, value); }
void put_value(std::string & out, int64_t value) { put_varint(out, static_cast<uint64_t>(value)); }
void put_value(std::string & out, uint32_t value) { put_varint(out, value); }
// A negative int32 (or enum) takes ten bytes, sign-extended to 64 bits, as protobuf writes it.
void put_value(std::string & out, int32_t value) { put_varint(out, static_cast<uint64_t>(int64_t{value})); }
void put_value(std::string & out, bool value) { put_varint(out, value ? 1 : 0); }

template <typename Enum, typename = std::enable_if_t<std::is_enum_v<Enum>>>
void put_value(std::string & out, Enum value) {
  put_value(out, static_cast<int32_t>(value));
}

uint64_t bits_of(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

// Little endian whatever the host's order.
void put_value(std::string & out, double value) {
  const uint64_t bits = bits_of(value);
  char bytes[8];
  for (int i = 0; i < 8; i++) bytes[i] = static_cast<char>(bits >> (8 * i));
  out.append(bytes, 8);
}

void put_value(std::string & out, const std::string & value) {
  put_varint(out, value.size());
  out.append(value);
}

template <typename T>
void put_field(std::string & out, uint32_t number, const T & value) {
  put_varint(out, tag(number, WIRE<T>));
  put_value(out, value);
}

// proto3 leaves a double out at +0 only: -0 is written (its bits are not zero), as protobufjs does.
bool is_positive_zero(double value) { return bits_of(value) == 0; }

// A nested body's length goes before it and is known after it: one byte is kept for it (most
// bodies are shorter than 128 bytes), and the body moves on when its length needs more.
size_t begin_nested(std::string & out, uint32_t number) {
  put_varint(out, tag(number, LEN));
  out.push_back('\0');
  return out.size();
}

void end_nested(std::string & out, size_t start) {
  const uint64_t length = out.size() - start;
  if (length < 0x80) {
    out[start - 1] = static_cast<char>(length);
    return;
  }
  std::string header;
  put_varint(header, length);
  out.replace(start - 1, 1, header);
}

template <typename Message>
void put_message(std::string & out, uint32_t number, const Message & message) {
  const size_t start = begin_nested(out, number);
  encode(message, out);
  end_nested(out, start);
}

template <typename T>
void put_packed(std::string & out, uint32_t number, const std::vector<T> & values) {
  const size_t start = begin_nested(out, number);
  for (const T & value : values) put_value(out, value);
  end_nested(out, start);
}

// ---------------------------------------------------------------- reading

// The bytes of one message not yet read.
struct Reader {
  const uint8_t * at;
  const uint8_t * end;
};

// At most ten bytes, the bits beyond 64 dropped (protobuf's rule); false when cut short or longer.
bool read_varint(Reader & in, uint64_t & value) {
  uint64_t result = 0;
  for (int shift = 0; shift < 70; shift += 7) {
    if (in.at == in.end) return false;
    const uint8_t byte = *in.at++;
    result |= uint64_t{byte & 0x7fu} << shift;
    if (byte < 0x80) {
      value = result;
      return true;
    }
  }
  return false;
}

bool read_tag(Reader & in, uint32_t & number, uint32_t & wire) {
  uint64_t value;
  if (!read_varint(in, value) || value > 0xffffffffu || value >> 3 == 0) return false;
  number = static_cast<uint32_t>(value >> 3);
  wire = static_cast<uint32_t>(value & 7);
  return true;
}

// The bytes of a length-delimited field.
bool read_nested(Reader & in, Reader & inner) {
  uint64_t length;
  if (!read_varint(in, length) || length > static_cast<uint64_t>(in.end - in.at)) return false;
  inner = {in.at, in.at + length};
  in.at += length;
  return true;
}

bool read_value(Reader & in, uint64_t & value) { return read_varint(in, value); }

// Narrower integers keep their low bits, as protobuf reads them.
template <typename Integer>
bool read_narrow(Reader & in, Integer & value) {
  uint64_t wide;
  if (!read_varint(in, wide)) return false;
  value = static_cast<Integer>(wide);
  return true;
}

bool read_value(Reader & in, int64_t & value) { return read_narrow(in, value); }
bool read_value(Reader & in, uint32_t & value) { return read_narrow(in, value); }
bool read_value(Reader & in, int32_t & value) { return read_narrow(in, value); }

bool read_value(Reader & in, bool & value) {
  uint64_t wide;
  if (!read_varint(in, wide)) return false;
  value = wide != 0;
  return true;
}

// An enum keeps a value the .proto does not name (proto3's enums are open).
template <typename Enum, typename = std::enable_if_t<std::is_enum_v<Enum>>>
bool read_value(Reader & in, Enum & value) {
  int32_t number;
  if (!read_value(in, number)) return false;
  value = static_cast<Enum>(number);
  return true;
}

bool read_value(Reader & in, double & value) {
  if (in.end - in.at < 8) return false;
  uint64_t bits = 0;
  for (int i = 0; i < 8; i++) bits |= uint64_t{in.at[i]} << (8 * i);
  in.at += 8;
  std::memcpy(&value, &bits, sizeof value);
  return true;
}

bool read_value(Reader & in, std::string & value) {
  Reader inner;
  if (!read_nested(in, inner)) return false;
  value.assign(reinterpret_cast<const char *>(inner.at), static_cast<size_t>(inner.end - inner.at));
  return true;
}

template <typename T>
bool read_field(Reader & in, uint32_t wire, T & value) {
  return wire == WIRE<T> && read_value(in, value);
}

// Packed or not: a parser takes both (protobuf's rule).
template <typename T>
bool read_repeated(Reader & in, uint32_t wire, std::vector<T> & values) {
  T value{};
  if (wire != LEN || WIRE<T> == LEN) {
    if (!read_field(in, wire, value)) return false;
    values.push_back(std::move(value));
    return true;
  }
  Reader inner;
  if (!read_nested(in, inner)) return false;
  while (inner.at != inner.end) {
    if (!read_value(inner, value)) return false;
    values.push_back(value);
  }
  return true;
}

// An unknown field. Groups (wire types 3 and 4) are no proto3: refused, as are wire types 6 and 7.
bool skip(Reader & in, uint32_t wire) {
  uint64_t ignored;
  Reader inner;
  switch (wire) {
    case VARINT:
      return read_varint(in, ignored);
    case FIXED64:
    case FIXED32: {
      const ptrdiff_t size = wire == FIXED64 ? 8 : 4;
      if (in.end - in.at < size) return false;
      in.at += size;
      return true;
    }
    case LEN:
      return read_nested(in, inner);
    default:
      return false;
  }
}

// ---------------------------------------------------------------- the fixed layout (in rclsim's process)

// byte order: the fixed layout's numbers are little-endian, written and read byte by byte so that
// the client builds and means the same on every host (the in-process host's are little-endian;
// check:arch builds it for big-endian s390x too); compilers make each one load or store there.
template <size_t Size>
struct Unsigned;
template <>
struct Unsigned<1> {using type = uint8_t;};
template <>
struct Unsigned<2> {using type = uint16_t;};
template <>
struct Unsigned<4> {using type = uint32_t;};
template <>
struct Unsigned<8> {using type = uint64_t;};

template <typename T>
void put_fixed(char * at, T value)
{
  using Bits = typename Unsigned<sizeof(T)>::type;
  Bits bits;
  std::memcpy(&bits, &value, sizeof value);
  for (size_t i = 0; i < sizeof(T); ++i) {
    at[i] = static_cast<char>(static_cast<uint8_t>(static_cast<uint64_t>(bits) >> (8 * i)));
  }
}

template <typename T>
T get_fixed(const uint8_t * at)
{
  using Bits = typename Unsigned<sizeof(T)>::type;
  uint64_t bits = 0;
  for (size_t i = 0; i < sizeof(T); ++i) {
    bits |= static_cast<uint64_t>(at[i]) << (8 * i);
  }
  const Bits narrow = static_cast<Bits>(bits);
  T value;
  std::memcpy(&value, &narrow, sizeof value);
  return value;
}

}  // namespace

}  // namespace rclsim::node

#endif  // RCLSIM__WIRE__PROTO_RUNTIME_HPP_
