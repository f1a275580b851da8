"""Entity: one element of a front end's launch file, as the tag parsers read it.

As upstream's launch/frontend/entity.py, plus where the element is (`file`, `line`), so every
action built from it, and every error about it, names its place.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional


class Entity:
    """One item of the intermediate representation of an XML or YAML launch file."""

    @property
    def type_name(self) -> str:
        """The tag: `node`, `arg`, …"""
        raise NotImplementedError()

    @property
    def parent(self) -> Optional['Entity']:
        raise NotImplementedError()

    @property
    def children(self) -> list['Entity']:
        """The child entities (reading them marks them read)."""
        raise NotImplementedError()

    @property
    def file(self) -> str:
        """The absolute path of the launch file the entity is in."""
        raise NotImplementedError()

    @property
    def line(self) -> int:
        """The 1-based line the entity starts at."""
        raise NotImplementedError()

    def get_attr(self, name: str, *, data_type: Any = str, optional: bool = False, can_be_str: bool = True) -> Any:
        """
        An attribute as `data_type` (see launch.frontend.type_utils), or with `List[Entity]` the
        child entities of that name. A missing attribute raises `AttributeError`, or gives None
        when `optional`; a value not of the type (YAML checks it, XML coerces text to it) raises
        `TypeError`. `can_be_str` lets a value that may hold a substitution stay text.
        """
        raise NotImplementedError()

    def assert_entity_completely_parsed(self) -> None:
        """Raise `ValueError` naming the attributes or children no parser read."""
        raise NotImplementedError()

    def raw_attributes(self) -> Iterator[tuple[str, Any]]:
        """The attributes as written, in order, without marking them read (for error messages)."""
        raise NotImplementedError()

    def raw_children(self) -> Iterator['Entity']:
        """Every child entity, without marking it read (for error messages)."""
        raise NotImplementedError()

    def label(self) -> str:
        """How an error names the entity: `<node>` in XML, `'node'` in YAML."""
        return f"'{self.type_name}'"

    def attribute_line(self, name: str) -> int:
        """The line an attribute is on (the entity's, where the format does not tell)."""
        return self.line
