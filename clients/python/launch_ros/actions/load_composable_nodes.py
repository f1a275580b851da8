"""`LoadComposableNodes`: components loaded into a container named by action or by name (a `load` record)."""

from typing import Any

from launch._input_error import LaunchInputError
from launch._plan import plan_of
from launch.action import Action
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from ..utilities.namespace_utils import make_namespace_absolute
from .composable_node_container import ComposableNodeContainer


class LoadComposableNodes(Action):
    def __init__(self, *, composable_node_descriptions: list[Any], target_container: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__descriptions = list(composable_node_descriptions)
        self.__target = target_container

    def execute(self, context: Any) -> None:
        if isinstance(self.__target, ComposableNodeContainer):
            try:
                target = self.__target.node_name
            except RuntimeError:
                raise LaunchInputError('LoadComposableNodes: its target container has not been started before it') from None
        else:
            target = make_namespace_absolute(perform_substitutions(context, normalize_to_list_of_substitutions(self.__target)))
        records = [description.plan_record(context) for description in self.__descriptions]
        plan_of(context).add(self, 'load', target_container=target, composable_nodes=[record for record in records if record is not None])
