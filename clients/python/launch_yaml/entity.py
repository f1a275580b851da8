"""The YAML front end's Entity: a mapping of the file, its values checked, not coerced.

As upstream's launch_yaml/entity.py: an entity is a mapping of attributes, or a list of child
entities (each a one-key mapping `{tag: …}`), or a mapping whose `children` key holds them;
`get_attr(name, data_type=List[Entity])` gives a list of mappings as entities named `name`.
Each mapping keeps the lines of its keys, so an entity's line is the line of its tag.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from launch.frontend.entity import Entity as BaseEntity
from launch.frontend.errors import EntityAttributeError, EntityTypeError, EntityValueError
from launch.frontend.type_utils import check_is_list_entity, is_instance_of, type_name

from .reader import Mapping, line_of


class Entity(BaseEntity):
    """A YAML entity of a launch file."""

    def __init__(self, element: Any, type_name: str, file: str, line: int, *, parent: Optional['Entity'] = None) -> None:
        self._element = element
        self._type_name = type_name
        self._file = file
        self._line = line
        self._parent = parent
        self._read_keys: set[str] = set()
        self._children_called = False

    @property
    def type_name(self) -> str:
        return self._type_name

    @property
    def parent(self) -> Optional['Entity']:
        return self._parent

    @property
    def file(self) -> str:
        return self._file

    @property
    def line(self) -> int:
        return self._line

    def attribute_line(self, name: str) -> int:
        return self._element.key_lines.get(name, self._line) if isinstance(self._element, Mapping) else self._line

    def _child_list(self) -> Optional[list[Any]]:
        if isinstance(self._element, list):
            return self._element
        if isinstance(self._element, dict) and isinstance(self._element.get('children'), list):
            return self._element['children']
        return None

    def _entity_of(self, child: Any) -> 'Entity':
        if not isinstance(child, dict) or len(child) != 1:
            raise EntityValueError(self._file, line_of(child, self._line), f'a child of {self.label()} must be a mapping with one key, its tag')
        (tag, body), = child.items()
        return Entity(body, str(tag), self._file, child.key_lines.get(tag, line_of(child, self._line)), parent=self)

    @property
    def children(self) -> list[BaseEntity]:
        self._children_called = True
        if isinstance(self._element, dict):
            if 'children' not in self._element:
                raise EntityValueError(self._file, self._line, f"{self.label()} needs child entities: a list, or a 'children' key holding one")
            self._read_keys.add('children')
        children = self._child_list()
        if children is None:
            raise EntityTypeError(self._file, self.attribute_line('children'), f'{self.label()}: the children must be a list')
        return [self._entity_of(child) for child in children]

    def raw_children(self) -> Iterator['Entity']:
        for child in self._child_list() or []:
            if isinstance(child, dict) and len(child) == 1:
                yield self._entity_of(child)
        if isinstance(self._element, dict):
            for name, value in self._element.items():
                if name != 'children' and isinstance(value, list):
                    yield from (Entity(item, name, self._file, line_of(item, self._line), parent=self) for item in value if isinstance(item, dict))

    def raw_attributes(self) -> Iterator[tuple[str, Any]]:
        return iter(self._element.items()) if isinstance(self._element, dict) else iter(())

    def assert_entity_completely_parsed(self) -> None:
        if isinstance(self._element, list):
            if not self._children_called:
                raise EntityValueError(self._file, self._line, f'{self.label()} cannot hold child entities')
            return
        if not isinstance(self._element, dict):
            return
        unread = [key for key in self._element if key not in self._read_keys]
        if unread:
            names = ', '.join(f"'{key}'" for key in unread)
            raise EntityValueError(self._file, self.attribute_line(unread[0]), f'{self.label()} has no attribute {names}')

    def get_attr(self, name: str, *, data_type: Any = str, optional: bool = False, can_be_str: bool = True) -> Any:
        if not isinstance(self._element, dict) or name not in self._element:
            if optional:
                return None
            raise EntityAttributeError(self._file, self._line, f"{self.label()} needs '{name}'")
        self._read_keys.add(name)
        data = self._element[name]
        line = self.attribute_line(name)
        if check_is_list_entity(data_type):
            if isinstance(data, list) and all(isinstance(item, dict) for item in data):
                return [Entity(item, name, self._file, line_of(item, line), parent=self) for item in data]
            raise EntityTypeError(self._file, line, f"{self.label()}: '{name}' must be a list of mappings")
        if not is_instance_of(data, data_type, can_be_str=can_be_str):
            wanted = type_name(data_type) + (' (or a text with substitutions)' if can_be_str and data_type is not str else '')
            raise EntityTypeError(self._file, line, f"{self.label()}: '{name}' must be a {wanted}, not {_yaml_type(data)}")
        return data


def _yaml_type(value: Any) -> str:
    if value is None:
        return 'null'
    return {dict: 'a mapping', Mapping: 'a mapping', list: 'a list'}.get(type(value), f'{type(value).__name__} {value!r}')
