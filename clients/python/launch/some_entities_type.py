"""The types a "some entities" argument may have (launch/some_entities_type.py upstream)."""

from typing import Iterable, Union

from .launch_description_entity import LaunchDescriptionEntity

SomeEntitiesType = Union[LaunchDescriptionEntity, Iterable[LaunchDescriptionEntity]]
SomeEntitiesType_types_tuple = (LaunchDescriptionEntity, list, tuple)
