"""rclpy's exceptions, with rclpy's constructors and messages (programs catch and print them)."""

from __future__ import annotations

from typing import Any


class NotInitializedException(Exception):
    def __init__(self, message: str | None = None) -> None:
        super().__init__(f"rclpy.init() has not been called. msg:{message}" if message else "rclpy.init() has not been called.")


class NoTypeSupportImportedException(Exception):
    def __init__(self) -> None:
        super().__init__("no type_support imported")


class InvalidHandle(Exception):
    pass


class NameValidationException(Exception):
    def __init__(self, name_type: str, name: str, error_msg: str, invalid_index: int) -> None:
        super().__init__(f"Invalid {name_type}: {error_msg}:\n  '{name}'\n   {' ' * invalid_index}^")


class InvalidNamespaceException(NameValidationException):
    def __init__(self, name: str, error_msg: str, invalid_index: int) -> None:
        super().__init__("namespace", name, error_msg, invalid_index)


class InvalidNodeNameException(NameValidationException):
    def __init__(self, name: str, error_msg: str, invalid_index: int) -> None:
        super().__init__("node name", name, error_msg, invalid_index)


class InvalidTopicNameException(NameValidationException):
    def __init__(self, name: str, error_msg: str, invalid_index: int) -> None:
        super().__init__("topic name", name, error_msg, invalid_index)


class InvalidServiceNameException(NameValidationException):
    def __init__(self, name: str, error_msg: str, invalid_index: int) -> None:
        super().__init__("service name", name, error_msg, invalid_index)


class ParameterException(Exception):
    def __init__(self, error_msg: str, parameters: str | list[str]) -> None:
        super().__init__(f"{error_msg}: {parameters}")


class ParameterNotDeclaredException(ParameterException):
    def __init__(self, parameters: str | list[str]) -> None:
        super().__init__("Invalid access to undeclared parameter(s)", parameters)


class ParameterAlreadyDeclaredException(ParameterException):
    def __init__(self, parameters: str | list[str]) -> None:
        super().__init__("Parameter(s) already declared", parameters)


class InvalidParameterException(ParameterException):
    def __init__(self, parameter_name: str) -> None:
        super().__init__("Invalid parameter name", parameter_name)


class InvalidParameterTypeException(ParameterException):
    def __init__(self, desired_parameter: Any, expected_type: Any) -> None:
        from rclpy.parameter import Parameter

        got = Parameter.Type.from_parameter_value(desired_parameter.value).name
        super().__init__(
            f"Trying to set parameter '{desired_parameter.name}' to '{desired_parameter.value}' of type '{got}', expecting type '{expected_type}'",
            desired_parameter.name,
        )


class InvalidParameterValueException(ParameterException):
    def __init__(self, parameter: str, value: Any, reason: str) -> None:
        super().__init__(f"Invalid parameter value ({value}) for parameter. Reason: {reason}", parameter)


class ParameterImmutableException(ParameterException):
    def __init__(self, parameter_name: str) -> None:
        super().__init__("Attempted to modify read-only parameter", parameter_name)


class ParameterUninitializedException(ParameterException):
    def __init__(self, parameter_name: str) -> None:
        super().__init__(f"The parameter '{parameter_name}' is not initialized", parameter_name)


class ROSInterruptException(Exception):
    def __init__(self) -> None:
        super().__init__("rclpy.shutdown() has been called")
