"""`launch_ros.event_handlers`."""

from .on_state_transition import OnStateTransition

__all__ = ['OnStateTransition']
