"""Message, service and action classes shaped as rosidl_generator_py (Jazzy) generates them.

They are made from the simulation's definitions (the ``GetInterface`` answers, see
``src/port/wire/interfaceJson.ts``), once per type and registry, and behave as rclpy's generated
classes do where programs can tell: the module and class names (``std_msgs.msg._string.String``,
``repr`` ``std_msgs.msg.String(data='hi')``), ``__slots__`` of underscore-prefixed storage,
properties whose setters make the generator's checks (asserts, only with ``check_fields=True`` or
``ROS_PYTHON_CHECK_FIELDS=1``, read when the class is made, as a generated module reads it when
imported), keyword constructors and their defaults, constants on the class through its metaclass,
``get_fields_and_field_types()``, ``SLOT_TYPES``, ``__eq__``, and the value types (``array.array``
for numeric sequences, numpy arrays for fixed-size numeric arrays, ``bytes`` of length 1 for
``byte``; a .msg ``char`` is uint8, an int, as rosidl_adapter maps it).
"""

from __future__ import annotations

import array
import math
import os
import re
from collections import UserList, UserString
from collections.abc import Callable, Sequence, Set
from copy import copy
from operator import attrgetter
from typing import Any, NamedTuple

from rclsim._definition import (
    AbstractGenericString,
    AbstractNestedType,
    AbstractSequence,
    AbstractType,
    Array,
    BasicType,
    BoundedSequence,
    BoundedString,
    BoundedWString,
    NamespacedType,
    field_type,
    type_string,
)

Describe = Callable[[str], dict[str, Any]]

# Element types kept in array.array (sequences) and numpy arrays (fixed size): typecode, dtype.
SPECIAL_NESTED = {
    "float": ("f", "float32"),
    "double": ("d", "float64"),
    "int8": ("b", "int8"),
    "uint8": ("B", "uint8"),
    "int16": ("h", "int16"),
    "uint16": ("H", "uint16"),
    "int32": ("i", "int32"),
    "uint32": ("I", "uint32"),
    "int64": ("q", "int64"),
    "uint64": ("Q", "uint64"),
}

_PYTHON_TYPES: dict[str, type] = {"boolean": bool, "octet": bytes, "float": float, "double": float}

# The generator's float bounds, as it writes them (a float32's is a little below FLT_MAX).
_FLOAT_BOUNDS = {"float": 3.402823466e38, "double": 1.7976931348623157e308}


class Field(NamedTuple):
    """A field as the CDR codec compiles it: its name, type, and class (message fields and sequences)."""

    name: str
    slot_type: AbstractType
    message: type | None


class InterfaceMeta(type):
    """What every generated metaclass has: ``_TYPE_SUPPORT``, filled by ``__import_type_support__``."""

    _TYPE_SUPPORT: object = None
    _rclsim_name: str = ""

    @classmethod
    def __import_type_support__(cls) -> None:
        # rclpy calls this before using a type; here the codec needs nothing imported.
        cls._TYPE_SUPPORT = cls._rclsim_name


class MessageMeta(InterfaceMeta):
    """The base of message metaclasses; also holds what rclsim's codec reads of a message type."""

    _CREATE_ROS_MESSAGE = None
    _CONVERT_FROM_PY = None
    _CONVERT_TO_PY = None
    _DESTROY_ROS_MESSAGE = None
    _rclsim_fields: tuple[Field, ...] = ()
    # What a message made without `check_fields` checks (ROS_PYTHON_CHECK_FIELDS when its class was made).
    _rclsim_check_fields: bool = False
    # The compiled codec (rclsim._cdr), made at the first encode or decode.
    _rclsim_codec: Any = None


def module_name(type_name: str) -> str:
    """The module rosidl_generator_py puts a type in: ``std_msgs.msg._u_int64``, ``pkg.srv._add_two_ints``."""
    package, kind, name = type_name.split("/")
    # Parts of services and actions (AddTwoInts_Request, Fibonacci_SendGoal_Response) share their file's module.
    stem = name.split("_")[0]
    snake = re.sub("([a-z0-9])([A-Z])", r"\1_\2", re.sub("(.)([A-Z][a-z]+)", r"\1_\2", stem)).lower()
    return f"{package}.{kind}._{snake}"


