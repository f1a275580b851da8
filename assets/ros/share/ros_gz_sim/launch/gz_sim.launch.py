"""ros_gz_sim's gz_sim.launch.py as rclsim provides it: its arguments, and `gz sim` with them.

rclsim runs the world the arguments name (docs/world.md "Launch files"); what a GUI would show
(`-g`) is left out with one line.
"""

from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, ExecuteProcess, OpaqueFunction
from launch.substitutions import LaunchConfiguration


def _gazebo(context):
    gz_args = LaunchConfiguration("gz_args").perform(context)
    ign_args = LaunchConfiguration("ign_args").perform(context)
    version = LaunchConfiguration("gz_version").perform(context)
    return [
        ExecuteProcess(
            cmd=["gz", "sim", gz_args if gz_args != "" else ign_args, "--force-version", version],
            name="gazebo",
            shell=True,
            output="screen",
        )
    ]


def generate_launch_description():
    return LaunchDescription(
        [
            DeclareLaunchArgument("gz_args", default_value="", description="Arguments to be passed to Gazebo Sim"),
            DeclareLaunchArgument("gz_version", default_value="8", description="Gazebo Sim's major version"),
            DeclareLaunchArgument("ign_args", default_value="", description="Deprecated: Arguments to be passed to Gazebo Sim"),
            DeclareLaunchArgument("ign_version", default_value="", description="Deprecated: Gazebo Sim's major version"),
            DeclareLaunchArgument("debugger", default_value="false", description="Run in Debugger"),
            DeclareLaunchArgument("on_exit_shutdown", default_value="false", description="Shutdown on gz-sim exit"),
            OpaqueFunction(function=_gazebo),
        ]
    )
