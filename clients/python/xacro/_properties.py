"""`xacro:property`: a value (`value=`, evaluated when first used unless `lazy_eval="false"`), a
block (the element's content, inserted with `xacro:insert_block`), a `default=` (defined only
when the name is not), or `remove="true"`; `scope="parent"` (a macro's caller, an included file's
includer) and `scope="global"` define it there, evaluated now."""

from __future__ import annotations

import keyword
from typing import Any

from ._dom import check_attrs, remove_previous_comments, replace_node
from ._errors import XacroException
from ._literals import eval_literal, get_boolean_value
from ._location import warn
from ._table import Table
from ._text import eval_text


def is_valid_name(name: str) -> bool:
    """A Python identifier that is no keyword: what an expression can name."""
    return name.isidentifier() and not keyword.iskeyword(name)


def grab_property(elt: Any, table: Table) -> None:
    name, value, default, remove, scope, lazy_eval = check_attrs(elt, ['name'], ['value', 'default', 'remove', 'scope', 'lazy_eval'])
    if not is_valid_name(name):
        raise XacroException(f'Property names must be valid python identifiers: {name}')
    if name.startswith('__'):
        raise XacroException(f'Property names must not start with double underscore:{name}')
    removing = remove is not None and get_boolean_value(eval_text(remove, table), remove)
    if (value is not None) + (default is not None) + removing > 1:
        raise XacroException(f'Property attributes default, value, and remove are mutually exclusive: {name}')
    remove_previous_comments(elt)
    replace_node(elt, by=None)
    if removing:
        if name in table:
            del table[name]
        return
    if default is not None:
        if scope is not None and scope != 'local':
            warn(f'{name}: default property value can only be defined on local scope')
        if name not in table:
            table.set(name, default, evaluated=False)
        return
    lazy = lazy_eval is None or get_boolean_value(lazy_eval, lazy_eval)
    target = _scope(name, scope, table)
    if value is None:
        # A block: its element, whose content xacro:insert_block inserts.
        target.set(f'**{name}', elt, evaluated=True)
    elif target is table and lazy:
        table.set(name, value, evaluated=False)
    else:
        # Evaluated here, where its names are, before it goes to another scope.
        target.set(name, eval_literal(eval_text(value, table)), evaluated=True)


def _scope(name: str, scope: str | None, table: Table) -> Table:
    if scope == 'global':
        return table.top()
    if scope == 'parent':
        parent = table.parent_scope()
        if parent is None:
            warn(f'{name}: no parent scope at global scope ')
            return table
        return parent
    return table
