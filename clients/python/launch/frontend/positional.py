"""Exposing a substitution whose `$(name a b …)` arguments are its constructor's keywords in
order (most of them: upstream's `parse` classmethods of launch/substitutions/*.py and
launch_ros/substitutions/*.py do only that, with a check of how many arguments there are)."""

from __future__ import annotations

from typing import Any

from .expose import expose_substitution
from .lookup import class_named


def expose_positional(name: str, module: str, class_name: str, keywords: tuple[str, ...], required: int) -> None:
    """`$(name …)` builds `module.class_name` with the first `required` of `keywords`, and as
    many of the others as are given. The class is looked up when a file uses it."""

    def parse(args: list[Any]) -> tuple[Any, dict[str, Any]]:
        if not required <= len(args) <= len(keywords):
            wanted = str(required) if required == len(keywords) else f'{required} to {len(keywords)}'
            raise TypeError(f'$({name}) takes {wanted} argument{"" if wanted == "1" else "s"}, got {len(args)}')
        return class_named(module, class_name, f'$({name})'), dict(zip(keywords, args))

    parse.__qualname__ = parse.__name__ = f'parse_{name}'
    expose_substitution(name)(parse)
