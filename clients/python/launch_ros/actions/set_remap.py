"""`SetRemap`: a remapping for every node after it in scope (before the node's own)."""

from typing import Any

from launch.action import Action
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from .._plan_parameters import GLOBAL_REMAPS


class SetRemap(Action):
    def __init__(self, src: Any, dst: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.__src = normalize_to_list_of_substitutions(src)
        self.__dst = normalize_to_list_of_substitutions(dst)

    @property
    def src(self) -> list[Any]:
        return self.__src

    @property
    def dst(self) -> list[Any]:
        return self.__dst

    def execute(self, context: Any) -> None:
        rule = (perform_substitutions(context, self.__src), perform_substitutions(context, self.__dst))
        context.launch_configurations[GLOBAL_REMAPS] = (*context.launch_configurations.get(GLOBAL_REMAPS, ()), rule)
