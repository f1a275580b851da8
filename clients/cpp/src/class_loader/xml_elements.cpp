#include "class_loader/xml_elements.h"

#include <cctype>
#include <fstream>
#include <sstream>

namespace rclsim
{
namespace
{
class XmlReader
{
public:
  explicit XmlReader(const std::string & text) : text_(text) {}

  std::unique_ptr<XmlElement> document()
  {
    skip_misc();
    if (at_end() || text_[pos_] != '<') {
      fail("no root element");
    }
    auto root = element();
    skip_misc();
    if (!at_end()) {
      fail("text after the root element");
    }
    return root;
  }

private:
  [[noreturn]] void fail(const std::string & what) const
  {
    int line = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      line += text_[i] == '\n';
    }
    throw std::runtime_error("line " + std::to_string(line) + ": " + what);
  }
  bool at_end() const {return pos_ >= text_.size();}
  bool starts(const char * with) const {return text_.compare(pos_, std::char_traits<char>::length(with), with) == 0;}
  void skip_space()
  {
    while (!at_end() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
      ++pos_;
    }
  }
  void skip_past(const char * end)
  {
    size_t found = text_.find(end, pos_);
    if (found == std::string::npos) {
      fail(std::string("no closing ") + end);
    }
    pos_ = found + std::char_traits<char>::length(end);
  }
  // Whitespace, comments, processing instructions and a DOCTYPE between elements.
  void skip_misc()
  {
    for (;;) {
      skip_space();
      if (starts("<?")) {
        skip_past("?>");
      } else if (starts("<!--")) {
        skip_past("-->");
      } else if (starts("<!DOCTYPE")) {
        skip_past(">");
      } else {
        return;
      }
    }
  }
  std::string name()
  {
    size_t start = pos_;
    while (!at_end() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' || text_[pos_] == ':' ||
      text_[pos_] == '-' || text_[pos_] == '.'))
    {
      ++pos_;
    }
    if (start == pos_) {
      fail("a name expected");
    }
    return text_.substr(start, pos_ - start);
  }
  std::string decoded(const std::string & raw) const
  {
    std::string out;
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      size_t end = raw.find(';', i);
      if (end == std::string::npos) {
        fail("an entity without its ';'");
      }
      std::string entity = raw.substr(i + 1, end - i - 1);
      if (entity == "lt") {
        out += '<';
      } else if (entity == "gt") {
        out += '>';
      } else if (entity == "amp") {
        out += '&';
      } else if (entity == "quot") {
        out += '"';
      } else if (entity == "apos") {
        out += '\'';
      } else if (!entity.empty() && entity[0] == '#') {
        unsigned long code = entity.size() > 1 && entity[1] == 'x' ? std::stoul(entity.substr(2), nullptr, 16) : std::stoul(entity.substr(1));
        append_utf8(out, code);
      } else {
        fail("unknown entity &" + entity + ";");
      }
      i = end;
    }
    return out;
  }
  static void append_utf8(std::string & out, unsigned long code)
  {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }
  std::unique_ptr<XmlElement> element()
  {
    ++pos_;  // '<'
    auto node = std::make_unique<XmlElement>();
    node->name = name();
    for (;;) {
      skip_space();
      if (at_end()) {
        fail("element <" + node->name + "> not closed");
      }
      if (starts("/>")) {
        pos_ += 2;
        return node;
      }
      if (text_[pos_] == '>') {
        ++pos_;
        break;
      }
      std::string attribute = name();
      skip_space();
      if (at_end() || text_[pos_] != '=') {
        fail("attribute " + attribute + " without a value");
      }
      ++pos_;
      skip_space();
      if (at_end() || (text_[pos_] != '"' && text_[pos_] != '\'')) {
        fail("attribute " + attribute + "'s value not quoted");
      }
      char quote = text_[pos_++];
      size_t end = text_.find(quote, pos_);
      if (end == std::string::npos) {
        fail("attribute " + attribute + "'s value not closed");
      }
      node->attributes.emplace_back(attribute, decoded(text_.substr(pos_, end - pos_)));
      pos_ = end + 1;
    }
    for (;;) {
      if (at_end()) {
        fail("element <" + node->name + "> not closed");
      }
      if (starts("</")) {
        pos_ += 2;
        std::string closing = name();
        if (closing != node->name) {
          fail("</" + closing + "> closes <" + node->name + ">");
        }
        skip_space();
        if (at_end() || text_[pos_] != '>') {
          fail("</" + closing + " not closed");
        }
        ++pos_;
        return node;
      }
      if (starts("<!--")) {
        skip_past("-->");
      } else if (starts("<![CDATA[")) {
        size_t start = pos_ + 9;
        skip_past("]]>");
        node->text += text_.substr(start, pos_ - 3 - start);
      } else if (starts("<?")) {
        skip_past("?>");
      } else if (text_[pos_] == '<') {
        node->children.push_back(element());
      } else {
        size_t end = text_.find('<', pos_);
        if (end == std::string::npos) {
          end = text_.size();
        }
        node->text += decoded(text_.substr(pos_, end - pos_));
        pos_ = end;
      }
    }
  }

  const std::string & text_;
  size_t pos_ = 0;
};
}  // namespace

const std::string * XmlElement::attribute(const std::string & attribute_name) const
{
  for (const auto & [key, value] : attributes) {
    if (key == attribute_name) {
      return &value;
    }
  }
  return nullptr;
}

std::vector<const XmlElement *> XmlElement::children_named(const std::string & child_name) const
{
  std::vector<const XmlElement *> named;
  for (const auto & child : children) {
    if (child->name == child_name) {
      named.push_back(child.get());
    }
  }
  return named;
}

std::unique_ptr<XmlElement> parse_xml(const std::string & text)
{
  return XmlReader(text).document();
}

std::unique_ptr<XmlElement> parse_xml_file(const std::string & path)
{
  std::ifstream file(path);
  if (!file) {
    throw std::runtime_error(path + ": cannot be read");
  }
  std::stringstream content;
  content << file.rdbuf();
  try {
    return parse_xml(content.str());
  } catch (const std::runtime_error & error) {
    throw std::runtime_error(path + ": " + error.what());
  }
}

}  // namespace rclsim
