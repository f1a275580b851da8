"""gazebo_ros's gazebo.launch.py as rclsim provides it: the server and the GUI, each unless turned off.

Every argument of gzserver.launch.py and gzclient.launch.py passes through (`world:=…`,
`pause:=true`, `verbose:=true` …), as upstream's gazebo.launch.py lets them.
"""

from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, IncludeLaunchDescription
from launch.conditions import IfCondition
from launch.launch_description_sources import PythonLaunchDescriptionSource
from launch.substitutions import LaunchConfiguration, ThisLaunchFileDir


def generate_launch_description():
    return LaunchDescription(
        [
            DeclareLaunchArgument("gui", default_value="true", description='Set to "false" to run headless.'),
            DeclareLaunchArgument("server", default_value="true", description='Set to "false" not to run gzserver.'),
            IncludeLaunchDescription(
                PythonLaunchDescriptionSource([ThisLaunchFileDir(), "/gzserver.launch.py"]),
                condition=IfCondition(LaunchConfiguration("server")),
            ),
            IncludeLaunchDescription(
                PythonLaunchDescriptionSource([ThisLaunchFileDir(), "/gzclient.launch.py"]),
                condition=IfCondition(LaunchConfiguration("gui")),
            ),
        ]
    )
