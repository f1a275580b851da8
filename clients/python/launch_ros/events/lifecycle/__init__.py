"""`launch_ros.events.lifecycle`."""

from .change_state import ChangeState

__all__ = ['ChangeState']
