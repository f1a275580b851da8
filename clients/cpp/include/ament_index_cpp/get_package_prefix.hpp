// A package's install prefix, by the ament index's `packages` resource.
#ifndef AMENT_INDEX_CPP__GET_PACKAGE_PREFIX_HPP_
#define AMENT_INDEX_CPP__GET_PACKAGE_PREFIX_HPP_

#include <stdexcept>
#include <string>

namespace ament_index_cpp
{

/// No prefix of AMENT_PREFIX_PATH has the package.
class PackageNotFoundError : public std::out_of_range
{
public:
  explicit PackageNotFoundError(const std::string & package_name);
  virtual ~PackageNotFoundError();

  const std::string package_name;
};

/// The install prefix that has the package; PackageNotFoundError when none has.
std::string get_package_prefix(const std::string & package_name);

}  // namespace ament_index_cpp

#endif  // AMENT_INDEX_CPP__GET_PACKAGE_PREFIX_HPP_