class InterfaceClasses:
    """The classes of one source of definitions (``describe``: a type name to its ``GetInterface`` JSON), each made once."""

    def __init__(self, describe: Describe) -> None:
        self._describe = describe
        self._made: dict[tuple[str, str], type] = {}

    def message(self, name: str) -> type[Any]:
        """``std_msgs/msg/String``, or a part: ``example_interfaces/srv/AddTwoInts_Request``, ``pkg/action/X_Goal``."""
        made = self._made.get(("msg", name))
        if made is None:
            made = self._made["msg", name] = _message_class(self._described(name, "msg"), self)
        return made

    def service(self, name: str) -> type[Any]:
        """``example_interfaces/srv/AddTwoInts``, or an action's ``pkg/action/X_SendGoal`` / ``X_GetResult``."""
        made = self._made.get(("srv", name))
        if made is None:
            action = re.fullmatch(r"(.+/action/[^/_]+)_(SendGoal|GetResult)", name)
            if action is not None:
                self.action(action[1])
                return self._made["srv", name]
            made = self._made["srv", name] = self._service_class(self._described(name, "srv"))
        return made

    def action(self, name: str) -> type[Any]:
        """``action_tutorials_interfaces/action/Fibonacci``."""
        made = self._made.get(("action", name))
        if made is None:
            made = self._made["action", name] = self._action_class(self._described(name, "action"))
        return made

    def _described(self, name: str, kind: str) -> dict[str, Any]:
        description = self._describe(name)
        if description.get("kind") != kind:
            raise TypeError(f"'{name}' is not a {kind} type (it is {description.get('kind') or 'a package'})")
        return description

    def _service_class(self, description: dict[str, Any]) -> type:
        name = description["name"]
        members = {
            "Request": self.message(description["request"]),
            "Response": self.message(description["response"]),
            "__init__": _not_instantiable("Service classes can not be instantiated"),
        }
        # The event class (service introspection) is made when first used: its gid is a fixed
        # uint8 array, which rclpy keeps in numpy, and importing numpy costs ~190 ms.
        return _interface_class(name, "service", members, {"Event": lambda: self.message(description["event"])})

    def _action_class(self, description: dict[str, Any]) -> type:
        name = description["name"]
        for service in (description["sendGoal"], description["getResult"]):
            if ("srv", service["name"]) not in self._made:
                self._made["srv", service["name"]] = self._service_class(service)
        impl = type(
            "Impl",
            (),
            {
                "__module__": module_name(name),
                "__qualname__": f"{name.split('/')[2]}.Impl",
                "SendGoalService": self._made["srv", description["sendGoal"]["name"]],
                "GetResultService": self._made["srv", description["getResult"]["name"]],
                "FeedbackMessage": self.message(description["feedbackMessage"]),
                "CancelGoalService": self.service("action_msgs/srv/CancelGoal"),
                "GoalStatusMessage": self.message("action_msgs/msg/GoalStatusArray"),
            },
        )
        members = {
            "Goal": self.message(description["goal"]),
            "Result": self.message(description["result"]),
            "Feedback": self.message(description["feedback"]),
            "Impl": impl,
            "__init__": _not_instantiable("Action classes can not be instantiated"),
        }
        return _interface_class(name, "action", members)


def _interface_class(name: str, kind: str, members: dict[str, Any], lazy: dict[str, Callable[[], type]] | None = None) -> type:
    """The class of a service or action: its members, and those made on first use (``lazy``)."""
    short = name.split("/")[2]
    made_later = {member: _made_on_first_use(make) for member, make in (lazy or {}).items()}
    meta = type(f"Metaclass_{short}", (InterfaceMeta,), {"__doc__": f"Metaclass of {kind} '{short}'.", "_rclsim_name": name, **made_later})
    made: type = meta(short, (), {"__module__": module_name(name), "__qualname__": short, **members})
    return made


def _made_on_first_use(make: Callable[[], type]) -> property:
    made: list[type] = []

    def get(cls: type) -> type:
        if not made:
            made.append(make())
        return made[0]

    return property(get)


