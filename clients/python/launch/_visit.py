"""Visiting entities depth-first, as launch's service does (launch/launch_service.py).

An error gets the launch file and line of the innermost action it came from (`_rclsim_origin`),
so the evaluator can name where it was made.
"""

from typing import Any, Iterable

from .launch_description_entity import LaunchDescriptionEntity


def visit_entities(context: Any, entities: Iterable[LaunchDescriptionEntity]) -> None:
    for entity in entities:
        try:
            sub_entities = entity.visit(context)
        except Exception as error:
            origin = getattr(entity, '_origin', None)
            if getattr(error, '_rclsim_origin', None) is None and origin is not None and origin[0]:
                error._rclsim_origin = origin  # type: ignore[attr-defined]
            raise
        if sub_entities:
            visit_entities(context, sub_entities)
