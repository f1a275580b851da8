"""rclsim's `launch_ros`: ros2/launch_ros's API (Jazzy) over rclsim's `launch` (docs/launch-plan.md)."""

from . import actions, descriptions, event_handlers, events, parameter_descriptions, substitutions, utilities

__all__ = ['actions', 'descriptions', 'event_handlers', 'events', 'parameter_descriptions', 'substitutions', 'utilities']
