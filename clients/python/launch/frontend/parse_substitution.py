"""An attribute's text as launch substitutions (upstream: launch/frontend/parse_substitution.py).

`$(...)` is read by substitution_grammar; each call becomes the substitution exposed under its
name, its arguments lists of substitutions; text between becomes TextSubstitution, unescaped.
"""

from __future__ import annotations

from typing import Any

from .expose import instantiate_substitution
from .substitution_grammar import Call, Fragment, SubstitutionSyntaxError, Text, parse_template, unescape


class SubstitutionError(ValueError):
    """A substitution in `text` (an attribute's whole value) is wrong: `message` says how."""

    def __init__(self, text: str, message: str) -> None:
        super().__init__(message)
        self.text = text


def _text_substitution(text: str) -> Any:
    from ..substitutions import TextSubstitution

    return TextSubstitution(text=text)


def _build(fragments: list[Fragment] | tuple[Fragment, ...]) -> list[Any]:
    out: list[Any] = []
    for fragment in fragments:
        if isinstance(fragment, Text):
            out.append(_text_substitution(unescape(fragment.raw)))
        else:
            out.append(_call(fragment))
    return out


def _call(call: Call) -> Any:
    return instantiate_substitution(call.name, [_build(arg) for arg in call.args])


def parse_substitution(string_value: str) -> list[Any]:
    """The substitutions `string_value` holds; a SubstitutionError if it does not read."""
    if not string_value:
        return [_text_substitution(string_value)]
    try:
        return _build(parse_template(string_value))
    except SubstitutionSyntaxError as err:
        raise SubstitutionError(string_value, str(err)) from None
    except SubstitutionError:
        raise
    except Exception as err:
        # A name no substitution has, or arguments its parse method refuses.
        raise SubstitutionError(string_value, f"bad substitution in '{string_value}': {err}") from None


def parse_if_substitutions(value: Any) -> Any:
    """
    A typed value with substitutions read where it is text: text holding one becomes a list of
    substitutions, plain text stays a str, other scalars stay as they are; a list item by item,
    all of one kind (upstream's rule: 'The result is a non-uniform list').
    """
    from ..substitutions import TextSubstitution

    kinds: set[type] = set()

    def one(item: Any) -> Any:
        if isinstance(item, str):
            out = parse_substitution(item)
            if len(out) == 1 and isinstance(out[0], TextSubstitution):
                kinds.add(str)
                return out[0].text
            return out
        kinds.add(type(item))
        return item

    result = [one(x) for x in value] if isinstance(value, list) else one(value)
    if len(kinds) > 1:
        raise ValueError(f'the list {value!r} mixes types')
    return result
