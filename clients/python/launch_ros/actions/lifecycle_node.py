"""`LifecycleNode`: a managed node (a `node` record with `lifecycle: true`); its name is required."""

from typing import Any

from launch._plan import Plan

from .node import Node


class LifecycleNode(Node):
    def __init__(self, *, name: Any, namespace: Any, **kwargs: Any) -> None:
        super().__init__(name=name, namespace=namespace, **kwargs)

    def _extra_fields(self, context: Any, plan: Plan) -> dict[str, Any]:
        return {'lifecycle': True}
