"""The XML front end's Parser: reads a file into Entities with their lines.

Upstream (launch_xml/parser.py) uses xml.etree, which forgets lines; expat, under it, tells the
line each element starts at. Text and comments are not part of a launch file's meaning.
"""

from __future__ import annotations

from typing import Union
from xml.parsers import expat

from launch import frontend
from launch.frontend.errors import FrontendError

from .entity import Element, Entity


def read_elements(text: Union[str, bytes], file: str) -> Element:
    """The root element of an XML document, or a FrontendError at the line that does not read."""
    reader = expat.ParserCreate()
    stack: list[Element] = []
    root: list[Element] = []

    def start(tag: str, attrib: dict[str, str]) -> None:
        element = Element(tag, attrib, reader.CurrentLineNumber)
        (stack[-1].children if stack else root).append(element)
        stack.append(element)

    def end(_tag: str) -> None:
        stack.pop()

    reader.StartElementHandler = start
    reader.EndElementHandler = end
    reader.ordered_attributes = False
    try:
        reader.Parse(text, True)
    except expat.ExpatError as err:
        raise FrontendError(file, err.lineno, f'not well-formed XML: {expat.ErrorString(err.code)}') from None
    return root[0]


class Parser(frontend.Parser):
    """XML parser implementation."""

    @classmethod
    def load_text(cls, text: Union[str, bytes], path: str) -> tuple[Entity, 'Parser']:
        return Entity(read_elements(text, path), path), cls()

    @classmethod
    def get_file_extensions(cls) -> set[str]:
        return {'launch.xml', 'xml', 'launch'}
