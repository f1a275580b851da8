"""Parser: reads an XML or YAML launch file and builds its launch description
(upstream: launch/frontend/parser.py).

Which front end reads a file follows its name as upstream's does (`may_parse`); where upstream
finds front ends and tag modules through entry points, rclsim has a fixed set (the Python
client is not installed with pip): launch_xml, launch_yaml, and the tags of launch and
launch_ros. An error in a file is a FrontendError naming the file and line of the element.
"""

from __future__ import annotations

import importlib
import os
from typing import IO, Any, Optional, Union

from .entity import Entity
from .._origin import made_at
from .errors import FrontendError
from .expose import instantiate_action
from .lookup import NotSupportedError
from .parse_substitution import SubstitutionError, parse_if_substitutions, parse_substitution
from .substitution_grammar import unescape

# The modules whose import exposes the tags and substitutions (upstream: the entry point group
# launch.frontend.launch_extension, and launch's own actions' decorators).
_EXTENSIONS = ('launch.frontend.launch_actions', 'launch.frontend.launch_substitutions', 'launch_ros.frontend')

# The front ends by name, sorted as upstream sorts its entry points.
_IMPLEMENTATIONS = (('xml', 'launch_xml'), ('yaml', 'launch_yaml'))


class InvalidFrontendLaunchFileError(FrontendError):
    """A launch file no front end could read."""


def read_source(file: Union[str, os.PathLike, IO[Any]]) -> tuple[str, Union[str, bytes]]:
    """(absolute path, content) of a path or an open file: a file's bytes, so that each format
    reads its own encoding (an XML declaration's, YAML's byte order mark)."""
    if isinstance(file, (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(file))
        with open(path, 'rb') as handle:
            return path, handle.read()
    name = getattr(file, 'name', '')
    return (os.path.abspath(name) if isinstance(name, str) and name else '<stream>'), file.read()


def _attribute_holding(entity: Entity, text: str) -> Optional[tuple[Entity, str]]:
    """The first entity of the subtree, in document order, with an attribute whose value is `text`."""
    for name, value in entity.raw_attributes():
        if value == text or (isinstance(value, list) and text in value):
            return entity, name
    for child in entity.raw_children():
        found = _attribute_holding(child, text)
        if found is not None:
            return found
    return None


class Parser:
    """Builds actions and substitutions from entities; subclasses read a format (`load`)."""

    extensions_loaded = False
    frontend_parsers: Optional[dict[str, type['Parser']]] = None

    @classmethod
    def load_launch_extensions(cls) -> None:
        if not Parser.extensions_loaded:
            Parser.extensions_loaded = True
            for module in _EXTENSIONS:
                importlib.import_module(module)

    @classmethod
    def load_parser_implementations(cls) -> None:
        if Parser.frontend_parsers is None:
            Parser.frontend_parsers = {name: importlib.import_module(module).Parser for name, module in _IMPLEMENTATIONS}

    def parse_action(self, entity: Entity) -> Any:
        """The action the entity builds, marked with the entity's file and line."""
        self.load_launch_extensions()
        try:
            with made_at(entity.file, entity.line):
                return instantiate_action(entity, self)
        except FrontendError:
            raise
        except NotSupportedError as err:
            raise FrontendError(entity.file, entity.line, str(err)) from None
        except SubstitutionError as err:
            found = _attribute_holding(entity, err.text)
            if found is None:
                raise FrontendError(entity.file, entity.line, f'{entity.label()}: {err}') from None
            owner, name = found
            raise FrontendError(owner.file, owner.attribute_line(name), f"{owner.label()} attribute '{name}': {err}") from None
        except Exception as err:
            raise FrontendError(entity.file, entity.line, f'{entity.label()}: {err}') from err

    def parse_substitution(self, value: str) -> list[Any]:
        return parse_substitution(value)

    def parse_if_substitutions(self, value: Any) -> Any:
        return parse_if_substitutions(value)

    def escape_characters(self, value: str) -> str:
        return unescape(value)

    def parse_description(self, entity: Entity) -> Any:
        """The LaunchDescription of a `launch` root entity."""
        from ..launch_description import LaunchDescription

        if entity.type_name != 'launch':
            raise FrontendError(entity.file, entity.line, f"the root is {entity.label()}, where launch is expected")
        deprecated = entity.get_attr('deprecated', optional=True)
        actions = [self.parse_action(child) for child in entity.children]
        return LaunchDescription(actions, deprecated_reason=deprecated)

    @classmethod
    def get_available_extensions(cls) -> list[str]:
        cls.load_parser_implementations()
        assert Parser.frontend_parsers is not None
        return list(Parser.frontend_parsers)

    @classmethod
    def may_parse(cls, filename: str) -> bool:
        return any(filename.endswith('.' + extension) for extension in sorted(cls.get_file_extensions()))

    @classmethod
    def is_filename_valid(cls, filename: str) -> bool:
        return bool(cls.get_parsers_from_filename(filename))

    @classmethod
    def get_parsers_from_filename(cls, filename: str) -> list[type['Parser']]:
        cls.load_parser_implementations()
        assert Parser.frontend_parsers is not None
        return [parser for parser in Parser.frontend_parsers.values() if parser.may_parse(filename)]

    @classmethod
    def get_file_extensions_from_parsers(cls) -> set[str]:
        cls.load_parser_implementations()
        assert Parser.frontend_parsers is not None
        return {extension for parser in Parser.frontend_parsers.values() for extension in parser.get_file_extensions()}

    @classmethod
    def get_file_extensions(cls) -> set[str]:
        return set()

    @classmethod
    def load(cls, file: Union[str, os.PathLike, IO[Any]]) -> tuple[Entity, 'Parser']:
        """
        The root entity of a launch file and the parser of its format. A front end's own Parser
        reads its format only; this one tries the front ends whose extensions the file name has
        first, then the others (upstream's order), and when none reads it, gives the error of
        the first one tried.
        """
        path, text = read_source(file)
        if cls is not Parser:
            return cls.load_text(text, path)
        cls.load_parser_implementations()
        assert Parser.frontend_parsers is not None
        matching = cls.get_parsers_from_filename(path)
        implementations = matching + [p for p in Parser.frontend_parsers.values() if p not in matching]
        errors: list[Exception] = []
        for implementation in implementations:
            try:
                return implementation.load_text(text, path)
            except Exception as err:
                errors.append(err)
        first = errors[0]
        if isinstance(first, FrontendError):
            raise InvalidFrontendLaunchFileError(first.file, first.line, first.message) from first
        raise InvalidFrontendLaunchFileError(path, 1, str(first)) from first

    @classmethod
    def load_text(cls, text: Union[str, bytes], path: str) -> tuple[Entity, 'Parser']:
        """The root entity of `text`, the content of the file at `path` (each front end's own)."""
        raise NotImplementedError()
