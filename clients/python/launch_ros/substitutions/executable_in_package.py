"""`ExecutableInPackage`: an executable of a package, as `<prefix>/lib/<package>/<executable>`.

The package must be known; the file need not exist there: an ament_python entry point or a
C++ executable rclsim builds is found by rclsim from that path's package and name, which
decides what can run (docs/launch-plan.md, `process`).
"""

import os
from typing import Any

from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from .find_package import FindPackagePrefix, package_prefix


class ExecutableInPackage(FindPackagePrefix):
    def __init__(self, executable: Any, package: Any) -> None:
        super().__init__(package)
        self.__executable = normalize_to_list_of_substitutions(executable)

    def perform(self, context: Any) -> str:
        package = perform_substitutions(context, self.package)
        return os.path.join(package_prefix(package), 'lib', package, perform_substitutions(context, self.__executable))
