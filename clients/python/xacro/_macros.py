"""`xacro:macro` definitions and their calls (`<xacro:NAME …/>`, `<xacro:call macro="…"/>`).

A call evaluates its arguments, in the scope of the macro's namespace (the caller's, for a macro
without one), and its block arguments (`*block`, `**block`: its element children, in order) in
the caller's scope; the macro's body is then expanded in a new scope whose parent is that
namespace, and replaces the call. Names in the body are found in the scope it is expanded from
(xacro's scoping is dynamic)."""

from __future__ import annotations

from typing import Any, Callable

from ._dom import check_attrs, element_children, remove_previous_comments, replace_node
from ._errors import XacroException
from ._literals import eval_literal
from ._location import warn
from ._macro_params import parse_macro_arg
from ._state import current_file, state
from ._table import Table
from ._text import eval_text


class Macro:
    def __init__(self, name: str, body: Any, params: list[str], defaults: dict[str, tuple[str | None, str | None]], file: str | None) -> None:
        self.name = name
        # The xacro:macro element: its children are the body.
        self.body = body
        self.params = params
        self.defaultmap = defaults
        # Where it was defined, for error locations.
        self.file = file


def grab_macro(elt: Any, macros: Table) -> None:
    name, params = check_attrs(elt, ['name'], ['params'])
    if name == 'call':
        raise XacroException("Invalid use of macro name 'call'")
    if '.' in name:
        raise XacroException(f"macro names must not contain '.' (reserved for namespaces): {name}")
    if name.startswith('xacro:'):
        warn(f"macro names must not contain prefix 'xacro:': {name}")
        name = name[len('xacro:') :]
    names: list[str] = []
    defaults: dict[str, tuple[str | None, str | None]] = {}
    rest = params or ''
    while rest.strip():
        param, default, rest = parse_macro_arg(rest)
        names.append(param)
        if default is not None:
            defaults[param] = default
    macros.set(name, Macro(name, elt, names, defaults, current_file()), evaluated=True)
    remove_previous_comments(elt)
    replace_node(elt, by=None)


def resolve_macro(fullname: str, macros: Any, symbols: Any) -> tuple[Any, Any, Any]:
    """(the macro's namespace's macros and symbols, the macro) for a name such as `ns.inner.name`; KeyError when missing."""
    *namespaces, name = fullname.split('.')
    for namespace in namespaces:
        macros, symbols = macros[namespace], symbols[namespace]
    return macros, symbols, macros[name]


def handle_macro_call(node: Any, macros: Table, symbols: Table, process_children: Callable[[Any, Table, Table], None]) -> bool:
    """Expands `node` when it calls a macro (False when it is no xacro tag)."""
    if node.tagName == 'xacro:call':
        if not node.hasAttribute('macro'):
            raise XacroException("xacro:call is missing the 'macro' attribute")
        name = str(eval_text(node.getAttribute('macro'), symbols))
        node.removeAttribute('macro')
    elif node.tagName.startswith('xacro:'):
        name = node.tagName[len('xacro:') :]
    else:
        return False
    try:
        scope_macros, scope_symbols, macro = resolve_macro(name, macros, symbols)
    except (KeyError, AttributeError, NameError):
        macro = None
    if not isinstance(macro, Macro):
        raise XacroException(f'unknown macro name: xacro:{name}')
    remove_previous_comments(node)
    state.macros.append(macro)
    values = _arguments(node, macro, scope_symbols)
    # Block arguments: the call's content, evaluated where the call is.
    process_children(node, macros, symbols)
    values.update(_blocks(node, macro))
    _defaults(macro, values, scope_symbols)
    scoped = Table(scope_symbols, caller=symbols)
    for param, value in values.items():
        scoped.set(param, value, evaluated=True)
    body = macro.body.cloneNode(deep=True)
    process_children(body, Table(scope_macros), scoped)
    replace_node(node, by=body, content_only=True)
    # Left on the stack after an error: print_location names the macros being expanded.
    state.macros.pop()
    return True


def _arguments(node: Any, macro: Macro, symbols: Table) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, text in node.attributes.items():
        if name not in macro.params:
            raise XacroException(f'Invalid parameter "{name}"', macro=macro)
        values[name] = eval_literal(eval_text(text, symbols))
    return values


def _blocks(node: Any, macro: Macro) -> dict[str, Any]:
    blocks = element_children(node)
    values: dict[str, Any] = {}
    for param in macro.params:
        if param.startswith('*'):
            if not blocks:
                raise XacroException('Not enough blocks', macro=macro)
            values[param] = blocks.pop(0)
    if blocks:
        raise XacroException(f'Unused block "{blocks[0].tagName}"', macro=macro)
    return values


def _defaults(macro: Macro, values: dict[str, Any], symbols: Table) -> None:
    """The parameters the call left out, from their defaults, evaluated where the call is."""
    missing: list[str] = []
    for param in macro.params:
        if param in values:
            continue
        if param not in macro.defaultmap:
            missing.append(param)
            continue
        forward, default = macro.defaultmap[param]
        if forward is not None and forward in symbols:
            values[param] = symbols[forward]
        elif forward is not None and default is None:
            raise XacroException(f'Undefined property to forward: {forward}', macro=macro)
        else:
            values[param] = eval_literal(eval_text(default or '', symbols))
    if missing:
        raise XacroException(f"Undefined parameters [{','.join(missing)}]", macro=macro)
