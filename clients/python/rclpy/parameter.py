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
