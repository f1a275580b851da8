"""`xacro.load_yaml(file)`: a YAML file, relative to the file being read, whose mappings also
answer dotted access (`${cfg.arm.length}`), with the unit tags xacro knows (`!degrees 90` is
pi/2; `!radians`, `!meters`, `!millimeters`, `!foot`, `!inches`), each a safe expression."""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Iterator

from ._errors import XacroException
from ._location import abs_filename_spec
from ._state import pop_file, push_file, state


class YamlListWrapper(list):  # type: ignore[type-arg]
    """A YAML list whose items are wrapped when taken."""

    @staticmethod
    def wrap(item: Any) -> Any:
        if isinstance(item, dict):
            return YamlDictWrapper(item)
        if isinstance(item, list):
            return YamlListWrapper(item)
        return item

    def __getitem__(self, index: Any) -> Any:
        return YamlListWrapper.wrap(super().__getitem__(index))

    def __iter__(self) -> Iterator[Any]:
        return (YamlListWrapper.wrap(item) for item in super().__iter__())


class YamlDictWrapper(dict):  # type: ignore[type-arg]
    """A mapping whose keys are attributes too (`xacro.dotify`); a missing one is an AttributeError, so hasattr() works."""

    def __getattr__(self, key: str) -> Any:
        try:
            return YamlListWrapper.wrap(super().__getitem__(key))
        except KeyError:
            raise AttributeError(f"The yaml dictionary has no key '{key}'") from None

    __getitem__ = __getattr__


# Each unit tag: its expression's value into radians or meters.
_UNITS: dict[str, Callable[[float], float]] = {
    '!radians': float,
    '!degrees': math.radians,
    '!meters': float,
    '!millimeters': lambda value: value / 1000.0,
    '!foot': lambda value: value * 0.3048,
    '!inches': lambda value: value * 0.0254,
}


@functools.cache
def _loader() -> Any:
    import yaml

    class Loader(yaml.SafeLoader):
        """SafeLoader with the unit tags, kept off PyYAML's own SafeLoader (which launch_ros uses)."""

    for tag, convert in _UNITS.items():
        Loader.add_constructor(tag, lambda loader, node, convert=convert: convert(_value(loader.construct_scalar(node))))
    return Loader


def _value(expression: str) -> float:
    from ._global_symbols import global_symbols
    from ._safe_eval import safe_eval

    try:
        return float(safe_eval(expression, global_symbols()))
    except SyntaxError:
        raise XacroException(f'invalid expression: {expression}') from None


def load_yaml(filename: str) -> Any:
    try:
        import yaml
    except ImportError:
        raise XacroException('yaml support not available; install python-yaml') from None
    path = abs_filename_spec(filename)
    with open(path, encoding='utf-8') as file:
        push_file(path)
        try:
            return YamlListWrapper.wrap(yaml.load(file, Loader=_loader()))
        finally:
            pop_file()
            state.dependencies.append(path)
