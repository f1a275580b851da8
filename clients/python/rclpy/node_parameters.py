"""A node's parameters, kept by the simulation with their overrides, descriptors and services;
the node's set-parameters callbacks run here when the simulation asks (Run kind PARAMETERS)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rcl_interfaces.msg import ListParametersResult, ParameterDescriptor, SetParametersResult
from rcl_interfaces.srv import DescribeParameters, SetParameters, SetParametersAtomically
from rclpy._list_parameters import list_parameters
from rclpy.exceptions import (
    InvalidParameterValueException,
    ParameterAlreadyDeclaredException,
    ParameterNotDeclaredException,
    ParameterUninitializedException,
)
from rclpy.parameter import Parameter
from rclpy.type_support import deserialize, serialize
from rclsim import _runtime
from rclsim._connection import SimulationError

ParameterList = list[Parameter]
HOOKS = ("PRE_SET", "ON_SET", "POST_SET")


def _list_cdr(parameters: list[Parameter]) -> bytes:
    """A list of parameters as the protocol carries it: a SetParameters request's `parameters`."""
    return serialize(SetParameters.Request, SetParameters.Request(parameters=[p.to_parameter_msg() for p in parameters]))


def _list_of(data: bytes) -> list[Parameter]:
    return [Parameter.from_parameter_msg(m) for m in deserialize(SetParameters.Request, data).parameters]


