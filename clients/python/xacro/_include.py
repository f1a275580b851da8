"""`xacro:include filename="…"`: the files a name (relative to the file being read, `$(find)`,
a glob) gives, processed in the includer's scope, or with `ns="name"` in a namespace of their own
(`xacro:name.macro`, `${name.property}`), their content in place of the tag. A missing file is
an error unless `optional="true"`; the namespaces they declare go to the document's root."""

from __future__ import annotations

import glob
import os
from typing import Any, Callable

from ._dom import check_attrs, element_children, insert_before, remove_previous_comments, replace_node
from ._literals import get_boolean_value
from ._location import abs_filename_spec, warn
from ._state import pop_file, push_file, state
from ._table import NameSpace, Table
from ._text import eval_text


def _files(spec: str, optional: bool) -> list[str]:
    if any(char in spec for char in '*?['):
        found = sorted(glob.glob(spec))
        if not found and not optional:
            warn(f'Include tag\'s filename spec "{spec}" matched no files.')
        return found
    return [spec] if not optional or os.path.exists(spec) else []


def _namespace(name: str, table: Table) -> NameSpace:
    """The namespace `name` in `table`: an existing one (a second include into it) or a new one."""
    found = table._own.get(name)
    if isinstance(found, NameSpace):
        return found
    namespace = NameSpace(table)
    table.set(name, namespace, evaluated=True)
    return namespace


def process_include(elt: Any, macros: Table, symbols: Table, eval_all: Callable[[Any, Table, Table], None]) -> None:
    from ._document import parse

    filename, optional, ns = check_attrs(elt, ['filename'], ['optional', 'ns'])
    spec = abs_filename_spec(str(eval_text(filename, symbols)))
    optional_include = optional is not None and get_boolean_value(eval_text(optional, symbols), optional)
    if element_children(elt):
        warn('Child elements of a <xacro:include> tag are ignored')
    if ns:
        macros, symbols = _namespace(ns, macros), _namespace(ns, symbols)
    remove_previous_comments(elt)
    for file in _files(spec, optional_include):
        push_file(file)
        included = parse(None, file)
        root = included.documentElement
        eval_all(root, macros, symbols)
        _lift_namespaces(root)
        insert_before(elt, root.childNodes)
        pop_file()
        state.dependencies.append(file)
    replace_node(elt, by=None)


def _lift_namespaces(root: Any) -> None:
    """The included root's `xmlns:…` declarations, onto the document's root (a differing one is warned about)."""
    document_root = state.root
    if document_root is None:
        return
    for name, value in root.attributes.items():
        if not name.startswith('xmlns:'):
            continue
        existing = document_root.getAttributeNode(name)
        if existing is not None and existing.value != value:
            warn(f'inconsistent namespace redefinitions for {name}:\n old: {existing.value}\n new: {value} ({state.files[-1] if state.files else None})')
        elif existing is None:
            document_root.setAttribute(name, value)
