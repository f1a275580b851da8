"""YAML read into plain values whose mappings know their lines (PyYAML's composer has them,
safe_load drops them): a Mapping is a dict with `line` and `key_lines`."""

from __future__ import annotations

from typing import Any, Iterator, Union

import yaml

from launch.frontend.errors import FrontendError

_Base: Any = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)


class Mapping(dict):
    """A YAML mapping: its own line and each key's (1-based)."""

    line: int
    key_lines: dict[Any, int]


class _Loader(_Base):
    pass


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> Iterator[Mapping]:
    data = Mapping()
    data.line = node.start_mark.line + 1
    data.key_lines = {}
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        data[key] = loader.construct_object(value_node, deep=True)
        data.key_lines[key] = key_node.start_mark.line + 1


_Loader.add_constructor('tag:yaml.org,2002:map', _construct_mapping)


def line_of(value: Any, default: int) -> int:
    """The line a value starts at, when it is a mapping; else `default`."""
    return value.line if isinstance(value, Mapping) else default


def read_yaml(text: Union[str, bytes], path: str) -> Any:
    """The document in `text`, or a FrontendError at the line that does not read."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise FrontendError(path, line, f'not valid YAML: {err.problem or err.context}') from None
    except yaml.YAMLError as err:
        raise FrontendError(path, 1, f'not valid YAML: {err}') from None
