// pluginlib's exceptions (pluginlib/exceptions.hpp).
#ifndef PLUGINLIB__EXCEPTIONS_HPP_
#define PLUGINLIB__EXCEPTIONS_HPP_

#include <stdexcept>
#include <string>

namespace pluginlib
{

class PluginlibException : public std::runtime_error
{
public:
  explicit PluginlibException(const std::string & error) : std::runtime_error(error) {}
};
class InvalidXMLException : public PluginlibException
{
public:
  explicit InvalidXMLException(const std::string & error) : PluginlibException(error) {}
};
class LibraryLoadException : public PluginlibException
{
public:
  explicit LibraryLoadException(const std::string & error) : PluginlibException(error) {}
};
class ClassLoaderException : public PluginlibException
{
public:
  explicit ClassLoaderException(const std::string & error) : PluginlibException(error) {}
};
class LibraryUnloadException : public PluginlibException
{
public:
  explicit LibraryUnloadException(const std::string & error) : PluginlibException(error) {}
};
class CreateClassException : public PluginlibException
{
public:
  explicit CreateClassException(const std::string & error) : PluginlibException(error) {}
};

}  // namespace pluginlib

#endif  // PLUGINLIB__EXCEPTIONS_HPP_
