"""The document walked in order, as xacro walks it: each element's attributes evaluated, then its
children one after another, xacro's tags done where they stand (a property is defined before
the elements after it use it, a macro expanded where it is called), text evaluated, comments
kept (or evaluated after `<!-- xacro:eval-comments -->`)."""

from __future__ import annotations

import xml.dom
from typing import Any

from ._dom import check_attrs, remove_previous_comments, replace_node, reqd_attrs
from ._errors import XacroException
from ._include import process_include
from ._literals import get_boolean_value
from ._macros import grab_macro, handle_macro_call
from ._properties import grab_property
from ._state import state
from ._table import Table
from ._text import eval_text


def eval_all(node: Any, macros: Table, symbols: Table) -> None:
    """`node`'s attributes and content, evaluated in place."""
    eval_attributes(node, symbols)
    process_children(node, macros, symbols)


def eval_attributes(node: Any, symbols: Table) -> None:
    for name, value in list(node.attributes.items()):
        if name.startswith('xacro:'):
            node.removeAttribute(name)
        else:
            node.setAttribute(name, str(eval_text(value, symbols)))
    if node.hasAttribute('xmlns:xacro'):
        node.removeAttribute('xmlns:xacro')


def process_children(parent: Any, macros: Table, symbols: Table) -> None:
    node = parent.firstChild
    # Comment evaluation, once enabled, lasts until a tag or text that is not blank.
    eval_comments = False
    while node is not None:
        following = node.nextSibling
        if node.nodeType == xml.dom.Node.ELEMENT_NODE:
            eval_comments = False
            if node.tagName == 'xacro:element':
                _rename(node, symbols)
                continue  # the element again, under its name
            _element(node, macros, symbols)
        elif node.nodeType == xml.dom.Node.TEXT_NODE:
            node.data = str(eval_text(node.data, symbols))
            if node.data.strip():
                eval_comments = False
        elif node.nodeType == xml.dom.Node.COMMENT_NODE:
            if 'xacro:eval-comments' in node.data:
                eval_comments = 'xacro:eval-comments:off' not in node.data
                replace_node(node, by=None)
            elif eval_comments:
                node.data = str(eval_text(node.data, symbols))
        node = following


def _element(node: Any, macros: Table, symbols: Table) -> None:
    tag = node.tagName
    if tag == 'xacro:insert_block':
        _insert_block(node, macros, symbols)
    elif tag == 'xacro:include':
        process_include(node, macros, symbols, eval_all)
    elif tag == 'xacro:property':
        grab_property(node, symbols)
    elif tag == 'xacro:macro':
        grab_macro(node, macros)
    elif tag == 'xacro:arg':
        _arg(node, symbols)
    elif tag == 'xacro:attribute':
        _attribute(node, symbols)
    elif tag in ('xacro:if', 'xacro:unless'):
        _condition(node, macros, symbols)
    elif not handle_macro_call(node, macros, symbols, process_children):
        eval_all(node, macros, symbols)


def _insert_block(node: Any, macros: Table, symbols: Table) -> None:
    (name,) = check_attrs(node, ['name'], [])
    if f'**{name}' in symbols:
        block, content_only = symbols[f'**{name}'], True
    elif f'*{name}' in symbols:
        block, content_only = symbols[f'*{name}'], False
    else:
        raise XacroException(f'Undefined block "{name}"')
    # A copy, evaluated where it is inserted: a block may be inserted more than once.
    block = block.cloneNode(deep=True)
    if content_only:
        process_children(block, macros, symbols)
    else:
        eval_all(block, macros, symbols)
    replace_node(node, by=block, content_only=content_only)


def _arg(node: Any, symbols: Table) -> None:
    """`xacro:arg name default`: the default of `$(arg name)`, unless the command line gave it."""
    name, default = check_attrs(node, ['name', 'default'], [])
    if name not in state.arguments:
        state.arguments[name] = str(eval_text(default, symbols))
    remove_previous_comments(node)
    replace_node(node, by=None)


def _rename(node: Any, symbols: Table) -> None:
    """`xacro:element xacro:name="…"`: the element, under the name its attribute evaluates to."""
    name = str(eval_text(reqd_attrs(node, ['xacro:name'])[0], symbols))
    if not name:
        raise XacroException('xacro:element: empty name')
    node.removeAttribute('xacro:name')
    node.nodeName = node.tagName = name


def _attribute(node: Any, symbols: Table) -> None:
    """`xacro:attribute name value`: an attribute of the enclosing element."""
    name, value = (str(eval_text(text, symbols)) for text in reqd_attrs(node, ['name', 'value']))
    if not name:
        raise XacroException('xacro:attribute: empty name')
    node.parentNode.setAttribute(name, value)
    replace_node(node, by=None)


def _condition(node: Any, macros: Table, symbols: Table) -> None:
    remove_previous_comments(node)
    (condition,) = check_attrs(node, ['value'], [])
    keep = get_boolean_value(eval_text(condition, symbols), condition)
    if node.tagName == 'xacro:unless':
        keep = not keep
    if keep:
        process_children(node, macros, symbols)
        replace_node(node, by=node, content_only=True)
    else:
        replace_node(node, by=None)