def _not_instantiable(text: str) -> Callable[[Any], None]:
    def __init__(self: Any) -> None:
        raise NotImplementedError(text)

    return __init__


def _message_class(description: dict[str, Any], classes: InterfaceClasses) -> type:
    name: str = description["name"]
    short = name.split("/")[2]
    check_default = os.environ.get("ROS_PYTHON_CHECK_FIELDS", "") == "1"
    fields = []
    for spec in description["fields"]:
        slot_type = field_type(spec)
        element = slot_type.value_type if isinstance(slot_type, AbstractNestedType) else slot_type
        nested = classes.message("/".join(element.namespaced_name())) if isinstance(element, NamespacedType) else None
        fields.append((Field(spec["name"], slot_type, nested), spec.get("defaultValue")))
    numpy = _numpy_if_needed(name, [field for field, _ in fields])
    constants = {c["name"]: _constant_value(c) for c in description["constants"]}
    defaults = {f"{field.name.upper()}__DEFAULT": _value_maker(field, value, numpy) for field, value in fields if value is not None}

    meta_members: dict[str, Any] = {
        "__doc__": f"Metaclass of message '{short}'.",
        "_rclsim_name": name,
        "_rclsim_fields": tuple(field for field, _ in fields),
        "_rclsim_check_fields": check_default,
    }
    # Class-level reads (String.FOO) go through the metaclass's properties, as the generator's do;
    # a default's property makes a fresh value each time.
    for constant, value in constants.items():
        meta_members[constant] = property(_constant_getter(value), doc=f"Message constant '{constant}'.")
    for default_name, make in defaults.items():
        meta_members[default_name] = property(_default_getter(make), doc="Return default value for message field.")
    meta = type(f"Metaclass_{short}", (MessageMeta,), meta_members)

    members: dict[str, Any] = {
        "__module__": module_name(name),
        "__qualname__": short,
        "__doc__": _class_doc(short, list(constants)),
        "__slots__": [f"_{field.name}" for field, _ in fields] + ["_check_fields"],
        "_fields_and_field_types": {field.name: type_string(field.slot_type) for field, _ in fields},
        "SLOT_TYPES": tuple(field.slot_type for field, _ in fields),
        "get_fields_and_field_types": classmethod(_get_fields_and_field_types),
        "__repr__": _repr_method(fields),
        "__eq__": _eq_method(fields),
        **constants,
        **{default_name: make() for default_name, make in defaults.items()},
    }
    cls: type = meta(short, (), members)
    plan = []
    for field, _ in fields:
        setter = _setter(field, numpy)
        setattr(cls, field.name, property(attrgetter(f"_{field.name}"), setter, doc=f"Message field '{field.name}'."))
        plan.append(_init_step(field, setter, defaults.get(f"{field.name.upper()}__DEFAULT"), numpy))
    cls.__init__ = _init_method(tuple(plan), frozenset(members["__slots__"]), check_default)  # type: ignore[misc]
    return cls


def _constant_getter(value: Any) -> Callable[[type], Any]:
    return lambda cls: value


def _default_getter(make: Callable[[], Any]) -> Callable[[type], Any]:
    return lambda cls: make()


def _class_doc(short: str, constants: list[str]) -> str:
    if not constants:
        return f"Message class '{short}'."
    lines = "".join(f"      {constant}\n" for constant in constants)
    return f"\n    Message class '{short}'.\n\n    Constants:\n{lines}    "


def _numpy_if_needed(type_name: str, fields: list[Field]) -> Any:
    """numpy, imported only for a class with a fixed-size numeric array (the import takes ~190 ms)."""
    for field in fields:
        if isinstance(field.slot_type, Array) and _special(field.slot_type) is not None:
            try:
                import numpy
            except ImportError as error:
                raise ImportError(f"{type_name} has a fixed-size numeric array ('{field.name}'), which rclpy keeps in numpy: install numpy") from error
            return numpy
    return None


