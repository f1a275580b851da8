// JSON as the node port carries it (graph answers, entity operations, QoS): a value tree, its
// parser and string quoting. An integer beyond JSON's comes as {"$bigint": "<decimal>"}, bytes as
// {"$bytes": "<base64>"} (docs/node-protocol.md). No JSON library is on every machine of ours.
#ifndef RCLSIM__JSON_HPP_
#define RCLSIM__JSON_HPP_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rclsim::json
{

class Value
{
public:
  enum class Kind { null, boolean, number, string, array, object };

  Value() = default;
  Kind kind() const {return kind_;}
  bool is_null() const {return kind_ == Kind::null;}
  bool as_bool() const;
  double as_double() const;
  /// A number, or a {"$bigint"} one.
  int64_t as_int() const;
  const std::string & as_string() const;
  const std::vector<Value> & as_array() const;
  const std::map<std::string, Value> & as_object() const;
  /// An object's member (null when it has none).
  const Value & operator[](const std::string & key) const;

private:
  friend class Parser;
  Kind kind_ = Kind::null;
  bool boolean_ = false;
  double number_ = 0;
  std::string text_;
  std::vector<Value> items_;
  std::map<std::string, Value> members_;
};

/// Throws std::runtime_error naming the position when the text is no JSON.
Value parse(const std::string & text);
/// A string as a JSON string literal.
std::string quote(const std::string & text);

}  // namespace rclsim::json

#endif  // RCLSIM__JSON_HPP_
