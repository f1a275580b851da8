"""ros_gz_sim's gz_spawn_model.launch.py as rclsim provides it: create, with its parameters."""

from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node

ARGUMENTS = [
    ("world", "", "World name"),
    ("file", "", "SDF filename"),
    ("model_string", "", "XML(SDF) string"),
    ("topic", "", "Get XML from this topic"),
    ("entity_name", "", "Name of the entity"),
    ("allow_renaming", "False", "Whether the entity allows renaming or not"),
    ("x", "0.0", "X coordinate"),
    ("y", "0.0", "Y coordinate"),
    ("z", "0.0", "Z coordinate"),
    ("R", "0.0", "Roll orientation"),
    ("P", "0.0", "Pitch orientation"),
    ("Y", "0.0", "Yaw orientation"),
]


def generate_launch_description():
    parameters = {name: LaunchConfiguration(name) for name, _, _ in ARGUMENTS if name not in ("model_string", "entity_name")}
    parameters["string"] = LaunchConfiguration("model_string")
    parameters["name"] = LaunchConfiguration("entity_name")
    return LaunchDescription(
        [DeclareLaunchArgument(name, default_value=default, description=description) for name, default, description in ARGUMENTS]
        + [Node(package="ros_gz_sim", executable="create", output="screen", parameters=[parameters])]
    )
