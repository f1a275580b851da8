"""`ComposableNode`: a component to load into a container (a COMPOSABLE of the plan)."""

from typing import Any, Optional

from launch._origin import caller_origin
from launch.condition import Condition
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from .._plan_parameters import plan_parameters
from ..actions.node import normalize_remap_rules, perform_remappings, resolve_namespace
from ..utilities.normalize_parameters import evaluate_parameter_dict, normalize_parameters


class ComposableNode:
    def __init__(
        self,
        *,
        package: Any,
        plugin: Any,
        name: Any = None,
        namespace: Any = None,
        parameters: Any = None,
        remappings: Any = None,
        extra_arguments: Any = None,
        condition: Optional[Condition] = None,
    ) -> None:
        self.__package = normalize_to_list_of_substitutions(package)
        self.__plugin = normalize_to_list_of_substitutions(plugin)
        self.__name = None if name is None else normalize_to_list_of_substitutions(name)
        self.__namespace = None if namespace is None else normalize_to_list_of_substitutions(namespace)
        self.__parameters = [] if parameters is None else normalize_parameters(parameters)
        self.__remappings = [] if remappings is None else normalize_remap_rules(remappings)
        self.__extra_arguments = [] if extra_arguments is None else normalize_parameters(extra_arguments)
        self.__condition = condition
        self._origin = caller_origin()

    @property
    def package(self) -> list[Any]:
        return self.__package

    @property
    def node_plugin(self) -> list[Any]:
        return self.__plugin

    def condition(self) -> Optional[Condition]:
        return self.__condition

    def plan_record(self, context: Any) -> Optional[dict[str, Any]]:
        """The COMPOSABLE record in the scope of the action loading it, or None when its condition is false."""
        if self.__condition is not None and not self.__condition.evaluate(context):
            return None
        extra: dict[str, Any] = {}
        for item in self.__extra_arguments:
            if isinstance(item, dict):
                extra.update(evaluate_parameter_dict(context, item))
        # launch_ros' load request: the scope's namespace when the component gives none.
        namespace = resolve_namespace(context, self.__namespace)
        file, line = self._origin
        return {
            'package': perform_substitutions(context, self.__package),
            'plugin': perform_substitutions(context, self.__plugin),
            'name': None if self.__name is None else perform_substitutions(context, self.__name),
            'namespace': namespace,
            'parameters': plan_parameters(context, self.__parameters, self._origin),
            'remappings': perform_remappings(context, self.__remappings),
            'extra_arguments': extra,
            'file': file,
            'line': line,
        }
