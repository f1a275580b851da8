"""ros_gz_sim's ros_gz_sim.launch.py as rclsim provides it: gz_server and ros_gz_bridge together."""

import os

from ament_index_python.packages import get_package_share_directory
from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, IncludeLaunchDescription
from launch.launch_description_sources import PythonLaunchDescriptionSource
from launch.substitutions import LaunchConfiguration


def generate_launch_description():
    sim = os.path.join(get_package_share_directory("ros_gz_sim"), "launch")
    bridge = os.path.join(get_package_share_directory("ros_gz_bridge"), "launch")
    return LaunchDescription(
        [
            DeclareLaunchArgument(name, default_value=default)
            for name, default in [
                ("container_name", "ros_gz_container"),
                ("create_own_container", "False"),
                ("namespace", ""),
                ("use_composition", "False"),
                ("use_respawn", "False"),
                ("bridge_log_level", "info"),
                ("world_sdf_file", ""),
                ("world_sdf_string", ""),
            ]
        ]
        + [DeclareLaunchArgument("bridge_name"), DeclareLaunchArgument("config_file")]
        + [
            IncludeLaunchDescription(
                PythonLaunchDescriptionSource(os.path.join(sim, "gz_server.launch.py")),
                launch_arguments={
                    name: LaunchConfiguration(name) for name in ("world_sdf_file", "world_sdf_string", "container_name", "create_own_container", "use_composition")
                }.items(),
            ),
            IncludeLaunchDescription(
                PythonLaunchDescriptionSource(os.path.join(bridge, "ros_gz_bridge.launch.py")),
                launch_arguments={
                    name: LaunchConfiguration(name)
                    for name in ("bridge_name", "config_file", "container_name", "create_own_container", "namespace", "use_composition", "use_respawn")
                }.items(),
            ),
        ]
    )
