"""The YAML front end's Parser (upstream: launch_yaml/parser.py): one root key, its tag."""

from __future__ import annotations

from typing import Union

from launch import frontend
from launch.frontend.errors import FrontendError

from .entity import Entity
from .reader import Mapping, read_yaml


class Parser(frontend.Parser):
    """YAML parser implementation."""

    @classmethod
    def load_text(cls, text: Union[str, bytes], path: str) -> tuple[Entity, 'Parser']:
        tree = read_yaml(text, path)
        if not isinstance(tree, Mapping) or len(tree) != 1:
            raise FrontendError(path, 1, 'a YAML launch file is a mapping with one key, its root tag (launch)')
        (tag, body), = tree.items()
        return Entity(body, str(tag), path, tree.key_lines[tag]), cls()

    @classmethod
    def get_file_extensions(cls) -> set[str]:
        return {'launch.yaml', 'launch.yml', 'yaml', 'yml', 'launch'}
