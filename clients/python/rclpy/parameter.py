"""rclpy.parameter: a node's parameter as a Python value with its rcl_interfaces type."""

from __future__ import annotations

import array
from enum import Enum
from typing import Any

from rcl_interfaces.msg import Parameter as ParameterMsg
from rcl_interfaces.msg import ParameterType, ParameterValue


def _all(values: Any, kind: type | tuple[type, ...]) -> bool:
    return all(isinstance(v, kind) for v in values)


class Parameter:
    class Type(Enum):
        NOT_SET = ParameterType.PARAMETER_NOT_SET
        BOOL = ParameterType.PARAMETER_BOOL
        INTEGER = ParameterType.PARAMETER_INTEGER
        DOUBLE = ParameterType.PARAMETER_DOUBLE
        STRING = ParameterType.PARAMETER_STRING
        BYTE_ARRAY = ParameterType.PARAMETER_BYTE_ARRAY
        BOOL_ARRAY = ParameterType.PARAMETER_BOOL_ARRAY
        INTEGER_ARRAY = ParameterType.PARAMETER_INTEGER_ARRAY
        DOUBLE_ARRAY = ParameterType.PARAMETER_DOUBLE_ARRAY
        STRING_ARRAY = ParameterType.PARAMETER_STRING_ARRAY

        @classmethod
        def from_parameter_value(cls, parameter_value: Any) -> Parameter.Type:
            """The type of a Python value (bool before int: a bool is an int in Python)."""
            if parameter_value is None:
                return cls.NOT_SET
            for kind, scalar in ((bool, cls.BOOL), (int, cls.INTEGER), (float, cls.DOUBLE), (str, cls.STRING)):
                if isinstance(parameter_value, kind):
                    return scalar
            if isinstance(parameter_value, (list, tuple, array.array)):
                for kind, sequence in ((bytes, cls.BYTE_ARRAY), (bool, cls.BOOL_ARRAY), (int, cls.INTEGER_ARRAY), (float, cls.DOUBLE_ARRAY), (str, cls.STRING_ARRAY)):
                    if _all(parameter_value, kind):
                        return sequence
                raise TypeError(f"The given value is not a list of one of the allowed types '{parameter_value}'.")
            raise TypeError(f"The given value is not one of the allowed types '{parameter_value}'.")

        def check(self, parameter_value: Any) -> bool:
            """Whether a Python value is of this type."""
            kind = Parameter.Type
            if self is kind.NOT_SET:
                return parameter_value is None
            scalars = {kind.BOOL: bool, kind.INTEGER: int, kind.DOUBLE: float, kind.STRING: str}
            if self in scalars:
                return isinstance(parameter_value, scalars[self])
            if self is kind.BYTE_ARRAY:
                return isinstance(parameter_value, (list, tuple)) and all(isinstance(v, bytes) and len(v) == 1 for v in parameter_value)
            elements = {kind.BOOL_ARRAY: (bool, (list, tuple)), kind.INTEGER_ARRAY: (int, (list, tuple, array.array)),
                        kind.DOUBLE_ARRAY: (float, (list, tuple, array.array)), kind.STRING_ARRAY: (str, (list, tuple))}
            element, containers = elements[self]
            return isinstance(parameter_value, containers) and _all(parameter_value, element)

    # The ParameterValue field that holds each type's value.
    _FIELDS = {
        Type.BOOL: "bool_value",
        Type.INTEGER: "integer_value",
        Type.DOUBLE: "double_value",
        Type.STRING: "string_value",
        Type.BYTE_ARRAY: "byte_array_value",
        Type.BOOL_ARRAY: "bool_array_value",
        Type.INTEGER_ARRAY: "integer_array_value",
        Type.DOUBLE_ARRAY: "double_array_value",
        Type.STRING_ARRAY: "string_array_value",
    }

    @classmethod
    def from_parameter_msg(cls, param_msg: Any) -> Parameter:
        type_ = Parameter.Type(param_msg.value.type)
        field = cls._FIELDS.get(type_)
        return cls(param_msg.name, type_, None if field is None else getattr(param_msg.value, field))

    def __init__(self, name: str, type_: Parameter.Type | None = None, value: Any = None) -> None:
        if type_ is None:
            type_ = Parameter.Type.from_parameter_value(value)
        if not isinstance(type_, Parameter.Type):
            raise TypeError("type must be an instance of '{}'".format(repr(Parameter.Type)))
        if not type_.check(value):
            raise ValueError("Type '{}' and value '{}' do not agree".format(type_, value))
        self._type_ = type_
        self._name = name
        self._value = value

    @property
    def name(self) -> str:
        return self._name

    @property
    def type_(self) -> Parameter.Type:
        return self._type_

    @property
    def value(self) -> Any:
        return self._value

    def get_parameter_value(self) -> Any:
        parameter_value = ParameterValue(type=self._type_.value)
        field = self._FIELDS.get(self._type_)
        if field is not None:
            setattr(parameter_value, field, self._value)
        return parameter_value

    def to_parameter_msg(self) -> Any:
        return ParameterMsg(name=self._name, value=self.get_parameter_value())

    def __repr__(self) -> str:
        return f"Parameter(name={self._name!r}, type_={self._type_}, value={self._value!r})"


