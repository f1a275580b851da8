"""`Table`: a scope of names (properties, or macros), looked up through its parents, and
`NameSpace`: the scope an `xacro:include ns=` fills, whose names are attributes (`${ns.name}`).

A property's text is evaluated when first used (lazily, in the scope that holds it), and what it
evaluated to is kept. The chain ends at the global symbols (a plain mapping: math, the exposed
builtins, `xacro.`): redefining one warns, deleting one is refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._errors import XacroException
from ._location import warn


class _Unevaluated:
    """A property's text, not evaluated yet."""

    __slots__ = ('text',)

    def __init__(self, text: str) -> None:
        self.text = text


# The properties being evaluated, innermost last: one met again is a circular definition.
_resolving: list[tuple[int, str]] = []


class Table:
    def __init__(self, parent: Mapping[str, Any] | Table | None = None, *, caller: Table | None = None) -> None:
        self.parent = parent
        self._own: dict[str, Any] = {}
        # A macro's scope: the scope it was called from, where `scope="parent"` puts a property.
        self._caller = caller

    def top(self) -> Table:
        """The outermost Table (the document's top level), below the global symbols."""
        table = self
        while isinstance(table.parent, Table):
            table = table.parent
        return table

    def parent_scope(self) -> Table | None:
        """Where `scope="parent"` goes: a macro's caller, an included file's includer."""
        if self._caller is not None:
            return self._caller
        return self.parent if isinstance(self.parent, Table) else None

    def _globals(self) -> Mapping[str, Any] | None:
        return self.top().parent

    def __contains__(self, key: object) -> bool:
        return key in self._own or (self.parent is not None and key in self.parent)

    def __getitem__(self, key: str) -> Any:
        if key in self._own:
            return self._resolve(key)
        if self.parent is None:
            raise KeyError(key)
        return self.parent[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default

    def _resolve(self, key: str) -> Any:
        value = self._own[key]
        if not isinstance(value, _Unevaluated):
            return value
        if (id(self), key) in _resolving:
            chain = ' -> '.join([name for _, name in _resolving[_resolving.index((id(self), key)) :]] + [key])
            raise XacroException(f'circular variable definition: {chain}\nConsider disabling lazy evaluation via lazy_eval="false"')
        from ._literals import eval_literal
        from ._text import eval_text

        _resolving.append((id(self), key))
        try:
            value = eval_literal(eval_text(value.text, self))
        finally:
            _resolving.pop()
        self._own[key] = value
        return value

    def set(self, key: str, value: Any, *, evaluated: bool) -> None:
        """Defines `key`: a text not `evaluated` is evaluated when first used."""
        defaults = self._globals()
        if defaults is not None and key in defaults:
            warn(f'redefining global symbol: {key}')
        self._own[key] = _Unevaluated(value) if isinstance(value, str) and not evaluated else value

    def __setitem__(self, key: str, value: Any) -> None:
        self.set(key, value, evaluated=False)

    def __delitem__(self, key: str) -> None:
        """Removes `key` from this scope and every enclosing one, the global symbols excepted."""
        table: Any = self
        while isinstance(table, Table):
            table._own.pop(key, None)
            table = table.parent
        if table is not None and key in table:
            warn(f'Cannot remove global symbol: {key}')

    def __str__(self) -> str:
        return str({key: value.text if isinstance(value, _Unevaluated) else value for key, value in self._own.items()})


class NameSpace(Table):
    def __getattr__(self, name: str) -> Any:
        if name.startswith('_'):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError:
            raise NameError(f"name '{name}' is not defined") from None
