"""gazebo_ros's gzclient.launch.py as rclsim provides it: its arguments, and `gzclient` with them.

rclsim's world has no GUI: the process is one line (docs/world.md "Classic gazebo_ros").
"""

from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, ExecuteProcess, OpaqueFunction
from launch.substitutions import LaunchConfiguration


def _gzclient(context):
    def flag(name):
        return [f"--{name}"] if LaunchConfiguration(name).perform(context) == "true" else []

    extra = LaunchConfiguration("extra_gazebo_args").perform(context).split()
    return [ExecuteProcess(cmd=["gzclient", *flag("version"), *flag("verbose"), *flag("help"), *extra], output="screen")]


def generate_launch_description():
    return LaunchDescription(
        [
            DeclareLaunchArgument("version", default_value="false", description='Set "true" to output version information'),
            DeclareLaunchArgument("verbose", default_value="false", description='Set "true" to increase messages written to terminal'),
            DeclareLaunchArgument("help", default_value="false", description='Set "true" to produce gzclient help message'),
            DeclareLaunchArgument("extra_gazebo_args", default_value="", description="Extra arguments to be passed to Gazebo"),
            DeclareLaunchArgument("gdb", default_value="false", description='Set "true" to run gzserver with gdb'),
            DeclareLaunchArgument("valgrind", default_value="false", description='Set "true" to run gzserver with valgrind'),
            DeclareLaunchArgument("gui_required", default_value="false", description='Set "true" to shut down launch script when GUI is terminated'),
            OpaqueFunction(function=_gzclient),
        ]
    )
