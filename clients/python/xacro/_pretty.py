"""How xacro's documents are written: minidom's `Element.writexml`, replaced (as xacro replaces it
when imported) so that attributes come in name order, blank text between elements is left out
and an element holding one text keeps it on its line. `toxml()` and `toprettyxml()` of any
document then give what xacro gives: `<origin rpy="0 0 0" xyz="0 0 0"/>`.

Text and attribute values are escaped as Python 3.12's minidom does (`&`, `<`, `"`, `>`), the
same on every Python."""

from __future__ import annotations

import xml.dom.minidom
from typing import Any


def escape(text: str) -> str:
    return text.replace('&', '&amp;').replace('<', '&lt;').replace('"', '&quot;').replace('>', '&gt;')


def _is_text(node: Any) -> bool:
    return node.nodeType == xml.dom.Node.TEXT_NODE


def writexml(self: Any, writer: Any, indent: str = '', addindent: str = '', newl: str = '') -> None:
    writer.write(f'{indent}<{self.tagName}')
    for name in sorted(self.attributes.keys()):
        writer.write(f' {name}="{escape(self.getAttribute(name))}"')
    children = self.childNodes
    if not children:
        writer.write(f'/>{newl}')
    elif len(children) == 1 and _is_text(children[0]):
        writer.write(f'>{escape(children[0].data)}</{self.tagName}>{newl}')
    else:
        writer.write(f'>{newl}')
        for child in children:
            if not _is_text(child):
                child.writexml(writer, indent + addindent, addindent, newl)
            elif child.data and not child.data.isspace():
                writer.write(f'{indent}{addindent}{escape(child.data)}{newl}')
        writer.write(f'{indent}</{self.tagName}>{newl}')


def install() -> None:
    xml.dom.minidom.Element.writexml = writexml  # type: ignore[method-assign]
