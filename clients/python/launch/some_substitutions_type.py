"""The types a "some substitutions" argument may have (launch/some_substitutions_type.py upstream)."""

from typing import Iterable, Union

from .substitution import Substitution

SomeSubstitutionsType = Union[str, Substitution, Iterable[Union[str, Substitution]]]
SomeSubstitutionsType_types_tuple = (str, Substitution, list, tuple)
