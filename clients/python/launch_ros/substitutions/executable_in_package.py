"""`ExecutableInPackage`: an executable in a package's `lib/<package>` folder."""

import os
from typing import Any

from launch.substitutions.substitution_failure import SubstitutionFailure
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from .find_package import FindPackagePrefix, package_prefix


class ExecutableInPackage(FindPackagePrefix):
    def __init__(self, executable: Any, package: Any) -> None:
        super().__init__(package)
        self.__executable = normalize_to_list_of_substitutions(executable)

    def perform(self, context: Any) -> str:
        package = perform_substitutions(context, self.package)
        executable = perform_substitutions(context, self.__executable)
        folder = os.path.join(package_prefix(package), 'lib', package)
        path = os.path.join(folder, executable)
        if not os.path.isfile(path):
            raise SubstitutionFailure(f"executable '{executable}' not found in the package '{package}' (searched '{folder}')")
        return path
