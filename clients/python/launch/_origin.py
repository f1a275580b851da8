"""Where an action was made: the launch file and line the plan gives for it (docs/launch-plan.md).

For a Python launch file that is the innermost frame outside the Python client (the user's
code that constructed the action); a front end (XML, YAML) names the element's line instead
with `made_at`, around the constructors it calls.
"""

import os
import sys
from contextlib import contextmanager
from typing import Iterator

# clients/python/: launch, launch_ros, launch_xml, launch_yaml, rclsim, ament_index_python.
_CLIENT = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_forced: list[tuple[str, int]] = []


def is_client_file(path: str) -> bool:
    """Whether a frame in `path` is the client's (or Python's own, `<frozen …>`), not a user's."""
    return path.startswith(_CLIENT) or path.startswith('<')


def caller_origin() -> tuple[str, int]:
    """The (file, line) of the innermost user frame on the stack, or the front end's element."""
    if _forced:
        return _forced[-1]
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if not is_client_file(name):
            return os.path.abspath(name), frame.f_lineno
        frame = frame.f_back
    return '', 0


@contextmanager
def made_at(file: str, line: int) -> Iterator[None]:
    """Actions (and composable nodes) constructed inside are said to be made at `file:line`."""
    _forced.append((os.path.abspath(file), line))
    try:
        yield
    finally:
        _forced.pop()
