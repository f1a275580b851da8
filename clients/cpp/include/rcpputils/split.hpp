// rcpputils::split (rcpputils/split.hpp, Jazzy): a string's tokens between the delimiters, as
// std::getline reads them (so a trailing delimiter gives no empty last token); skip_empty drops
// the empty ones.
#ifndef RCPPUTILS__SPLIT_HPP_
#define RCPPUTILS__SPLIT_HPP_

#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace rcpputils
{

template<class InsertIterator>
void split(const std::string & input, char delim, InsertIterator & it, bool skip_empty = false)
{
  std::stringstream stream(input);
  std::string item;
  while (std::getline(stream, item, delim)) {
    if (skip_empty && item.empty()) {
      continue;
    }
    it = item;
  }
}

inline std::vector<std::string> split(const std::string & input, char delim, bool skip_empty = false)
{
  std::vector<std::string> result;
  auto it = std::back_inserter(result);
  split(input, delim, it, skip_empty);
  return result;
}

}  // namespace rcpputils

#endif  // RCPPUTILS__SPLIT_HPP_
