"""The types a front end's attribute can be asked for, and how text becomes them.

XML attributes are text and are coerced (launch_xml), by launch.utilities.type_utils'
`coerce_to_type`; YAML values already have a type and are only checked (launch_yaml). Both
follow ros2/launch's launch/utilities/type_utils.py (`get_typed_value`, `is_instance_of`) and
launch/frontend/type_utils.py.
A `data_type` is one of `str`, `int`, `float`, `bool`, `List[...]` of those, `None` (YAML's own
reading of the text), or `List[Entity]` (child entities, handled by each Entity).
"""

from __future__ import annotations

from typing import Any, List, Union

SCALAR_TYPES = (int, float, bool, str)

_IDENTIFIERS: dict[str, Any] = {
    'str': str,
    'bool': bool,
    'float': float,
    'int': int,
    'list_of_str': List[str],
    'list_of_bool': List[bool],
    'list_of_float': List[float],
    'list_of_int': List[int],
    'yaml': None,
}

Value = Union[int, float, bool, str, List[Any]]


def get_data_type_from_identifier(type_identifier: str) -> Any:
    """The data type a `<param type="…">` names."""
    if type_identifier not in _IDENTIFIERS:
        raise ValueError(f"Got invalid type identifier '{type_identifier}'")
    return _IDENTIFIERS[type_identifier]


def is_typing_list(data_type: Any) -> bool:
    return data_type is List or getattr(data_type, '__origin__', None) is list


def check_is_list_entity(data_type: Any) -> bool:
    """Whether `data_type` asks for child entities (`List[Entity]` or a subclass's)."""
    from .entity import Entity

    if not is_typing_list(data_type) or not getattr(data_type, '__args__', None):
        return False
    item = data_type.__args__[0]
    return isinstance(item, type) and issubclass(item, Entity)


def extract_type(data_type: Any) -> tuple[type, bool]:
    """(scalar type, whether a list of it)."""
    if is_typing_list(data_type) and getattr(data_type, '__args__', None):
        scalar = data_type.__args__[0]
        is_list = True
    else:
        scalar, is_list = data_type, False
    if scalar not in SCALAR_TYPES:
        raise ValueError(f'Unrecognized data type: {data_type}')
    return scalar, is_list


def type_name(data_type: Any) -> str:
    """`int`, `list of float`, …: how an error names a type."""
    if data_type is None:
        return 'scalar or a list of one type'
    scalar, is_list = extract_type(data_type)
    return f'list of {scalar.__name__}' if is_list else scalar.__name__


def is_valid_value(value: Any, *, can_be_str: bool = False) -> bool:
    """A scalar, or a uniform list of one scalar type (strings mixed in when `can_be_str`)."""
    if isinstance(value, list):
        member = next((type(x) for x in value if type(x) is not str), str)
        if member not in SCALAR_TYPES:
            return False
        allowed = (member, str) if can_be_str else (member,)
        return all(isinstance(x, allowed) for x in value)
    return isinstance(value, SCALAR_TYPES)


def is_instance_of(value: Any, data_type: Any, *, can_be_str: bool = False) -> bool:
    """Whether a YAML value is already of `data_type` (a string too when `can_be_str`)."""
    if data_type is None:
        return is_valid_value(value, can_be_str=can_be_str)
    scalar, is_list = extract_type(data_type)
    allowed: tuple[type, ...] = (str, scalar) if can_be_str else (scalar,)
    if not is_list:
        return isinstance(value, allowed)
    return isinstance(value, list) and all(isinstance(x, allowed) for x in value)


def coerce_attribute(text: str, data_type: Any, *, can_be_str: bool = False) -> Any:
    """An XML attribute's text as `data_type`; with `can_be_str` text that does not convert
    stays text (it may hold a substitution, read later), as upstream's coerce_to_type."""
    from ..utilities.type_utils import coerce_to_type

    try:
        out = coerce_to_type(text, data_type)
    except ValueError:
        if can_be_str:
            return text
        raise
    if data_type is None and text and not is_valid_value(out, can_be_str=can_be_str):
        raise ValueError(f"'{text}' reads as a {type(out).__name__}, not a scalar or a list of one type")
    return out


def get_typed_value(value: Union[str, List[str]], data_type: Any, *, can_be_str: bool = False) -> Any:
    """Text, or a list of texts (an attribute split by its `NAME-sep`), as `data_type`."""
    if not isinstance(value, list):
        return coerce_attribute(value, data_type, can_be_str=can_be_str)
    scalar = None
    if data_type is not None:
        scalar, is_list = extract_type(data_type)
        if not is_list:
            raise ValueError(f'a list ({value!r}) where a {scalar.__name__} is wanted')
    out = [coerce_attribute(item, scalar, can_be_str=can_be_str) for item in value]
    if not is_valid_value(out, can_be_str=can_be_str):
        raise ValueError(f'cannot read {value!r} as a list of one type')
    return out