def parameter_value_to_python(parameter_value: Any) -> Any:
    """The Python value a ParameterValue holds (lists for arrays), None when not set."""
    try:
        type_ = Parameter.Type(parameter_value.type)
    except ValueError:
        raise RuntimeError(f"unexpected parameter type {parameter_value.type}") from None
    field = Parameter._FIELDS.get(type_)
    if field is None:
        return None
    value = getattr(parameter_value, field)
    return list(value) if type_ in (Parameter.Type.BYTE_ARRAY, Parameter.Type.BOOL_ARRAY, Parameter.Type.INTEGER_ARRAY, Parameter.Type.DOUBLE_ARRAY, Parameter.Type.STRING_ARRAY) else value


PARAMETER_SEPARATOR_STRING = "."


def _yaml() -> Any:
    """PyYAML, imported only when a YAML parameter file is read (the client needs it nowhere else)."""
    try:
        import yaml
    except ImportError:
        raise ImportError("reading a YAML parameter file needs PyYAML: install python3-yaml (or `pip install pyyaml`)") from None
    return yaml


def get_parameter_value(string_value: str) -> ParameterValue:
    """The ParameterValue a string means, read as YAML (a string when it is no other type)."""
    yaml = _yaml()
    value = ParameterValue()
    try:
        parsed = yaml.safe_load(string_value)
    except yaml.parser.ParserError:
        parsed = string_value
    if isinstance(parsed, bool):
        value.type, value.bool_value = ParameterType.PARAMETER_BOOL, parsed
    elif isinstance(parsed, int):
        value.type, value.integer_value = ParameterType.PARAMETER_INTEGER, parsed
    elif isinstance(parsed, float):
        value.type, value.double_value = ParameterType.PARAMETER_DOUBLE, parsed
    elif isinstance(parsed, list):
        # As rclpy: the first element type all share (an empty list is a bool array), else the text.
        for kind, type_, field in ((bool, ParameterType.PARAMETER_BOOL_ARRAY, "bool_array_value"),
                                   (int, ParameterType.PARAMETER_INTEGER_ARRAY, "integer_array_value"),
                                   (float, ParameterType.PARAMETER_DOUBLE_ARRAY, "double_array_value"),
                                   (str, ParameterType.PARAMETER_STRING_ARRAY, "string_array_value")):
            if _all(parsed, kind):
                value.type = type_
                setattr(value, field, parsed)
                break
        else:
            value.type, value.string_value = ParameterType.PARAMETER_STRING, string_value
    else:
        value.type = ParameterType.PARAMETER_STRING
        value.string_value = parsed if parsed is not None else string_value
    return value


def parameter_dict_from_yaml_file(parameter_file: str, use_wildcard: bool = False, target_nodes: list[str] | None = None, namespace: str = "") -> dict[str, Any]:
    """The parameters of a ROS parameter file (`node: {ros__parameters: {...}}`), as Parameter
    messages keyed by their full names: every node's when target_nodes is empty, and with
    use_wildcard the `/**` entry's first, so that a node's own values override them."""
    with open(parameter_file) as f:
        contents = _yaml().safe_load(f)
    keys: list[str] = []
    if use_wildcard and "/**" in contents:
        keys.append("/**")
    if target_nodes:
        for name in target_nodes:
            if name not in contents.keys():
                raise RuntimeError(f"Param file does not contain parameters for {name},only for nodes: {list(contents.keys())} ")
            keys.append(name)
    else:
        # rclpy takes them from a set, in an order that changes with the hash seed; the file's
        # order is one of those orders and the same with every Python.
        keys.extend(key for key in contents.keys() if key != "/**")
    if not keys:
        raise RuntimeError("Param file does not contain selected parameters")
    merged: dict[str, Any] = {}
    for key in keys:
        entry = contents[key]
        if not isinstance(entry, dict) or "ros__parameters" not in entry:
            raise RuntimeError(f"YAML file is not a valid ROS parameter file for node {key}")
        merged.update(entry["ros__parameters"])
    return _unpack_parameter_dict(namespace, merged)


def _unpack_parameter_dict(namespace: str, parameter_dict: dict[str, Any]) -> dict[str, Any]:
    """Nested dicts flattened into dotted names; each value typed from its text, as rclpy does."""
    parameters: dict[str, Any] = {}
    for name, value in parameter_dict.items():
        full_name = namespace + name
        if isinstance(value, dict):
            parameters.update(_unpack_parameter_dict(full_name + PARAMETER_SEPARATOR_STRING, value))
        else:
            parameters[full_name] = ParameterMsg(name=full_name, value=get_parameter_value(str(value)))
    return parameters
