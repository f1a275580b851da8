"""`LocalSubstitution`: an expression over `context.locals` (`event.reason` in an event handler)."""

from typing import Any, Optional

from ..substitution import Substitution
from .substitution_failure import SubstitutionFailure


class LocalSubstitution(Substitution):
    def __init__(self, expression: str, description: Optional[str] = None) -> None:
        self.__expression = expression
        self.__description = description

    @property
    def expression(self) -> str:
        return self.__expression

    def describe(self) -> str:
        return self.__description or f"LocalVar('{self.__expression}')"

    def perform(self, context: Any) -> str:
        try:
            return str(eval('context.locals.' + self.__expression, {'context': context}))
        except AttributeError as error:
            raise SubstitutionFailure(f"LocalSubstitution '{self.__expression}': {error}") from None
