"""The `$(...)` grammar of XML and YAML launch files, read into text and calls.

Upstream states it as a Lark grammar (ros2/launch, launch/share/launch/frontend/grammar.lark);
this is a hand-written reader of the same language, so the Python client needs no Lark:

    template  := fragment+              fragment := substitution | STRING
    substitution := '$(' IDENTIFIER (' ' value)* ')'
    value     := part+ | "'" fragment* "'" | '"' fragment* '"'
    part      := substitution | RSTRING

Arguments are separated by exactly one space. A `$` is text unless `(` follows it, or a
backslash precedes it; in an argument, `(` and `)` are text only after a backslash, a space
never is, and quotes only escaped. Inside quotes a substitution's arguments are unquoted runs
that may hold the other kind of quote. Text keeps its backslashes here; `unescape` drops each one
and keeps the character after it, as upstream's `replace_escaped_characters` does.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Union


class Text(NamedTuple):
    """A run of plain text, backslash escapes still in it."""

    raw: str


class Call(NamedTuple):
    """A `$(name arg …)`; each argument is a list of fragments."""

    name: str
    args: tuple[tuple['Fragment', ...], ...]


Fragment = Union[Text, Call]


class SubstitutionSyntaxError(ValueError):
    """A `$(...)` that does not read; `column` is 1-based, in `text`."""

    def __init__(self, text: str, column: int, reason: str) -> None:
        super().__init__(f"bad substitution in '{text}': {reason} at column {column}")
        self.text = text
        self.column = column
        self.reason = reason


_ESCAPED = re.compile(r'\\(.)', re.DOTALL)
_IDENTIFIER = re.compile(r'[A-Za-z][A-Za-z0-9_-]*')


def unescape(raw: str) -> str:
    """Drop each escaping backslash (upstream: `replace_escaped_characters`)."""
    return _ESCAPED.sub(r'\1', raw)


def parse_template(text: str) -> list[Fragment]:
    """The fragments of a whole attribute value; `text` must not be empty."""
    reader = _Reader(text)
    fragments = reader.fragments(quote=None)
    if reader.pos != len(text):
        raise reader.error('unexpected text')
    return fragments


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, reason: str) -> SubstitutionSyntaxError:
        return SubstitutionSyntaxError(self.text, self.pos + 1, reason)

    def _at(self, i: int) -> str:
        return self.text[i] if 0 <= i < len(self.text) else ''

    def _opens_substitution(self, i: int) -> bool:
        return self._at(i) == '$' and self._at(i + 1) == '(' and self._at(i - 1) != '\\'

    def fragments(self, quote: str | None) -> list[Fragment]:
        """Text and substitutions up to the end, or up to the closing `quote`."""
        out: list[Fragment] = []
        while self.pos < len(self.text):
            if self._opens_substitution(self.pos):
                out.append(self.substitution(quote))
                continue
            start = self.pos
            self._string(quote)
            if self.pos == start:
                break
            out.append(Text(self.text[start:self.pos]))
        return out

    def _string(self, quote: str | None) -> None:
        """Upstream's *_STRING: anything but an opening `$(` (and outside `quote` unescaped)."""
        while self.pos < len(self.text) and not self._opens_substitution(self.pos):
            c = self.text[self.pos]
            if quote is not None:
                if c == '\\' and self._at(self.pos + 1) == quote:
                    self.pos += 2
                    continue
                if c == quote:
                    return
            self.pos += 1

    def substitution(self, quote: str | None) -> Call:
        self.pos += 2  # '$('
        match = _IDENTIFIER.match(self.text, self.pos)
        if match is None:
            raise self.error('expected a substitution name')
        self.pos = match.end()
        args: list[tuple[Fragment, ...]] = []
        while self._at(self.pos) == ' ':
            self.pos += 1
            args.append(tuple(self.value(quote)))
        if self._at(self.pos) != ')':
            raise self.error("expected ')'" if self.pos < len(self.text) else "missing ')'")
        self.pos += 1
        return Call(match.group(0), tuple(args))

    def value(self, quote: str | None) -> list[Fragment]:
        """One argument: a quoted template (only outside quotes), or parts."""
        c = self._at(self.pos)
        if quote is None and c in ('"', "'"):
            self.pos += 1
            inner = self.fragments(quote=c)
            if self._at(self.pos) != c:
                raise self.error(f'missing closing {c}')
            self.pos += 1
            return inner
        parts: list[Fragment] = []
        while True:
            if self._opens_substitution(self.pos):
                parts.append(self.substitution(quote))
                continue
            start = self.pos
            self._rstring(quote)
            if self.pos == start:
                break
            parts.append(Text(self.text[start:self.pos]))
        if not parts:
            raise self.error('expected an argument')
        return parts

    def _rstring(self, quote: str | None) -> None:
        """Upstream's *_RSTRING: an argument's text, up to a space, `)` or `$(`."""
        stops = ('"', "'") if quote is None else (quote,)
        while self.pos < len(self.text):
            c = self.text[self.pos]
            if c == '\\' and self._at(self.pos + 1) in stops:
                self.pos += 2
                continue
            if c == ' ' or c in stops or self._opens_substitution(self.pos):
                return
            if c in '()' and self._at(self.pos - 1) != '\\':
                return
            self.pos += 1
