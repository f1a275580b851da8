"""ros_gz_bridge's ros_gz_bridge.launch.py as rclsim provides it: the bridge node with its config."""

from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node


def generate_launch_description():
    return LaunchDescription(
        [
            DeclareLaunchArgument("bridge_name", description="Name of ros_gz_bridge node"),
            DeclareLaunchArgument("config_file", description="YAML config file"),
            DeclareLaunchArgument("container_name", default_value="ros_gz_container", description="Name of container that nodes will load in if use composition"),
            DeclareLaunchArgument("create_own_container", default_value="False", description="Whether we should start a ROS container when using composition."),
            DeclareLaunchArgument("namespace", default_value="", description="Top-level namespace"),
            DeclareLaunchArgument("use_composition", default_value="False", description="Use composed bringup if True"),
            DeclareLaunchArgument("use_respawn", default_value="False", description="Whether to respawn if a node crashes."),
            DeclareLaunchArgument("log_level", default_value="info", description="log level"),
            Node(
                package="ros_gz_bridge",
                executable="bridge_node",
                name=LaunchConfiguration("bridge_name"),
                namespace=LaunchConfiguration("namespace"),
                output="screen",
                parameters=[{"config_file": LaunchConfiguration("config_file")}],
            ),
        ]
    )
