"""`AnonName`: a name made unique once per launch, then the same wherever it is asked for again.

launch/substitutions/anon_name.py keeps it in the launch configuration 'anon' + name, made from
the host, the process id and a random number; rclsim must give the same plan on every run, so
it is the name and the count of anonymous names made before it: `name_1`, `name_2`, …
"""

from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions


class AnonName(Substitution):
    def __init__(self, name: Any) -> None:
        self.__name = normalize_to_list_of_substitutions(name)

    @property
    def name(self) -> list[Substitution]:
        return self.__name

    def describe(self) -> str:
        return f"AnonName({' + '.join(s.describe() for s in self.__name)})"

    def perform(self, context: Any) -> str:
        name = perform_substitutions(context, self.__name)
        key = 'anon' + name
        if key not in context.launch_configurations:
            context._anonymous_names += 1
            made = f'{name}_{context._anonymous_names}'
            context.launch_configurations[key] = made.replace('.', '_').replace('-', '_').replace(':', '_')
        return context.launch_configurations[key]
