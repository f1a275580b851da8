#include "rclsim/json.hpp"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace rclsim::json
{

class Parser
{
public:
  explicit Parser(const std::string & text) : text_(text) {}

  Value document()
  {
    Value value = parse_value();
    skip_space();
    if (at_ != text_.size()) {
      fail("text after the value");
    }
    return value;
  }

private:
  [[noreturn]] void fail(const std::string & what) const
  {
    throw std::runtime_error("rclsim: bad JSON from the simulation at " + std::to_string(at_) + ": " + what);
  }

  void skip_space()
  {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\t' || text_[at_] == '\r')) {
      ++at_;
    }
  }

  bool take(const char * word)
  {
    std::string expected(word);
    if (text_.compare(at_, expected.size(), expected) == 0) {
      at_ += expected.size();
      return true;
    }
    return false;
  }

  Value parse_value()
  {
    skip_space();
    if (at_ >= text_.size()) {
      fail("the text ended");
    }
    Value value;
    char first = text_[at_];
    if (first == '{') {
      ++at_;
      value.kind_ = Value::Kind::object;
      skip_space();
      if (at_ < text_.size() && text_[at_] == '}') {
        ++at_;
        return value;
      }
      while (true) {
        skip_space();
        std::string key = parse_string();
        skip_space();
        if (at_ >= text_.size() || text_[at_++] != ':') {
          fail("':' expected");
        }
        value.members_[key] = parse_value();
        skip_space();
        if (at_ < text_.size() && text_[at_] == ',') {
          ++at_;
          continue;
        }
        if (at_ < text_.size() && text_[at_] == '}') {
          ++at_;
          return value;
        }
        fail("',' or '}' expected");
      }
    }
    if (first == '[') {
      ++at_;
      value.kind_ = Value::Kind::array;
      skip_space();
      if (at_ < text_.size() && text_[at_] == ']') {
        ++at_;
        return value;
      }
      while (true) {
        value.items_.push_back(parse_value());
        skip_space();
        if (at_ < text_.size() && text_[at_] == ',') {
          ++at_;
          continue;
        }
        if (at_ < text_.size() && text_[at_] == ']') {
          ++at_;
          return value;
        }
        fail("',' or ']' expected");
      }
    }
    if (first == '"') {
      value.kind_ = Value::Kind::string;
      value.text_ = parse_string();
      return value;
    }
    if (take("true") || take("false")) {
      value.kind_ = Value::Kind::boolean;
      value.boolean_ = text_[at_ - 1] == 'e' && text_[at_ - 2] == 'u';
      return value;
    }
    if (take("null")) {
      return value;
    }
    size_t start = at_;
    while (at_ < text_.size() && std::string("+-0123456789.eE").find(text_[at_]) != std::string::npos) {
      ++at_;
    }
    if (start == at_) {
      fail("a value expected");
    }
    value.kind_ = Value::Kind::number;
    value.text_ = text_.substr(start, at_ - start);
    value.number_ = std::strtod(value.text_.c_str(), nullptr);
    return value;
  }

  void append_utf8(std::string & out, uint32_t code)
  {
    if (code < 0x80) {
      out.push_back(static_cast<char>(code));
    } else if (code < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (code >> 6)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (code >> 12)));
      out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (code >> 18)));
      out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    }
  }

  uint32_t hex4()
  {
    if (at_ + 4 > text_.size()) {
      fail("a \\u escape was cut short");
    }
    uint32_t code = static_cast<uint32_t>(std::strtoul(text_.substr(at_, 4).c_str(), nullptr, 16));
    at_ += 4;
    return code;
  }

  std::string parse_string()
  {
    if (at_ >= text_.size() || text_[at_] != '"') {
      fail("a string expected");
    }
    ++at_;
    std::string out;
    while (true) {
      if (at_ >= text_.size()) {
        fail("a string was not closed");
      }
      char c = text_[at_++];
      if (c == '"') {
        return out;
      }
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      char escape = text_[at_++];
      switch (escape) {
        case 'n': out.push_back('\n'); break;
        case 't': out.push_back('\t'); break;
        case 'r': out.push_back('\r'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'u': {
          uint32_t code = hex4();
          if (code >= 0xD800 && code < 0xDC00 && take("\\u")) {
            code = 0x10000 + ((code - 0xD800) << 10) + (hex4() - 0xDC00);
          }
          append_utf8(out, code);
          break;
        }
        default: out.push_back(escape);
      }
    }
  }

  const std::string & text_;
  size_t at_ = 0;
};

bool Value::as_bool() const {return boolean_;}

double Value::as_double() const {return number_;}

int64_t Value::as_int() const
{
  if (kind_ == Kind::object) {
    return std::strtoll((*this)["$bigint"].as_string().c_str(), nullptr, 10);
  }
  // The number's own digits: a double would lose an integer above 2^53.
  return text_.find_first_of(".eE") == std::string::npos ? std::strtoll(text_.c_str(), nullptr, 10) : static_cast<int64_t>(number_);
}

const std::string & Value::as_string() const {return text_;}

const std::vector<Value> & Value::as_array() const {return items_;}

const std::map<std::string, Value> & Value::as_object() const {return members_;}

const Value & Value::operator[](const std::string & key) const
{
  static const Value none;
  auto found = members_.find(key);
  return found == members_.end() ? none : found->second;
}

Value parse(const std::string & text) {return Parser(text).document();}

std::string quote(const std::string & text)
{
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char escape[8];
          std::snprintf(escape, sizeof(escape), "\\u%04x", c);
          out += escape;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  return out + "\"";
}

}  // namespace rclsim::json
