// rcpputils::join (rcpputils/join.hpp): a container's items written to one string, the delimiter
// between them.
#ifndef RCPPUTILS__JOIN_HPP_
#define RCPPUTILS__JOIN_HPP_

#include <memory>
#include <sstream>
#include <string>

namespace rcpputils
{

template<typename CharT, typename ValueT, typename AllocatorT, template<typename T, class = std::allocator<T>> class Container>
std::basic_string<CharT> join(const Container<ValueT, AllocatorT> & container, const std::basic_string<CharT> & delim)
{
  std::basic_ostringstream<CharT> s;
  bool first = true;
  for (const auto & item : container) {
    if (!first) {
      s << delim;
    }
    s << item;
    first = false;
  }
  return s.str();
}

template<typename ValueT, typename AllocatorT, template<typename T, class = std::allocator<T>> class Container>
std::string join(const Container<ValueT, AllocatorT> & container, const std::string & delim)
{
  return join<char, ValueT, AllocatorT, Container>(container, delim);
}

}  // namespace rcpputils

#endif  // RCPPUTILS__JOIN_HPP_
