"""`launch.events`."""

from . import matchers
from .matchers import matches_action
from .shutdown import Shutdown

__all__ = ['Shutdown', 'matchers', 'matches_action']