def _special(slot_type: AbstractNestedType) -> tuple[str, str] | None:
    """(typecode, dtype) when the elements are numbers kept in array.array / numpy."""
    value_type = slot_type.value_type
    return SPECIAL_NESTED.get(value_type.typename) if isinstance(value_type, BasicType) else None


def _python_type(slot_type: AbstractType, message: type | None) -> type:
    if message is not None:
        return message
    if isinstance(slot_type, AbstractGenericString):
        return str
    assert isinstance(slot_type, BasicType)
    return _PYTHON_TYPES.get(slot_type.typename, int)


def _constant_value(constant: dict[str, Any]) -> Any:
    value = constant["value"]
    if constant.get("declared") == "byte":
        return bytes([value])
    if constant["type"] in ("float32", "float64"):
        return float(value)
    return value


def _element_value(value_type: AbstractType, value: Any) -> Any:
    """A default of the definition (JSON) as the field holds it."""
    if isinstance(value_type, BasicType):
        if value_type.typename == "octet":
            return bytes([value])
        return _PYTHON_TYPES.get(value_type.typename, int)(value)
    return value


def _value_maker(field: Field, value: Any, numpy: Any) -> Callable[[], Any]:
    """What makes a fresh copy of a field's default from its definition (``float64 w 1``, ``int32[3] x [1, 2, 3]``)."""
    slot_type = field.slot_type
    if not isinstance(slot_type, AbstractNestedType):
        converted = _element_value(slot_type, value)
        return lambda: converted
    items = [_element_value(slot_type.value_type, item) for item in value]
    special = _special(slot_type)
    if special is None:
        return lambda: list(items)
    if isinstance(slot_type, Array):
        dtype = getattr(numpy, special[1])
        return lambda: numpy.array(items, dtype=dtype)
    return lambda: array.array(special[0], items)


def _zero_maker(field: Field, numpy: Any) -> Callable[[], Any]:
    """What makes a field's value when neither the caller nor the definition gives one."""
    slot_type = field.slot_type
    if isinstance(slot_type, Array):
        special = _special(slot_type)
        if special is not None:
            dtype = getattr(numpy, special[1])
            return lambda: numpy.zeros(slot_type.size, dtype=dtype)
        element = _zero_maker(Field(field.name, slot_type.value_type, field.message), numpy)
        return lambda: [element() for _ in range(slot_type.size)]
    if isinstance(slot_type, AbstractSequence):
        special = _special(slot_type)
        return list if special is None else (lambda: array.array(special[0]))
    if field.message is not None:
        return field.message
    if isinstance(slot_type, BasicType) and slot_type.typename == "octet":
        return lambda: b"\x00"
    return _python_type(slot_type, None)


def _init_step(field: Field, setter: Callable[[Any, Any], None], default: Callable[[], Any] | None, numpy: Any) -> tuple[Any, ...]:
    """(name, setter, default maker, conversion of a given value or None): one field of ``__init__``."""
    slot_type = field.slot_type
    # Only fields without a definition default convert what the caller gives first (as generated).
    special = _special(slot_type) if default is None and isinstance(slot_type, AbstractNestedType) else None
    return (field.name, setter, default or _zero_maker(field, numpy), None if special is None else _given_converter(slot_type, special, numpy))


def _given_converter(slot_type: AbstractType, special: tuple[str, str], numpy: Any) -> Callable[[Any], Any]:
    """What ``__init__`` makes of a given numeric array: an array.array, or a numpy array of the right size."""
    if not isinstance(slot_type, Array):
        code = special[0]
        return lambda value: array.array(code, value)
    dtype, size = getattr(numpy, special[1]), slot_type.size

    def convert(value: Any) -> Any:
        converted = numpy.array(value, dtype=dtype)
        assert converted.shape == (size,)
        return converted

    return convert


def _init_method(plan: tuple[tuple[Any, ...], ...], slots: frozenset[str], check_default: bool) -> Callable[..., None]:
    def __init__(self: Any, **kwargs: Any) -> None:
        check = kwargs.get("check_fields", check_default)
        self._check_fields = check
        if check:
            assert all("_" + key in slots for key in kwargs), "Invalid arguments passed to constructor: " + ", ".join(
                sorted(key for key in kwargs if "_" + key not in slots)
            )
        for name, setter, default, convert in plan:
            if name in kwargs:
                value = kwargs[name]
                setter(self, value if convert is None else convert(value))
            else:
                setter(self, default())

    return __init__


