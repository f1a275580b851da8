// class_loader's exceptions (class_loader/exceptions.hpp).
#ifndef CLASS_LOADER__EXCEPTIONS_HPP_
#define CLASS_LOADER__EXCEPTIONS_HPP_

#include <stdexcept>
#include <string>

namespace class_loader
{

class ClassLoaderException : public std::runtime_error
{
public:
  explicit ClassLoaderException(const std::string & error) : std::runtime_error(error) {}
};
class LibraryLoadException : public ClassLoaderException
{
public:
  explicit LibraryLoadException(const std::string & error) : ClassLoaderException(error) {}
};
class LibraryUnloadException : public ClassLoaderException
{
public:
  explicit LibraryUnloadException(const std::string & error) : ClassLoaderException(error) {}
};
class CreateClassException : public ClassLoaderException
{
public:
  explicit CreateClassException(const std::string & error) : ClassLoaderException(error) {}
};
class NoClassLoaderExistsException : public ClassLoaderException
{
public:
  explicit NoClassLoaderExistsException(const std::string & error) : ClassLoaderException(error) {}
};

}  // namespace class_loader

#endif  // CLASS_LOADER__EXCEPTIONS_HPP_
