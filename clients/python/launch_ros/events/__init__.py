"""`launch_ros.events`."""

from . import lifecycle

__all__ = ['lifecycle']
