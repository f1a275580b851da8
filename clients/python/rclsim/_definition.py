"""Field types as rosidl_parser.definition describes them: what a message class's ``SLOT_TYPES`` hold.

Generated rclpy classes list each field's type as a ``rosidl_parser.definition`` object, and code
that walks messages (rosidl_runtime_py, user introspection) tests them with ``isinstance`` and
reads ``typename``, ``value_type``, ``size``, ``maximum_size``, ``namespaces`` and ``name``. These
classes have the same names, hierarchy, attributes and equality, so that code runs unchanged.
This module also reads a field of the simulation's ``GetInterface`` answer into such a type.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# IDL's names of the primitives a field can have, by the simulation's (@foxglove/rosmsg) names.
# A .msg `char` is uint8 (rosidl_adapter maps it so), a `byte` is IDL's octet.
_BASIC = {
    "bool": "boolean",
    "int8": "int8",
    "uint8": "uint8",
    "int16": "int16",
    "uint16": "uint16",
    "int32": "int32",
    "uint32": "uint32",
    "int64": "int64",
    "uint64": "uint64",
    "float32": "float",
    "float64": "double",
}


class AbstractType:
    """The base of every type."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)


class AbstractNestableType(AbstractType):
    """A type that can be an element of an array or sequence."""

    __slots__ = ()


class BasicType(AbstractNestableType):
    """A number, ``boolean`` or ``octet``, named as IDL names it (``double``, ``uint8`` …)."""

    __slots__ = ("typename",)

    def __init__(self, typename: str) -> None:
        self.typename = typename

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.typename == other.typename


class NamespacedType(AbstractNestableType):
    """A message: ``NamespacedType(['std_msgs', 'msg'], 'Header')``."""

    __slots__ = ("namespaces", "name")

    def __init__(self, namespaces: Iterable[str], name: str) -> None:
        self.namespaces = list(namespaces)
        self.name = name

    def namespaced_name(self) -> tuple[str, ...]:
        return (*self.namespaces, self.name)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.namespaced_name() == other.namespaced_name()


class AbstractGenericString(AbstractNestableType):
    """Any string type."""

    __slots__ = ()

    def has_maximum_size(self) -> bool:
        raise NotImplementedError("Only implemented in subclasses")


class AbstractString(AbstractGenericString):
    """An 8-bit (UTF-8) string."""

    __slots__ = ()


class BoundedString(AbstractString):
    __slots__ = ("maximum_size",)

    def __init__(self, maximum_size: int) -> None:
        self.maximum_size = maximum_size

    def has_maximum_size(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.maximum_size == other.maximum_size


class UnboundedString(AbstractString):
    __slots__ = ()

    def has_maximum_size(self) -> bool:
        return False


class AbstractWString(AbstractGenericString):
    """A 16-bit string (no codec: CDR leaves its encoding to the implementation)."""

    __slots__ = ()


class BoundedWString(AbstractWString):
    __slots__ = ("maximum_size",)

    def __init__(self, maximum_size: int) -> None:
        self.maximum_size = maximum_size

    def has_maximum_size(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.maximum_size == other.maximum_size


class UnboundedWString(AbstractWString):
    __slots__ = ()

    def has_maximum_size(self) -> bool:
        return False


class AbstractNestedType(AbstractType):
    """An array or sequence of ``value_type``."""

    __slots__ = ("value_type",)

    def __init__(self, value_type: AbstractNestableType) -> None:
        self.value_type = value_type

    def has_maximum_size(self) -> bool:
        raise NotImplementedError("Only implemented in subclasses")

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.value_type == other.value_type


class Array(AbstractNestedType):
    """A fixed-size array: ``float64[9]``."""

    __slots__ = ("size",)

    def __init__(self, value_type: AbstractNestableType, size: int) -> None:
        super().__init__(value_type)
        self.size = size

    def has_maximum_size(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Array) and super().__eq__(other) and self.size == other.size


class AbstractSequence(AbstractNestedType):
    __slots__ = ()


class BoundedSequence(AbstractSequence):
    """``float64[<=3]``."""

    __slots__ = ("maximum_size",)

    def __init__(self, value_type: AbstractNestableType, maximum_size: int) -> None:
        super().__init__(value_type)
        self.maximum_size = maximum_size

    def has_maximum_size(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BoundedSequence) and super().__eq__(other) and self.maximum_size == other.maximum_size


class UnboundedSequence(AbstractSequence):
    """``float64[]``."""

    __slots__ = ()

    def has_maximum_size(self) -> bool:
        return False


def field_type(field: dict[str, Any]) -> AbstractType:
    """The type of one field of a ``GetInterface`` message description."""
    value_type = _element_type(field)
    if not field["isArray"]:
        return value_type
    if "arrayLength" in field:
        return Array(value_type, field["arrayLength"])
    if "arrayUpperBound" in field:
        return BoundedSequence(value_type, field["arrayUpperBound"])
    return UnboundedSequence(value_type)


def _element_type(field: dict[str, Any]) -> AbstractNestableType:
    name: str = field["type"]
    if field["isComplex"]:
        package, kind, type_name = name.split("/")
        return NamespacedType([package, kind], type_name)
    if name in ("string", "wstring"):
        bound = field.get("upperBound")
        if name == "string":
            return UnboundedString() if bound is None else BoundedString(bound)
        return UnboundedWString() if bound is None else BoundedWString(bound)
    if field.get("declared") == "byte":
        return BasicType("octet")
    if name not in _BASIC:
        raise ValueError(f"unknown primitive type '{name}' of field '{field['name']}'")
    return BasicType(_BASIC[name])


def type_string(slot_type: AbstractType) -> str:
    """How ``get_fields_and_field_types()`` names a type: ``sequence<double, 3>``, ``std_msgs/Header``."""
    if isinstance(slot_type, AbstractNestedType):
        element = type_string(slot_type.value_type)
        if isinstance(slot_type, Array):
            return f"{element}[{slot_type.size}]"
        if isinstance(slot_type, BoundedSequence):
            return f"sequence<{element}, {slot_type.maximum_size}>"
        return f"sequence<{element}>"
    if isinstance(slot_type, BasicType):
        return slot_type.typename
    if isinstance(slot_type, NamespacedType):
        return f"{slot_type.namespaces[0]}/{slot_type.name}"
    if isinstance(slot_type, (BoundedString, BoundedWString)):
        return f"{'w' if isinstance(slot_type, AbstractWString) else ''}string<{slot_type.maximum_size}>"
    return "wstring" if isinstance(slot_type, AbstractWString) else "string"
