"""rclsim's `launch`: ros2/launch's API (Jazzy), evaluated once into a launch plan (docs/launch-plan.md)."""

from . import actions, conditions, event_handlers, events, launch_description_sources, logging, substitutions, utilities
from .action import Action
from .condition import Condition
from .event import Event
from .event_handler import EventHandler
from .invalid_launch_file_error import InvalidLaunchFileError
from .launch_context import LaunchContext
from .launch_description import LaunchDescription
from .launch_description_entity import LaunchDescriptionEntity
from .launch_description_source import LaunchDescriptionSource
from .some_entities_type import SomeEntitiesType, SomeEntitiesType_types_tuple
from .some_substitutions_type import SomeSubstitutionsType, SomeSubstitutionsType_types_tuple
from .substitution import Substitution

__all__ = [
    'Action',
    'Condition',
    'Event',
    'EventHandler',
    'InvalidLaunchFileError',
    'LaunchContext',
    'LaunchDescription',
    'LaunchDescriptionEntity',
    'LaunchDescriptionSource',
    'SomeEntitiesType',
    'SomeEntitiesType_types_tuple',
    'SomeSubstitutionsType',
    'SomeSubstitutionsType_types_tuple',
    'Substitution',
    'actions',
    'conditions',
    'event_handlers',
    'events',
    'launch_description_sources',
    'logging',
    'substitutions',
    'utilities',
]