def _get_fields_and_field_types(cls: Any) -> dict[str, str]:
    return copy(cls._fields_and_field_types)


def _repr_method(fields: list[tuple[Field, Any]]) -> Callable[[Any], str]:
    # Numeric sequences print as lists: "array('d', [1.0])" loses its "array('d', " and ")".
    shown = tuple((field.name, isinstance(field.slot_type, AbstractSequence) and _special(field.slot_type) is not None) for field, _ in fields)

    def __repr__(self: Any) -> str:
        typename = self.__class__.__module__.split(".")
        typename.pop()
        typename.append(self.__class__.__name__)
        args = []
        for name, strip in shown:
            value = getattr(self, name)
            text = repr(value)
            if strip:
                if len(value) == 0:
                    text = "[]"
                else:
                    if self._check_fields:
                        assert text.startswith("array(")
                    text = text[len("array('X', ") : -len(")")]
            args.append(f"{name}={text}")
        return f"{'.'.join(typename)}({', '.join(args)})"

    return __repr__


def _eq_method(fields: list[tuple[Field, Any]]) -> Callable[[Any, Any], bool]:
    compared = tuple((attrgetter(f"_{field.name}"), isinstance(field.slot_type, Array) and _special(field.slot_type) is not None) for field, _ in fields)

    def __eq__(self: Any, other: Any) -> bool:
        if not isinstance(other, self.__class__):
            return False
        for get, numpy_array in compared:
            if numpy_array:
                # As generated: a numpy field differs only when every element does.
                if all(get(self) != get(other)):
                    return False
            elif get(self) != get(other):
                return False
        return True

    return __eq__


def _setter(field: Field, numpy: Any) -> Callable[[Any, Any], None]:
    """The property setter: the generator's checks when the message checks, then the conversion it makes."""
    slot = f"_{field.name}"
    check = _check(field)
    slot_type = field.slot_type
    special = _special(slot_type) if isinstance(slot_type, AbstractNestedType) else None
    if special is None:

        def set_value(self: Any, value: Any) -> None:
            if self._check_fields:
                check(value)
            setattr(self, slot, value)

        return set_value
    name, (code, dtype_name) = field.name, special
    if isinstance(slot_type, Array):
        dtype, size = getattr(numpy, dtype_name), slot_type.size

        def set_numpy(self: Any, value: Any) -> None:
            if self._check_fields:
                if isinstance(value, numpy.ndarray):
                    assert value.dtype == dtype, f"The '{name}' numpy.ndarray() must have the dtype of 'numpy.{dtype_name}'"
                    assert value.size == size, f"The '{name}' numpy.ndarray() must have a size of {size}"
                    setattr(self, slot, value)
                    return
                check(value)
            setattr(self, slot, numpy.array(value, dtype=dtype))

        return set_numpy
    bound = slot_type.maximum_size if isinstance(slot_type, BoundedSequence) else None

    def set_array(self: Any, value: Any) -> None:
        if self._check_fields:
            if isinstance(value, array.array):
                assert value.typecode == code, f"The '{name}' array.array() must have the type code of '{code}'"
                assert bound is None or len(value) <= bound, f"The '{name}' array.array() must have a size <= {bound}"
                setattr(self, slot, value)
                return
            check(value)
        setattr(self, slot, array.array(code, value))

    return set_array


