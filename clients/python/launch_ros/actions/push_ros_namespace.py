"""`PushROSNamespace` (also `PushRosNamespace`): nodes after it in its scope are under the namespace."""

from typing import Any

from launch._input_error import LaunchInputError
from launch.action import Action
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from ..utilities.namespace_utils import make_namespace_absolute, prefix_namespace
from ._names import namespace_problem


class PushROSNamespace(Action):
    def __init__(self, namespace: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__namespace = normalize_to_list_of_substitutions(namespace)

    @property
    def namespace(self) -> list[Any]:
        return self.__namespace

    def execute(self, context: Any) -> None:
        pushed = perform_substitutions(context, self.__namespace)
        previous = context.launch_configurations.get('ros_namespace')
        namespace = make_namespace_absolute(prefix_namespace(previous, pushed))
        assert namespace is not None
        problem = namespace_problem(namespace)
        if problem is not None:
            raise LaunchInputError(f"The resulting namespace is invalid ({problem}): [previous_namespace='{previous}', pushed_namespace='{pushed}']")
        context.launch_configurations['ros_namespace'] = namespace


PushRosNamespace = PushROSNamespace
