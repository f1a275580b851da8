"""`FrontendLaunchDescriptionSource`: an XML or YAML launch file, through `launch.frontend.Parser`.

The parser is upstream's shape: `Parser.load(file)` gives `(entity, parser)`, and
`parser.parse_description(entity)` the `LaunchDescription`.
"""

from typing import Any, Optional

from ..launch_description_source import LaunchDescriptionSource


def _default_parser() -> Any:
    from ..frontend import Parser

    return Parser


class FrontendLaunchDescriptionSource(LaunchDescriptionSource):
    def __init__(self, launch_file_path: Any, *, method: str = 'interpreted frontend launch file', parser: Optional[Any] = None) -> None:
        super().__init__(None, launch_file_path, method)
        self._parser = parser

    def _get_launch_description(self, location: str) -> Any:
        parser = self._parser if self._parser is not None else _default_parser()
        root_entity, entity_parser = parser.load(location)
        return entity_parser.parse_description(root_entity)
