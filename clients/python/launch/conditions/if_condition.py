"""`IfCondition` and `UnlessCondition`: an expression read as launch reads a condition.

launch/conditions/evaluate_condition_expression_impl.py: stripped, lower-cased, 'true'/'1' are
true, 'false'/'0' false, anything else (the empty text too) an error naming the value.
"""

from typing import Any

from ..condition import Condition
from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions

VALID_TRUE_EXPRESSIONS = ['true', '1']
VALID_FALSE_EXPRESSIONS = ['false', '0']


class InvalidConditionExpressionError(ValueError):
    def __init__(self, expression: str, unexpanded: list[Substitution], valid: list[str]) -> None:
        super().__init__(
            f"invalid condition expression, expected one of [{', '.join(valid)}] but got '{expression}', expanded from '{' + '.join(s.describe() for s in unexpanded)}'"
        )


def evaluate_condition_expression(context: Any, expression: list[Substitution]) -> bool:
    text = perform_substitutions(context, expression).strip().lower()
    if text in VALID_TRUE_EXPRESSIONS:
        return True
    if text in VALID_FALSE_EXPRESSIONS:
        return False
    raise InvalidConditionExpressionError(text, expression, VALID_TRUE_EXPRESSIONS + VALID_FALSE_EXPRESSIONS)


class IfCondition(Condition):
    def __init__(self, predicate_expression: Any) -> None:
        self.__expression = normalize_to_list_of_substitutions(predicate_expression)
        super().__init__(predicate=lambda context: evaluate_condition_expression(context, self.__expression))

    def describe(self) -> str:
        return f"IfCondition({' + '.join(s.describe() for s in self.__expression)})"


class UnlessCondition(Condition):
    def __init__(self, predicate_expression: Any) -> None:
        self.__expression = normalize_to_list_of_substitutions(predicate_expression)
        super().__init__(predicate=lambda context: not evaluate_condition_expression(context, self.__expression))

    def describe(self) -> str:
        return f"UnlessCondition({' + '.join(s.describe() for s in self.__expression)})"
