"""ros_gz_sim's gz_server.launch.py as rclsim provides it: the gzserver node with its world."""

from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node


def generate_launch_description():
    return LaunchDescription(
        [
            DeclareLaunchArgument("world_sdf_file", default_value="", description="Path to the SDF world file"),
            DeclareLaunchArgument("world_sdf_string", default_value="", description="SDF world string"),
            DeclareLaunchArgument("container_name", default_value="ros_gz_container", description="Name of container that nodes will load in if use composition"),
            DeclareLaunchArgument("create_own_container", default_value="False", description="Whether we should start our own ROS container when using composition."),
            DeclareLaunchArgument("use_composition", default_value="False", description="Use composed bringup if True"),
            Node(
                package="ros_gz_sim",
                executable="gzserver",
                output="screen",
                parameters=[
                    {
                        "world_sdf_file": LaunchConfiguration("world_sdf_file"),
                        "world_sdf_string": LaunchConfiguration("world_sdf_string"),
                    }
                ],
            ),
        ]
    )
