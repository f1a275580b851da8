"""`TextSubstitution`: a fixed text."""

from typing import Any

from ..substitution import Substitution


class TextSubstitution(Substitution):
    def __init__(self, *, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"TextSubstitution expects 'text' to be a str, got '{type(text).__name__}'")
        self.__text = text

    @property
    def text(self) -> str:
        return self.__text

    def describe(self) -> str:
        return f"'{self.__text}'"

    def perform(self, context: Any) -> str:
        return self.__text
