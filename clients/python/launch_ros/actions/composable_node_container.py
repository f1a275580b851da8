"""`ComposableNodeContainer`: a container node with components loaded into it (a `container` record)."""

from typing import Any, Optional

from launch._plan import Plan

from .node import Node


class ComposableNodeContainer(Node):
    _KIND = 'container'

    def __init__(self, *, name: Any, namespace: Any, composable_node_descriptions: Optional[list[Any]] = None, **kwargs: Any) -> None:
        super().__init__(name=name, namespace=namespace, **kwargs)
        self.__descriptions = list(composable_node_descriptions or [])

    def _extra_fields(self, context: Any, plan: Plan) -> dict[str, Any]:
        records = [description.plan_record(context) for description in self.__descriptions]
        return {'composable_nodes': [record for record in records if record is not None]}
