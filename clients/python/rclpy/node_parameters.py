"""The parameter half of rclpy's Node, kept in the program as rclpy keeps it: the values, their
descriptors and overrides, with rclpy's checks, callbacks, errors and /parameter_events."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

from rcl_interfaces.msg import FloatingPointRange, IntegerRange, ListParametersResult, ParameterDescriptor, ParameterEvent, ParameterValue, SetParametersResult
from rcl_interfaces.msg import Parameter as ParameterMsg
from rclpy._bad_overrides import refused_override
from rclpy._list_parameters import list_parameters
from rclpy.exceptions import (
    InvalidParameterException,
    InvalidParameterTypeException,
    InvalidParameterValueException,
    ParameterAlreadyDeclaredException,
    ParameterException,
    ParameterImmutableException,
    ParameterNotDeclaredException,
    ParameterUninitializedException,
)
from rclpy.parameter import PARAMETER_SEPARATOR_STRING, Parameter
from rclsim._errors import mark_input_error

ParameterList = list[Parameter]


def _ok() -> SetParametersResult:
    return SetParametersResult(successful=True)


def _refused(reason: str) -> SetParametersResult:
    return SetParametersResult(successful=False, reason=reason)


class NodeParameters:
    """rclpy's parameter methods, by rclpy's names (programs and rclpy's tests use the private
    attributes too: _parameters, _descriptors, the callback lists)."""

    PARAM_REL_TOL: float
    _allow_undeclared_parameters: bool
    _clock: Any
    _parameter_event_publisher: Any
    _name: str
    _namespace: str

    def _init_parameters(self, allow_undeclared_parameters: bool) -> None:
        # Dicts keyed by name: insertion order is declaration order, as in rclpy.
        self._parameters: dict[str, Parameter] = {}
        self._descriptors: dict[str, ParameterDescriptor] = {}
        self._parameter_overrides: dict[str, Parameter] = {}
        # Where the overrides of the run's input came from (a -p argument, a params file's line), by name.
        self._override_sources: dict[str, str] = {}
        self._pre_set_parameters_callbacks: list[Callable[[ParameterList], ParameterList]] = []
        self._on_set_parameters_callbacks: list[Callable[[ParameterList], SetParametersResult]] = []
        self._post_set_parameters_callbacks: list[Callable[[ParameterList], None]] = []
        self._allow_undeclared_parameters = allow_undeclared_parameters

    # ---- declaring

    def declare_parameter(self, name: str, value: Any = None, descriptor: ParameterDescriptor | None = None, ignore_override: bool = False) -> Parameter:
        # Only a name: rclpy's deprecated form, a dynamically typed parameter (with a warning).
        if value is None and descriptor is None:
            args: tuple[Any, ...] = (name,)
        else:
            args = (name, value, ParameterDescriptor() if descriptor is None else descriptor)
        return self.declare_parameters("", [args], ignore_override)[0]

    def declare_parameters(self, namespace: str, parameters: list[tuple[Any, ...]], ignore_override: bool = False) -> list[Parameter]:
        declared: list[Parameter] = []
        descriptors: dict[str, ParameterDescriptor] = {}
        overridden: set[str] = set()
        for index, entry in enumerate(parameters):
            if not 1 <= len(entry) <= 3:
                raise TypeError(f"Invalid parameter tuple length at index {index} in parameters list: {entry}; expecting length between 1 and 3")
            name = entry[0]
            if not isinstance(name, str):
                raise TypeError(f"First element {name} at index {index} in parameters list is not a str.")
            if namespace:
                name = f"{namespace}.{name}"
            if not name:
                raise InvalidParameterException(name)
            second = entry[1] if len(entry) > 1 else None
            descriptor = entry[2] if len(entry) > 2 else ParameterDescriptor()
            if not isinstance(descriptor, ParameterDescriptor):
                raise TypeError(f"Third element {descriptor} at index {index} in parameters list is not a ParameterDescriptor.")
            if len(entry) == 1:
                warnings.warn(
                    f"when declaring parameter named '{name}', declaring a parameter only providing its name is deprecated. You have to either:\n"
                    '\t- Pass a name and a default value different to "PARAMETER NOT SET" (and optionally a descriptor).\n'
                    "\t- Pass a name and a parameter type.\n"
                    "\t- Pass a name and a descriptor with `dynamic_typing=True",
                    stacklevel=1,
                )
                descriptor.dynamic_typing = True
            value = None
            if isinstance(second, Parameter.Type):
                if second is Parameter.Type.NOT_SET:
                    raise ValueError(f"Cannot declare parameter {{{name}}} as statically typed of type NOT_SET")
                if descriptor.dynamic_typing is True:
                    raise ValueError(f"When declaring parameter {{{name}}} passing a descriptor with`dynamic_typing=True` is not allowed when the parameter type is provided")
                descriptor.type = second.value
            else:
                value = second
                if not descriptor.dynamic_typing:
                    descriptor.type = value.type if isinstance(value, ParameterValue) else Parameter.Type.from_parameter_value(value).value
                    if descriptor.type == Parameter.Type.NOT_SET.value:
                        raise ValueError("Cannot declare a statically typed parameter with default value of type PARAMETER_NOT_SET")
            if not ignore_override and name in self._parameter_overrides:
                value = self._parameter_overrides[name].value
                overridden.add(name)
            declared.append(Parameter(name, value=value))
            descriptors[name] = descriptor
        already = [p.name for p in declared if p.name in self._parameters]
        if already:
            raise ParameterAlreadyDeclaredException(already)
        # One at a time, as rclpy: those declared before a refused one stay declared.
        for parameter in declared:
            result = self._set_parameters_atomically_common([parameter], descriptors, allow_not_set_type=True)
            if not result.successful:
                error: ParameterException
                if result.reason.startswith("Wrong parameter type"):
                    error = InvalidParameterTypeException(parameter, Parameter.Type(descriptors[parameter.name].type).name)
                else:
                    error = InvalidParameterValueException(parameter.name, parameter.value, result.reason)
                if parameter.name in overridden:
                    self._blame_override(error, parameter, descriptors[parameter.name])
                raise error
        return [self._parameters[p.name] for p in declared]

    def _blame_override(self, error: ParameterException, parameter: Parameter, descriptor: ParameterDescriptor) -> None:
        """An override from the run's input that the declared parameter refuses (its type, its
        range; not a set-parameters callback's refusal) makes ``error`` bad input, named by its source."""
        source = self._override_sources.get(parameter.name)
        if source is None or self._apply_descriptor(parameter, descriptor, False).successful:
            return
        node = f"{self._namespace.rstrip('/')}/{self._name}"
        mark_input_error(error, refused_override(parameter, descriptor, source, node))

    def undeclare_parameter(self, name: str) -> None:
        if not self.has_parameter(name):
            raise ParameterNotDeclaredException(name)
        if self._descriptors[name].read_only:
            raise ParameterImmutableException(name)
        del self._parameters[name]
        del self._descriptors[name]

    # ---- reading

    def has_parameter(self, name: str) -> bool:
        return name in self._parameters

    def get_parameter_types(self, names: list[str]) -> list[Any]:
        if not all(isinstance(name, str) for name in names):
            raise TypeError("All names must be instances of type str")
        return [self.get_parameter_type(name) for name in names]

    def get_parameter_type(self, name: str) -> Any:
        """As rclpy: a declared parameter's type as its number, else the NOT_SET enum (where allowed)."""
        if self.has_parameter(name):
            return self._parameters[name].type_.value
        if self._allow_undeclared_parameters:
            return Parameter.Type.NOT_SET
        raise ParameterNotDeclaredException(name)

    def get_parameters(self, names: list[str]) -> list[Parameter]:
        if not all(isinstance(name, str) for name in names):
            raise TypeError("All names must be instances of type str")
        return [self.get_parameter(name) for name in names]

    def get_parameter(self, name: str) -> Parameter:
        if self.has_parameter(name):
            parameter = self._parameters[name]
            if parameter.type_ is not Parameter.Type.NOT_SET or self._descriptors[name].dynamic_typing:
                return parameter
            raise ParameterUninitializedException(name)
        if self._allow_undeclared_parameters:
            return Parameter(name, Parameter.Type.NOT_SET, None)
        raise ParameterNotDeclaredException(name)

    def get_parameter_or(self, name: str, alternative_value: Parameter | None = None) -> Parameter:
        if alternative_value is None:
            alternative_value = Parameter(name, Parameter.Type.NOT_SET)
        if not self.has_parameter(name) or self._parameters[name].type_ is Parameter.Type.NOT_SET:
            return alternative_value
        return self._parameters[name]

    def get_parameters_by_prefix(self, prefix: str) -> dict[str, Parameter]:
        start = prefix + PARAMETER_SEPARATOR_STRING if prefix else ""
        return {name[len(start) :]: parameter for name, parameter in self._parameters.items() if name.startswith(start)}

    def list_parameters(self, prefixes: list[str], depth: int) -> ListParametersResult:
        return list_parameters(list(self._parameters), prefixes, depth)

    def describe_parameter(self, name: str) -> ParameterDescriptor:
        if name in self._descriptors:
            return self._descriptors[name]
        if self._allow_undeclared_parameters:
            return ParameterDescriptor()
        raise ParameterNotDeclaredException(name)

    def describe_parameters(self, names: list[str]) -> list[ParameterDescriptor]:
        return [self.describe_parameter(name) for name in names]

    def set_descriptor(self, name: str, descriptor: ParameterDescriptor, alternative_value: ParameterValue | None = None) -> ParameterValue:
        """A new descriptor, kept if the current value (else the alternative one) complies with it."""
        if not self.has_parameter(name):
            if not self._allow_undeclared_parameters:
                raise ParameterNotDeclaredException(name)
            return self.get_parameter(name).get_parameter_value()
        if self.describe_parameter(name).read_only:
            raise ParameterImmutableException(name)
        current = self.get_parameter(name)
        alternative = current if alternative_value is None else Parameter.from_parameter_msg(ParameterMsg(name=name, value=alternative_value))
        if not self._apply_descriptor_and_set(current, descriptor, False).successful:
            result = self._apply_descriptor_and_set(alternative, descriptor, False)
            if not result.successful:
                raise InvalidParameterValueException(name, alternative.value, result.reason)
        self._descriptors[name] = descriptor
        return self.get_parameter(name).get_parameter_value()

    # ---- setting

    def set_parameters(self, parameter_list: list[Parameter]) -> list[SetParametersResult]:
        """Each parameter set on its own, in order; an undeclared one raises, those before it staying set."""
        return [self._set_parameters_atomically([parameter]) for parameter in parameter_list]

    def set_parameters_atomically(self, parameter_list: list[Parameter]) -> SetParametersResult:
        return self._set_parameters_atomically(parameter_list)

    def _set_parameters_atomically(self, parameter_list: list[Parameter]) -> SetParametersResult:
        if self._pre_set_parameters_callbacks:
            # rclpy gives each pre-set callback the original list and joins what they return.
            modified: list[Parameter] = []
            for callback in self._pre_set_parameters_callbacks:
                modified.extend(callback(parameter_list))
            parameter_list = modified
            if not parameter_list:
                return _refused("parameter list cannot be empty, this might be due to pre_set_parameters_callback modifying the original parameters list.")
        self._check_undeclared_parameters(parameter_list)
        return self._set_parameters_atomically_common(parameter_list)

    def _check_undeclared_parameters(self, parameter_list: list[Parameter]) -> None:
        if not all(isinstance(parameter, Parameter) for parameter in parameter_list):
            raise TypeError("parameter must be instance of type '{}'".format(repr(Parameter)))
        undeclared = [parameter.name for parameter in parameter_list if parameter.name not in self._parameters]
        if not self._allow_undeclared_parameters and undeclared:
            raise ParameterNotDeclaredException(undeclared)

    def _set_parameters_atomically_common(
        self, parameter_list: list[Parameter], descriptors: dict[str, ParameterDescriptor] | None = None, allow_not_set_type: bool = False
    ) -> SetParametersResult:
        """Checks (new descriptors: no read-only check), on-set callbacks, the change, its event and
        the post-set callbacks; a NOT_SET value undeclares unless allow_not_set_type."""
        if descriptors is not None:
            result = self._apply_descriptors(parameter_list, descriptors, False)
        else:
            result = self._apply_descriptors(parameter_list, self._descriptors, True)
        if not result.successful:
            return result
        for callback in self._on_set_parameters_callbacks:
            result = callback(parameter_list)
            if not result.successful:
                return result
        event = ParameterEvent(node=f"{self._namespace.rstrip('/')}/{self._name}")
        for parameter in parameter_list:
            if not allow_not_set_type and parameter.type_ is Parameter.Type.NOT_SET:
                event.deleted_parameters.append(parameter.to_parameter_msg())
                self._parameters.pop(parameter.name, None)
                self._descriptors.pop(parameter.name, None)
                continue
            if descriptors is not None:
                self._descriptors[parameter.name] = descriptors[parameter.name]
            elif parameter.name not in self._descriptors:
                self._descriptors[parameter.name] = ParameterDescriptor(dynamic_typing=True)
            if self.get_parameter_or(parameter.name).type_ is Parameter.Type.NOT_SET:
                event.new_parameters.append(parameter.to_parameter_msg())
            else:
                event.changed_parameters.append(parameter.to_parameter_msg())
            self._parameters[parameter.name] = parameter
        event.stamp = self._clock.now().to_msg()
        self._parameter_event_publisher.publish(event)
        for post in self._post_set_parameters_callbacks:
            post(parameter_list)
        return _ok()

    # ---- descriptors

    def _apply_descriptors(self, parameter_list: list[Parameter], descriptors: dict[str, ParameterDescriptor], check_read_only: bool = True) -> SetParametersResult:
        for parameter in parameter_list:
            if parameter.name in descriptors:
                result = self._apply_descriptor(parameter, descriptors[parameter.name], check_read_only)
                if not result.successful:
                    return result
        return _ok()

    def _apply_descriptor(self, parameter: Parameter, descriptor: ParameterDescriptor | None = None, check_read_only: bool = True) -> SetParametersResult:
        """Whether the value fits the descriptor (which takes the parameter's name, and its type
        where dynamically typed), as rclpy checks: read-only, type, then range."""
        if descriptor is None:
            descriptor = self.describe_parameter(parameter.name)
        else:
            descriptor.name = parameter.name
        if check_read_only and descriptor.read_only:
            return _refused(f"Trying to set a read-only parameter: {parameter.name}.")
        if descriptor.dynamic_typing:
            descriptor.type = parameter.type_.value
        elif self.has_parameter(parameter.name) and parameter.type_ is Parameter.Type.NOT_SET:
            return _refused("Static parameter cannot be undeclared")
        elif parameter.type_ is not Parameter.Type.NOT_SET and parameter.type_.value != descriptor.type:
            return _refused(f"Wrong parameter type, expected '{Parameter.Type(descriptor.type)}' got '{parameter.type_}'")
        if parameter.type_ is Parameter.Type.INTEGER and descriptor.integer_range:
            return self._apply_integer_range(parameter, descriptor.integer_range[0])
        if parameter.type_ is Parameter.Type.DOUBLE and descriptor.floating_point_range:
            return self._apply_floating_point_range(parameter, descriptor.floating_point_range[0])
        return _ok()

    def _apply_integer_range(self, parameter: Parameter, integer_range: IntegerRange) -> SetParametersResult:
        low, high = sorted((integer_range.from_value, integer_range.to_value))
        value = parameter.value
        if value in (low, high):
            return _ok()
        if not low < value < high:
            return _refused(f"Parameter {parameter.name} out of range. Min: {low}, Max: {high}, value: {value}")
        if integer_range.step != 0 and (value - low) % integer_range.step != 0:
            return _refused(f"The parameter value for {parameter.name} is not a valid step. Min: {low}, max: {high}, value: {value}, step: {integer_range.step}")
        return _ok()

    def _apply_floating_point_range(self, parameter: Parameter, floating_point_range: FloatingPointRange) -> SetParametersResult:
        low, high = sorted((floating_point_range.from_value, floating_point_range.to_value))
        value = parameter.value
        if math.isclose(value, low, rel_tol=self.PARAM_REL_TOL) or math.isclose(value, high, rel_tol=self.PARAM_REL_TOL):
            return _ok()
        if not low < value < high:
            return _refused(f"Parameter {parameter.name} out of range Min: {low}, Max: {high}, value: {value}")
        step = floating_point_range.step
        if step != 0.0 and not math.isclose(low + round((value - low) / step) * step, value, rel_tol=self.PARAM_REL_TOL):
            return _refused(
                f"The parameter value for {parameter.name} is not close enough to a valid step. Min: {low}, max: {high}, value: {value}, step: {step}"
            )
        return _ok()

    def _apply_descriptor_and_set(self, parameter: Parameter, descriptor: ParameterDescriptor | None = None, check_read_only: bool = True) -> SetParametersResult:
        result = self._apply_descriptor(parameter, descriptor, check_read_only)
        if result.successful:
            self._parameters[parameter.name] = parameter
        return result

    # ---- callbacks (the latest added runs first: rclpy inserts them at the front)

    def add_pre_set_parameters_callback(self, callback: Callable[[ParameterList], ParameterList]) -> None:
        self._pre_set_parameters_callbacks.insert(0, callback)

    def add_on_set_parameters_callback(self, callback: Callable[[ParameterList], SetParametersResult]) -> None:
        self._on_set_parameters_callbacks.insert(0, callback)

    def add_post_set_parameters_callback(self, callback: Callable[[ParameterList], None]) -> None:
        self._post_set_parameters_callbacks.insert(0, callback)

    def remove_pre_set_parameters_callback(self, callback: Callable[[ParameterList], ParameterList]) -> None:
        self._pre_set_parameters_callbacks.remove(callback)

    def remove_on_set_parameters_callback(self, callback: Callable[[ParameterList], SetParametersResult]) -> None:
        self._on_set_parameters_callbacks.remove(callback)

    def remove_post_set_parameters_callback(self, callback: Callable[[ParameterList], None]) -> None:
        self._post_set_parameters_callbacks.remove(callback)
