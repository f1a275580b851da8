"""`PythonExpression`: a Python expression evaluated with `python_modules` (math's names bare)."""

import importlib
from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from .substitution_failure import SubstitutionFailure


class PythonExpression(Substitution):
    def __init__(self, expression: Any, python_modules: Any = ('math',)) -> None:
        self.__expression = normalize_to_list_of_substitutions(expression)
        self.__python_modules = normalize_to_list_of_substitutions(list(python_modules) if isinstance(python_modules, tuple) else python_modules)

    @property
    def expression(self) -> list[Substitution]:
        return self.__expression

    @property
    def python_modules(self) -> list[Substitution]:
        return self.__python_modules

    def describe(self) -> str:
        return f"PythonExpr({' + '.join(s.describe() for s in self.__expression)})"

    def perform(self, context: Any) -> str:
        names: dict[str, Any] = {}
        # As launch/substitutions/python_expression.py: each item is one module name.
        for module in (importlib.import_module(context.perform_substitution(s)) for s in self.__python_modules):
            if module.__name__ == 'math':
                names.update(vars(module))
            names[module.__name__] = module
        expression = perform_substitutions(context, self.__expression)
        try:
            return str(eval(expression, {}, names))
        except Exception as error:
            raise SubstitutionFailure(f'PythonExpression "{expression}" raised {type(error).__name__}: {error}') from None
