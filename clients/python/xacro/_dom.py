"""The DOM work the processing repeats: a tag's attributes (required, optional, unknown ones
warned about), replacing an element by a node or by what a node holds, element children, and
the comments xacro drops in front of its own tags."""

from __future__ import annotations

import weakref
import xml.dom
from typing import Any

from ._location import warn


def reqd_attrs(tag: Any, names: list[str]) -> list[str]:
    missing = [name for name in names if not tag.hasAttribute(name)]
    if missing:
        raise RuntimeError(f"{tag.nodeName}: missing attribute '{missing[0]}'")
    return [tag.getAttribute(name) for name in names]


def opt_attrs(tag: Any, names: list[str]) -> list[str | None]:
    return [tag.getAttribute(name) if tag.hasAttribute(name) else None for name in names]


def check_attrs(tag: Any, required: list[str], optional: list[str]) -> list[Any]:
    """The required attributes (an error when one is missing), then the optional ones (None when absent)."""
    values: list[Any] = [*reqd_attrs(tag, required), *opt_attrs(tag, optional)]
    unknown = [name for name in tag.attributes.keys() if name not in required + optional and not name.startswith('xmlns:')]
    if unknown:
        warn(f"{tag.nodeName}: unknown attribute(s): {', '.join(unknown)}", location=True)
    return values


# Comments an expansion (a macro's body, a condition's or an included file's content) put in
# place: they are output, not comments about the xacro tag that follows them.
_expanded: weakref.WeakSet[Any] = weakref.WeakSet()


def insert_before(node: Any, nodes: Any) -> None:
    """`nodes`, what an expansion gave, moved in front of `node`."""
    for child in list(nodes):
        if child.nodeType == xml.dom.Node.COMMENT_NODE:
            _expanded.add(child)
        node.parentNode.insertBefore(child, node)


def replace_node(node: Any, by: Any, content_only: bool = False) -> None:
    """`node` replaced by `by`, or by what `by` holds, or removed (`by` None)."""
    if by is not None:
        insert_before(node, by.childNodes if content_only else [by])
    node.parentNode.removeChild(node)


def element_children(node: Any) -> list[Any]:
    return [child for child in node.childNodes if child.nodeType == xml.dom.Node.ELEMENT_NODE]


def remove_previous_comments(node: Any) -> None:
    """Drops the comments right before a xacro tag: they describe it. A blank line between keeps a comment."""
    previous = node.previousSibling
    while previous is not None:
        if previous.nodeType == xml.dom.Node.TEXT_NODE and previous.data.isspace() and previous.data.count('\n') <= 1:
            previous = previous.previousSibling
        if previous is None or previous.nodeType != xml.dom.Node.COMMENT_NODE or previous in _expanded:
            return
        comment, previous = previous, previous.previousSibling
        comment.parentNode.removeChild(comment)
