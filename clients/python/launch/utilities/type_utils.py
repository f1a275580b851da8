"""Typed values that may be substitutions (launch/utilities/type_utils.py): normalize now, perform later.

A text is coerced as launch coerces it: `str` as is, `int`/`float` by constructor, `bool` with
'1'/'0' as true/false then YAML, `List[...]` and no type by YAML.
"""

import typing
from typing import Any, Optional

import yaml

from ..substitution import Substitution
from .substitutions import normalize_to_list_of_substitutions, perform_substitutions

_SCALARS = (int, float, str, bool)


def is_substitution(value: Any) -> bool:
    if isinstance(value, (str, Substitution)):
        return True
    return isinstance(value, (list, tuple)) and len(value) > 0 and all(isinstance(x, (str, Substitution)) for x in value) and any(isinstance(x, Substitution) for x in value)


def _list_item_type(data_type: Any) -> Optional[Any]:
    """The item type of `List[T]`/`list[T]`, or None when `data_type` is no list type."""
    if typing.get_origin(data_type) in (list, typing.List):
        args = typing.get_args(data_type)
        return args[0] if args else None
    return None


def normalize_typed_substitution(value: Any, data_type: Any = None) -> Any:
    if _list_item_type(data_type) is not None and isinstance(value, (list, tuple)):
        return [normalize_to_list_of_substitutions(x) if is_substitution(x) else x for x in value]
    if is_substitution(value):
        return normalize_to_list_of_substitutions(value)
    return value


def coerce_to_type(value: str, data_type: Any = None) -> Any:
    def as_yaml(text: str, what: str) -> Any:
        if not text:
            return text
        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as error:
            raise ValueError(f'{what}: yaml.safe_load() failed\n{error}') from None

    if data_type is None:
        return as_yaml(value, f"Failed to convert '{value}' using yaml rules")
    item_type = _list_item_type(data_type)
    if item_type is not None:
        output = as_yaml(value, f"Cannot convert value '{value}' to a list of '{item_type}'")
        if not isinstance(output, list) or not all(isinstance(x, item_type) for x in output):
            raise ValueError(f"Cannot convert value '{value}' to a list of '{item_type}'")
        return output
    if data_type is str:
        return value
    if data_type in (int, float):
        return data_type(value)
    if data_type is bool:
        text = {'1': 'true', '0': 'false'}.get(value, value)
        output = as_yaml(text, f"Failed to convert '{value}' to '{bool}'")
        if isinstance(output, bool):
            return output
        raise ValueError(f"Cannot convert value '{value}' to '{bool}'")
    raise ValueError(f'data_type is invalid. Expected one of: int, float, str, bool, List[int], List[float], List[str], List[bool]. Got {data_type}')


def perform_typed_substitution(context: Any, value: Any, data_type: Any = None) -> Any:
    """A typed value: substitutions performed and coerced, plain values kept."""
    if isinstance(value, list) and value and all(isinstance(x, Substitution) for x in value):
        return coerce_to_type(perform_substitutions(context, value), data_type)
    if isinstance(value, (str, Substitution)):
        return coerce_to_type(perform_substitutions(context, normalize_to_list_of_substitutions(value)), data_type)
    if isinstance(value, (list, tuple)):
        item_type = _list_item_type(data_type)
        out = []
        for item in value:
            if isinstance(item, list) and item and all(isinstance(x, Substitution) for x in item):
                out.append(coerce_to_type(perform_substitutions(context, item), item_type))
            else:
                out.append(item)
        return out
    if value is not None and not isinstance(value, _SCALARS):
        raise TypeError(f"value '{value}' is of type '{type(value).__name__}', not one of int, float, str, bool or a list of them")
    return value
