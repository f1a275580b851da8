"""`FindPackagePrefix`, `FindPackageShare`: a package's install prefix and share folder (ament index)."""

from typing import Any

from launch.substitution import Substitution
from launch.substitutions.substitution_failure import SubstitutionFailure
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions


def package_prefix(package: str) -> str:
    from ament_index_python.packages import PackageNotFoundError, get_package_prefix

    try:
        return get_package_prefix(package)
    except PackageNotFoundError:
        raise SubstitutionFailure(f"package '{package}' not found") from None


def package_share(package: str) -> str:
    from ament_index_python.packages import PackageNotFoundError, get_package_share_directory

    try:
        return get_package_share_directory(package)
    except PackageNotFoundError:
        raise SubstitutionFailure(f"package '{package}' not found") from None


class FindPackagePrefix(Substitution):
    def __init__(self, package: Any) -> None:
        self.__package = normalize_to_list_of_substitutions(package)

    @property
    def package(self) -> list[Any]:
        return self.__package

    def describe(self) -> str:
        return f"Pkg('{' + '.join(s.describe() for s in self.__package)}')"

    def find(self, package_name: str) -> str:
        return package_prefix(package_name)

    def perform(self, context: Any) -> str:
        return self.find(perform_substitutions(context, self.__package))


FindPackage = FindPackagePrefix


class FindPackageShare(FindPackagePrefix):
    def find(self, package_name: str) -> str:
        return package_share(package_name)
