"""`launch.utilities`: what actions, substitutions and users' own subclasses share."""

from .class_tools import is_a, is_a_subclass
from .ensure_argument_type import ensure_argument_type
from .entities import normalize_to_list_of_entities
from .substitutions import normalize_to_list_of_substitutions, perform_substitutions
from .type_utils import perform_typed_substitution

__all__ = [
    'ensure_argument_type',
    'is_a',
    'is_a_subclass',
    'normalize_to_list_of_entities',
    'normalize_to_list_of_substitutions',
    'perform_substitutions',
    'perform_typed_substitution',
]