def _check(field: Field) -> Callable[[Any], None]:
    """The assertions rosidl_generator_py's setter makes of a value, with its messages."""
    name, slot_type = field.name, field.slot_type
    if isinstance(slot_type, AbstractNestedType):
        return _sequence_check(field)
    if isinstance(slot_type, AbstractGenericString):
        if isinstance(slot_type, (BoundedString, BoundedWString)):
            bound = slot_type.maximum_size
            text = f"The '{name}' field must be string value not longer than {bound}"

            def check_bounded(value: Any) -> None:
                assert isinstance(value, (str, UserString)) and len(value) <= bound, text

            return check_bounded
        return _instance_check(str, f"The '{name}' field must be of type 'str'")
    if field.message is not None:
        return _instance_check(field.message, f"The '{name}' field must be a sub message of type '{field.message.__name__}'")
    assert isinstance(slot_type, BasicType)
    typename = slot_type.typename
    if typename == "octet":
        text = f"The '{name}' field must be of type 'bytes' or 'ByteString' with length 1"

        def check_byte(value: Any) -> None:
            # bytes and bytearray are what collections.abc.ByteString (deprecated) stands for.
            assert isinstance(value, (bytes, bytearray)) and len(value) == 1, text

        return check_byte
    python_type = _python_type(slot_type, None)
    type_text = f"The '{name}' field must be of type '{python_type.__name__}'"
    in_range = _range(typename)
    if in_range is None:
        return _instance_check(python_type, type_text)
    range_text = f"The '{name}' field must be {_range_text(typename)}"

    def check_number(value: Any) -> None:
        assert isinstance(value, python_type), type_text
        assert in_range(value), range_text

    return check_number


def _instance_check(expected: type, text: str) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        assert isinstance(value, expected), text

    return check


def _range(typename: str) -> Callable[[Any], bool] | None:
    """Whether a number fits, as generated: integers by their width, floats by the bound unless infinite (NaN fits)."""
    if typename in _FLOAT_BOUNDS:
        bound = _FLOAT_BOUNDS[typename]
        return lambda value: not (value < -bound or value > bound) or math.isinf(value)
    if typename.startswith("int"):
        half = 2 ** (int(typename[3:]) - 1)
        return lambda value: -half <= value < half
    if typename.startswith("uint"):
        top = 2 ** int(typename[4:])
        return lambda value: 0 <= value < top
    return None


def _range_text(typename: str, each: bool = False) -> str:
    """How the generator words a number's range: "an integer in [-128, 127]"; for a sequence's items "and each integer in …"."""
    if typename in _FLOAT_BOUNDS:
        bound = _FLOAT_BOUNDS[typename]
        # A sequence's bound is printed with %f (every digit), a field's as the float it is.
        return f"and each {typename} in [{-bound:f}, {bound:f}]" if each else f"a {typename} in [{-bound}, {bound}]"
    if typename.startswith("int"):
        half = 2 ** (int(typename[3:]) - 1)
        kind, low, high = "integer", -half, half - 1
    else:
        kind, low, high = "unsigned integer", 0, 2 ** int(typename[4:]) - 1
    return f"{'and each' if each else 'an'} {kind} in [{low}, {high}]"


def _sequence_check(field: Field) -> Callable[[Any], None]:
    slot_type = field.slot_type
    assert isinstance(slot_type, AbstractNestedType)
    value_type = slot_type.value_type
    element_type = _python_type(value_type, field.message)
    parts = ["a set or sequence"]
    string_bound = None
    if isinstance(value_type, (BoundedString, BoundedWString)):
        string_bound = value_type.maximum_size
        parts.append(f"and each string value not longer than {string_bound}")
    size: int | None = None
    bound: int | None = None
    if isinstance(slot_type, Array):
        size = slot_type.size
        parts.insert(1, f"with length {size}")
    elif isinstance(slot_type, BoundedSequence):
        bound = slot_type.maximum_size
        parts.insert(1, f"with length <= {bound}")
    parts.append(f"and each value of type '{element_type.__name__}'")
    in_range = _range(value_type.typename) if isinstance(value_type, BasicType) else None
    if isinstance(value_type, BasicType) and in_range is not None:
        parts.append(_range_text(value_type.typename, each=True))
    text = f"The '{field.name}' field must be {' '.join(parts)}"

    def check(value: Any) -> None:
        assert (
            isinstance(value, (Sequence, Set, UserList))
            and not isinstance(value, (str, UserString))
            and (string_bound is None or all(len(item) <= string_bound for item in value))
            and (size is None or len(value) == size)
            and (bound is None or len(value) <= bound)
            and all(isinstance(item, element_type) for item in value)
            and (in_range is None or all(in_range(item) for item in value))
        ), text

    return check
