"""`launch.events`."""

from . import matchers
from .shutdown import Shutdown

__all__ = ['Shutdown', 'matchers']
