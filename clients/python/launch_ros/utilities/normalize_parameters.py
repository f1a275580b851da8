"""Parameters as a node takes them: dicts (nested ones flattened with '.'), files, descriptions.

launch_ros/utilities/normalize_parameters.py and evaluate_parameters.py are the rules, in our
own form: a normalized value is tagged (`subs`: one text read as YAML, `texts`: a list of texts
each read as YAML, `value`: a plain value, `described`: a ParameterValue). A plain str is
written as YAML first, so it stays a str; a list of numbers with a float is all floats; a list
with substitutions among texts is one text; values must be scalars or uniform lists.
"""

from collections.abc import Mapping, Sequence
from typing import Any, Optional

import yaml
from launch._input_error import LaunchInputError
from launch.substitution import Substitution
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions

from ..parameter_descriptions import Parameter, ParameterFile, ParameterValue

_NOT_A_STRING = "If the parameter is meant to be a string, try wrapping it in launch_ros.parameter_descriptions.ParameterValue(value, value_type=str)"


def _normalize_array(value: Sequence[Any]) -> tuple[str, Any]:
    kinds: set[type] = set()
    for item in value:
        if isinstance(item, Substitution):
            kinds.add(Substitution)
        elif isinstance(item, (str, bool, int, float)):
            kinds.add(type(item))
        elif isinstance(item, Sequence):
            kinds.add(tuple)
        else:
            raise LaunchInputError(f'Unexpected type for parameter value item {item!r}')
    if kinds == {int}:
        return 'value', [int(x) for x in value]
    if kinds in ({float}, {int, float}):
        return 'value', [float(x) for x in value]
    if Substitution in kinds and kinds <= {str, Substitution}:
        return 'subs', normalize_to_list_of_substitutions(value)
    if kinds == {bool}:
        return 'value', [bool(x) for x in value]
    texts = [normalize_to_list_of_substitutions(yaml.dump(x) if isinstance(x, (str, bool, int, float)) else x) for x in value]
    return 'texts', texts


def normalize_parameter_dict(parameters: Mapping[Any, Any], _prefix: Optional[list[Substitution]] = None) -> dict[tuple[Substitution, ...], tuple[str, Any]]:
    if not isinstance(parameters, Mapping):
        raise LaunchInputError('expected dict')
    normalized: dict[tuple[Substitution, ...], tuple[str, Any]] = {}
    for key, value in parameters.items():
        name = normalize_to_list_of_substitutions(list(key) if isinstance(key, tuple) else key)
        if _prefix:
            name = [*_prefix, *normalize_to_list_of_substitutions('.'), *name]
        if isinstance(value, Mapping):
            normalized.update(normalize_parameter_dict(value, name))
        elif isinstance(value, ParameterValue):
            normalized[tuple(name)] = ('described', value)
        elif isinstance(value, str):
            normalized[tuple(name)] = ('subs', normalize_to_list_of_substitutions(yaml.dump(value)))
        elif isinstance(value, Substitution):
            normalized[tuple(name)] = ('subs', [value])
        elif isinstance(value, (bool, int, float, bytes)):
            normalized[tuple(name)] = ('value', value)
        elif isinstance(value, Sequence):
            normalized[tuple(name)] = _normalize_array(value)
        else:
            raise LaunchInputError(f'Unexpected type for parameter value {value!r}')
    return normalized


def normalize_parameters(parameters: Any) -> list[Any]:
    """Each item a normalized dict, a ParameterFile or a Parameter (a path becomes a ParameterFile)."""
    if isinstance(parameters, str) or not isinstance(parameters, Sequence):
        raise LaunchInputError(f'Expecting list of parameters, got {parameters}')
    normalized: list[Any] = []
    for item in parameters:
        if isinstance(item, Mapping):
            normalized.append(normalize_parameter_dict(item))
        elif isinstance(item, (Parameter, ParameterFile)):
            normalized.append(item)
        else:
            normalized.append(ParameterFile(item))
    return normalized


def _uniform(values: list[Any]) -> bool:
    return bool(values) and type(values[0]) in (bool, int, float, str) and all(type(x) is type(values[0]) for x in values)


def _evaluate_text(name: str, text: str) -> Any:
    try:
        value = yaml.safe_load(text if text else "''")
    except yaml.YAMLError:
        raise LaunchInputError(f'Unable to parse the value of parameter {name} as yaml. {_NOT_A_STRING}') from None
    if isinstance(value, (bool, int, float, str, bytes)):
        return value
    if isinstance(value, list):
        if not _uniform(value):
            raise LaunchInputError(
                f'Expected a non-empty sequence, with items of uniform type. Allowed sequence item types are bool, int, float, str. Got inconsistent input for "{name}"'
            )
        return value
    raise LaunchInputError(
        f'Allowed value types are bytes, bool, int, float, str, Sequence[bool], Sequence[int], Sequence[float], Sequence[str]. Got {type(value)} for "{name}". {_NOT_A_STRING}'
    )


def evaluate_parameter_dict(context: Any, normalized: dict[tuple[Substitution, ...], tuple[str, Any]]) -> dict[str, Any]:
    evaluated: dict[str, Any] = {}
    for key, (kind, value) in normalized.items():
        name = perform_substitutions(context, list(key))
        if kind == 'subs':
            evaluated[name] = _evaluate_text(name, perform_substitutions(context, value))
        elif kind == 'texts':
            items = [yaml.safe_load(perform_substitutions(context, item)) for item in value]
            if not _uniform(items):
                raise LaunchInputError(
                    f'Expected a non-empty sequence, with items of uniform type. Allowed sequence item types are bool, int, float, str. Got inconsistent input for "{name}"'
                )
            evaluated[name] = items
        elif kind == 'described':
            evaluated[name] = value.evaluate(context)
        else:
            evaluated[name] = value
    return evaluated
