"""The XML front end's Entity: an element of the file, its attributes coerced from text.

As upstream's launch_xml/entity.py: an attribute `NAME` with a sibling `NAME-sep` is split on
that separator into a list; `get_attr(name, data_type=List[Entity])` gives the children named
`name`; text is coerced to the type asked (launch.frontend.type_utils). Each element keeps the
line it starts at.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from launch.frontend.entity import Entity as BaseEntity
from launch.frontend.errors import EntityAttributeError, EntityTypeError, EntityValueError
from launch.frontend.type_utils import check_is_list_entity, get_typed_value, type_name


class Element:
    """An XML element as the reader keeps it: tag, attributes in order, children, line."""

    __slots__ = ('tag', 'attrib', 'line', 'children')

    def __init__(self, tag: str, attrib: dict[str, str], line: int) -> None:
        self.tag = tag
        self.attrib = attrib
        self.line = line
        self.children: list[Element] = []


class Entity(BaseEntity):
    """An XML element of a launch file."""

    def __init__(self, element: Element, file: str, *, parent: Optional['Entity'] = None) -> None:
        self._element = element
        self._file = file
        self._parent = parent
        self._read_attributes: set[str] = set()
        self._read_children: set[str] = set()

    @property
    def type_name(self) -> str:
        return self._element.tag

    @property
    def parent(self) -> Optional['Entity']:
        return self._parent

    @property
    def file(self) -> str:
        return self._file

    @property
    def line(self) -> int:
        return self._element.line

    def label(self) -> str:
        return f'<{self.type_name}>'

    @property
    def children(self) -> list[BaseEntity]:
        self._read_children = {child.tag for child in self._element.children}
        return list(self.raw_children())

    def raw_children(self) -> Iterator['Entity']:
        return (Entity(child, self._file, parent=self) for child in self._element.children)

    def raw_attributes(self) -> Iterator[tuple[str, Any]]:
        return iter(self._element.attrib.items())

    def assert_entity_completely_parsed(self) -> None:
        tags = [c.tag for c in self._element.children if c.tag not in self._read_children]
        if tags:
            first = next(c for c in self._element.children if c.tag == tags[0])
            raise EntityValueError(self._file, first.line, f'{self.label()} cannot hold <{first.tag}>')
        unread = [name for name in self._element.attrib if name not in self._read_attributes]
        if unread:
            names = ', '.join(f"'{name}'" for name in unread)
            raise EntityValueError(self._file, self.line, f'{self.label()} has no attribute {names}')

    def get_attr(self, name: str, *, data_type: Any = str, optional: bool = False, can_be_str: bool = True) -> Any:
        if check_is_list_entity(data_type):
            found = [Entity(c, self._file, parent=self) for c in self._element.children if c.tag == name]
            if not found:
                return None if optional else self._missing(f'<{name}>')
            self._read_children.add(name)
            return found
        attrib = self._element.attrib
        if name not in attrib:
            return None if optional else self._missing(f"attribute '{name}'")
        self._read_attributes.add(name)
        value: Any = attrib[name]
        separator = attrib.get(f'{name}-sep')
        if separator is not None:
            self._read_attributes.add(f'{name}-sep')
            value = value.split(separator)
        try:
            return get_typed_value(value, data_type, can_be_str=can_be_str)
        except ValueError:
            shown = attrib[name] if separator is None else f'{attrib[name]}, split at {separator!r}'
            raise EntityTypeError(self._file, self.line, f"{self.label()} attribute '{name}' must be a {type_name(data_type)}, not '{shown}'") from None

    def _missing(self, what: str) -> Any:
        raise EntityAttributeError(self._file, self.line, f'{self.label()} needs {what}')
