"""`normalize_to_list_of_entities`: one entity or an iterable of them, as a flat list."""

from typing import Any

from ..launch_description_entity import LaunchDescriptionEntity


def normalize_to_list_of_entities(entities: Any) -> list[LaunchDescriptionEntity]:
    if isinstance(entities, LaunchDescriptionEntity):
        return [entities]
    flat: list[LaunchDescriptionEntity] = []
    for entity in entities:
        flat.extend(normalize_to_list_of_entities(entity))
    return flat