class NodeParameters:
    """The parameter half of rclpy's Node (its methods, with rclpy's names and errors)."""

    _handle: int
    _allow_undeclared_parameters: bool

    def _init_parameters(self) -> None:
        # rclpy's lists, by these names (programs and rclpy's tests look at them).
        self._pre_set_parameters_callbacks: list[Callable[..., Any]] = []
        self._on_set_parameters_callbacks: list[Callable[..., Any]] = []
        self._post_set_parameters_callbacks: list[Callable[..., Any]] = []

    def _callbacks(self, hook: str) -> list[Callable[..., Any]]:
        return {"PRE_SET": self._pre_set_parameters_callbacks, "ON_SET": self._on_set_parameters_callbacks, "POST_SET": self._post_set_parameters_callbacks}[hook]

    def _parameter_op(self, op: dict[str, Any]) -> dict[str, Any]:
        return _runtime.connection().ask({"parameter": {"node": self._handle, **op}})["answer"]

    # ---- declaring

    def declare_parameter(self, name: str, value: Any = None, descriptor: ParameterDescriptor | None = None, ignore_override: bool = False) -> Parameter:
        args: tuple[Any, ...] = (name, value) if descriptor is None else (name, value, descriptor)
        return self.declare_parameters("", [args], ignore_override)[0]

    def declare_parameters(self, namespace: str, parameters: list[tuple[Any, ...]], ignore_override: bool = False) -> list[Parameter]:
        declared: list[Parameter] = []
        descriptors: list[ParameterDescriptor] = []
        for index, entry in enumerate(parameters):
            if not 1 <= len(entry) <= 3:
                raise TypeError(f"Invalid parameter tuple length at index {index} in parameters list: {entry}; expecting length between 1 and 3")
            name = entry[0]
            if not isinstance(name, str):
                raise TypeError(f"First element {name} at index {index} in parameters list is not a str.")
            full = f"{namespace}.{name}" if namespace else name
            given = entry[1] if len(entry) > 1 else None
            descriptor = entry[2] if len(entry) > 2 else ParameterDescriptor()
            if not isinstance(descriptor, ParameterDescriptor):
                raise TypeError(f"Third element {descriptor} at index {index} in parameters list is not a ParameterDescriptor.")
            descriptor.name = full
            if len(entry) == 1:
                descriptor.dynamic_typing = True
            value = None
            if isinstance(given, Parameter.Type):
                if given is Parameter.Type.NOT_SET:
                    raise ValueError(f"Cannot declare parameter {{{full}}} as statically typed of type NOT_SET")
                if descriptor.dynamic_typing:
                    raise ValueError(f"When declaring parameter {{{full}}} passing a descriptor with`dynamic_typing=True` is not allowed when the parameter type is provided")
                descriptor.type = given.value
            else:
                value = given
                if not descriptor.dynamic_typing:
                    descriptor.type = Parameter.Type.from_parameter_value(value).value
                    if descriptor.type == Parameter.Type.NOT_SET.value:
                        raise ValueError("Cannot declare a statically typed parameter with default value of type PARAMETER_NOT_SET")
            declared.append(Parameter(full, value=value))
            descriptors.append(descriptor)
        already = [p.name for p in declared if self.has_parameter(p.name)]
        if already:
            raise ParameterAlreadyDeclaredException(already)
        descriptor_cdr = serialize(DescribeParameters.Response, DescribeParameters.Response(descriptors=descriptors))
        try:
            answer = self._parameter_op({"declare": {"parameters": _list_cdr(declared), "descriptors": descriptor_cdr, "ignore_overrides": ignore_override}})
        except SimulationError as error:
            # The simulation refused the values (a callback, a descriptor's range, an override's type).
            names = ", ".join(p.name for p in declared)
            raise InvalidParameterValueException(names, [p.value for p in declared], str(error)) from None
        return _list_of(answer["cdr"])

    def undeclare_parameter(self, name: str) -> None:
        if not self.has_parameter(name):
            raise ParameterNotDeclaredException(name)
        self._parameter_op({"undeclare": name})

    # ---- reading

    def has_parameter(self, name: str) -> bool:
        return self._parameter_op({"read": {"what": "HAS", "names": [name]}})["json"] == "true"

    def get_parameter(self, name: str) -> Parameter:
        if not self.has_parameter(name):
            if self._allow_undeclared_parameters:
                return Parameter(name, Parameter.Type.NOT_SET, None)
            raise ParameterNotDeclaredException(name)
        parameter = Parameter.from_parameter_msg(deserialize(_parameter_message(), self._parameter_op({"get": name})["cdr"]))
        if parameter.type_ is Parameter.Type.NOT_SET and not self.describe_parameter(name).dynamic_typing:
            raise ParameterUninitializedException(name)
        return parameter

    def get_parameters(self, names: list[str]) -> list[Parameter]:
        return [self.get_parameter(name) for name in names]

    def get_parameter_or(self, name: str, alternative_value: Parameter | None = None) -> Parameter:
        if alternative_value is None:
            alternative_value = Parameter(name, Parameter.Type.NOT_SET)
        if not self.has_parameter(name):
            return alternative_value
        parameter = self.get_parameter(name)
        return alternative_value if parameter.type_ is Parameter.Type.NOT_SET else parameter

    def get_parameters_by_prefix(self, prefix: str) -> dict[str, Parameter]:
        names = self._parameter_names()
        start = f"{prefix}." if prefix else ""
        return {name[len(start):]: self.get_parameter(name) for name in names if name.startswith(start)}

    def _parameter_names(self) -> list[str]:
        import json

        return list(json.loads(self._parameter_op({"read": {"what": "NAMES"}})["json"]))

    def list_parameters(self, prefixes: list[str], depth: int) -> ListParametersResult:
        return list_parameters(self._parameter_names(), prefixes, depth)

    def describe_parameter(self, name: str) -> ParameterDescriptor:
        return self.describe_parameters([name])[0]

    def describe_parameters(self, names: list[str]) -> list[ParameterDescriptor]:
        """As rclpy's: an undeclared parameter has a default descriptor where undeclared ones are allowed."""
        declared = set(self._parameter_names())
        for name in names:
            if name not in declared and not self._allow_undeclared_parameters:
                raise ParameterNotDeclaredException(name)
        asked = [name for name in names if name in declared]
        answer = self._parameter_op({"read": {"what": "DESCRIPTORS", "names": asked}})
        found = dict(zip(asked, deserialize(DescribeParameters.Response, answer["cdr"]).descriptors))
        return [found.get(name, ParameterDescriptor()) for name in names]

    # ---- setting

    def set_parameters(self, parameter_list: list[Parameter]) -> list[SetParametersResult]:
        """As rclpy's: each parameter set on its own, in order; an undeclared one raises, those
        before it staying set."""
        return [self.set_parameters_atomically([parameter]) for parameter in parameter_list]

    def set_parameters_atomically(self, parameter_list: list[Parameter]) -> SetParametersResult:
        self._check_declared(parameter_list)
        answer = self._parameter_op({"set": {"parameters": _list_cdr(parameter_list), "atomically": True}})
        return deserialize(SetParametersAtomically.Response, answer["cdr"]).result

    def _check_declared(self, parameter_list: list[Parameter]) -> None:
        if not all(isinstance(parameter, Parameter) for parameter in parameter_list):
            raise TypeError("parameter must be instance of type '{}'".format(repr(Parameter)))
        if self._allow_undeclared_parameters:
            return
        names = set(self._parameter_names())
        undeclared = [parameter.name for parameter in parameter_list if parameter.name not in names]
        if undeclared:
            raise ParameterNotDeclaredException(undeclared)

    # ---- callbacks (the latest added runs first, as rclpy inserts them at the front)

    def add_pre_set_parameters_callback(self, callback: Callable[[ParameterList], ParameterList]) -> None:
        self._add_callback("PRE_SET", callback)

    def add_on_set_parameters_callback(self, callback: Callable[[ParameterList], SetParametersResult]) -> None:
        self._add_callback("ON_SET", callback)

    def add_post_set_parameters_callback(self, callback: Callable[[ParameterList], None]) -> None:
        self._add_callback("POST_SET", callback)

    def remove_pre_set_parameters_callback(self, callback: Callable[..., Any]) -> None:
        self._pre_set_parameters_callbacks.remove(callback)

    def remove_on_set_parameters_callback(self, callback: Callable[..., Any]) -> None:
        self._on_set_parameters_callbacks.remove(callback)

    def remove_post_set_parameters_callback(self, callback: Callable[..., Any]) -> None:
        self._post_set_parameters_callbacks.remove(callback)

    def _add_callback(self, hook: str, callback: Callable[..., Any]) -> None:
        first = not any(self._callbacks(h) for h in HOOKS)
        self._callbacks(hook).insert(0, callback)
        if first:
            _runtime.connection().parameter_hooks[self._handle] = self._run_parameter_callbacks
        if len(self._callbacks(hook)) == 1:
            self._parameter_op({"hook": hook})

    def _run_parameter_callbacks(self, run: dict[str, Any]) -> bytes:
        """The node's callbacks of one kind, as rclpy runs them: what the simulation needs back."""
        hook = run["parameter_hook"]
        parameters = _list_of(run["input"])
        if hook == "PRE_SET":
            for callback in list(self._pre_set_parameters_callbacks):
                parameters = callback(parameters)
            return _list_cdr(parameters) if parameters else b""
        if hook == "ON_SET":
            result = SetParametersResult(successful=True)
            for callback in list(self._on_set_parameters_callbacks):
                result = callback(parameters)
                if not result.successful:
                    break
            return serialize(SetParametersResult, result)
        for callback in list(self._post_set_parameters_callbacks):
            callback(parameters)
        return b""


def _parameter_message() -> Any:
    from rcl_interfaces.msg import Parameter as ParameterMsg

    return ParameterMsg
