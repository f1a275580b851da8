"""Substitutions as lists: normalizing what users pass, and performing a list into one string."""

from typing import Any, Iterable

from ..substitution import Substitution


def normalize_to_list_of_substitutions(subs: Any) -> list[Substitution]:
    """A str, a Substitution or an iterable of them, as a list of Substitution."""
    from ..substitutions.text_substitution import TextSubstitution

    def normalize(item: Any) -> Substitution:
        if isinstance(item, Substitution):
            return item
        if isinstance(item, str):
            return TextSubstitution(text=item)
        raise TypeError(f"Failed to normalize given item of type '{type(item)}', when only 'str' or 'launch.Substitution' were expected.")

    if isinstance(subs, str):
        return [TextSubstitution(text=subs)]
    if isinstance(subs, Substitution):
        return [subs]
    return [normalize(item) for item in subs]


def perform_substitutions(context: Any, subs: Iterable[Substitution]) -> str:
    return ''.join(context.perform_substitution(sub) for sub in subs)
