"""`launch.event_handlers`."""

from .on_process import OnExecutionComplete, OnProcessExit, OnProcessIO, OnProcessStart
from .on_shutdown import OnShutdown

__all__ = ['OnExecutionComplete', 'OnProcessExit', 'OnProcessIO', 'OnProcessStart', 'OnShutdown']
