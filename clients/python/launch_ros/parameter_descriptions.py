"""`Parameter`, `ParameterValue`, `ParameterFile`: parameters described for a node (launch_ros/parameter_descriptions.py)."""

import os
from pathlib import Path
from typing import Any, Optional

import yaml
from launch.substitutions.substitution_failure import SubstitutionFailure
from launch.utilities import normalize_to_list_of_substitutions, perform_substitutions
from launch.utilities.type_utils import normalize_typed_substitution, perform_typed_substitution


class ParameterValue:
    """A value, or substitutions coerced to `value_type` (None: YAML rules; `str` keeps the text)."""

    def __init__(self, value: Any, *, value_type: Any = None) -> None:
        self.__value = normalize_typed_substitution(value, value_type)
        self.__value_type = value_type

    @property
    def value(self) -> Any:
        return self.__value

    @property
    def value_type(self) -> Any:
        return self.__value_type

    def evaluate(self, context: Any) -> Any:
        return perform_typed_substitution(context, self.__value, self.__value_type)


class Parameter:
    """One parameter by name (`-p name:=value` under launch)."""

    def __init__(self, name: Any, value: Any, *, value_type: Any = None) -> None:
        self.__name = normalize_to_list_of_substitutions(name)
        self.__value = ParameterValue(value, value_type=value_type)

    @property
    def name(self) -> list[Any]:
        return self.__name

    def evaluate(self, context: Any) -> tuple[str, Any]:
        return perform_substitutions(context, self.__name), self.__value.evaluate(context)


class ParameterFile:
    """A parameter file; with `allow_substs` its text's `$(…)` substitutions are performed first."""

    def __init__(self, param_file: Any, *, allow_substs: Any = False) -> None:
        if isinstance(param_file, os.PathLike):
            param_file = os.fspath(param_file)
        self.__param_file = normalize_to_list_of_substitutions(param_file)
        self.__allow_substs = normalize_typed_substitution(allow_substs, bool)
        # As launch_ros: evaluated once (nav2 shares one ParameterFile among its nodes).
        self.__evaluated: Optional[Path] = None

    @property
    def param_file(self) -> list[Any]:
        return self.__param_file

    @property
    def allow_substs(self) -> Any:
        return self.__allow_substs

    def evaluate(self, context: Any) -> Path:
        if self.__evaluated is None:
            self.__evaluated = self.__evaluate(context)
        return self.__evaluated

    def __evaluate(self, context: Any) -> Path:
        path = Path(os.path.abspath(perform_substitutions(context, self.__param_file)))
        if not perform_typed_substitution(context, self.__allow_substs, bool):
            return path
        from launch.frontend.parse_substitution import parse_substitution

        try:
            text = path.read_text(encoding='utf-8')
        except OSError as error:
            raise SubstitutionFailure(f"cannot read parameter file '{path}': {error.strerror}") from None
        performed = perform_substitutions(context, parse_substitution(text))
        try:
            yaml.load(performed, Loader=getattr(yaml, 'CSafeLoader', yaml.SafeLoader))
        except yaml.YAMLError:
            raise SubstitutionFailure(f"the parameter file '{path}' after its substitutions is not a valid yaml file") from None
        plan: Optional[Any] = getattr(context, '_plan', None)
        if plan is None:
            raise RuntimeError("ParameterFile(allow_substs=True) is evaluated only under rclsim's launch evaluator")
        return Path(plan.write_file(path.name, performed))
