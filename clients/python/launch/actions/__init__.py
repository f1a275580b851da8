"""`launch.actions`."""

from .declare_launch_argument import DeclareLaunchArgument
from .emit_event import EmitEvent, Shutdown
from .environment_variables import AppendEnvironmentVariable, SetEnvironmentVariable, UnsetEnvironmentVariable
from .execute_process import ExecuteProcess
from .group_action import GroupAction
from .include_launch_description import IncludeLaunchDescription
from .log_info import LogInfo
from .opaque_function import OpaqueFunction
from .register_event_handler import RegisterEventHandler
from .scope import PopEnvironment, PopLaunchConfigurations, PushEnvironment, PushLaunchConfigurations, ResetEnvironment, ResetLaunchConfigurations
from .set_launch_configuration import SetLaunchConfiguration, UnsetLaunchConfiguration
from .timer_action import TimerAction

__all__ = [
    'AppendEnvironmentVariable',
    'DeclareLaunchArgument',
    'EmitEvent',
    'ExecuteProcess',
    'GroupAction',
    'IncludeLaunchDescription',
    'LogInfo',
    'OpaqueFunction',
    'PopEnvironment',
    'PopLaunchConfigurations',
    'PushEnvironment',
    'PushLaunchConfigurations',
    'RegisterEventHandler',
    'ResetEnvironment',
    'ResetLaunchConfigurations',
    'SetEnvironmentVariable',
    'SetLaunchConfiguration',
    'Shutdown',
    'TimerAction',
    'UnsetEnvironmentVariable',
    'UnsetLaunchConfiguration',
]
