"""`launch.logging.get_logger`: launch files' own loggers, Python's logging under the name 'launch'."""

import logging as _logging
from typing import Optional


def get_logger(name: Optional[str] = None) -> _logging.Logger:
    return _logging.getLogger('launch' if name is None else name)
