// A small XML reader for pluginlib's plugin description files and package.xml: elements,
// attributes, text, comments, the declaration and CDATA; the five predefined entities and
// character references. No DTD, no namespaces (pluginlib reads neither).
#ifndef RCLSIM_XML_ELEMENTS_H_
#define RCLSIM_XML_ELEMENTS_H_

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rclsim
{

struct XmlElement
{
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<std::unique_ptr<XmlElement>> children;
  std::string text;  // the text directly inside it, entities replaced

  /// The attribute's value, or nullptr when it has none of that name.
  const std::string * attribute(const std::string & attribute_name) const;
  /// The children of that name, in order.
  std::vector<const XmlElement *> children_named(const std::string & child_name) const;
};

/// The document's root element; throws std::runtime_error naming the line when it is not XML.
std::unique_ptr<XmlElement> parse_xml(const std::string & text);
/// The file's root element; throws std::runtime_error naming the file (and line).
std::unique_ptr<XmlElement> parse_xml_file(const std::string & path);

}  // namespace rclsim

#endif  // RCLSIM_XML_ELEMENTS_H_
