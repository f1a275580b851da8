"""`FileContent`: the text of a file."""

from typing import Any

from ..substitution import Substitution
from ..utilities import normalize_to_list_of_substitutions, perform_substitutions
from .substitution_failure import SubstitutionFailure


class FileContent(Substitution):
    def __init__(self, path: Any) -> None:
        self.__path = normalize_to_list_of_substitutions(path)

    def perform(self, context: Any) -> str:
        path = perform_substitutions(context, self.__path)
        try:
            with open(path, encoding='utf-8') as file:
                return file.read()
        except OSError as error:
            raise SubstitutionFailure(f"cannot read file '{path}': {error.strerror}") from None
