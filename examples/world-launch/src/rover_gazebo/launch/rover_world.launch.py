"""The rover in the warehouse, as a Jazzy robot's simulation launch file starts it.

Gazebo's server with the world (ros_gz_sim's gz_sim.launch.py), its GUI, robot_state_publisher
with the rover's URDF, `create` spawning the rover from /robot_description, the bridge of its
topics, and the obstacle-avoiding driver.
"""

import os

from ament_index_python.packages import get_package_share_directory
from launch.actions import (
    AppendEnvironmentVariable,
    DeclareLaunchArgument,
    IncludeLaunchDescription,
)
from launch.launch_description_sources import PythonLaunchDescriptionSource
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node

from launch import LaunchDescription


def generate_launch_description():
    share = get_package_share_directory('rover_gazebo')
    gz_launch = os.path.join(get_package_share_directory('ros_gz_sim'), 'launch', 'gz_sim.launch.py')
    world = os.path.join(share, 'worlds', 'warehouse.sdf')
    with open(os.path.join(share, 'urdf', 'rover.urdf')) as urdf:
        robot_description = urdf.read()
    x_pose = LaunchConfiguration('x_pose')
    y_pose = LaunchConfiguration('y_pose')

    return LaunchDescription([
        DeclareLaunchArgument('x_pose', default_value='-3.0', description='Where the rover starts (x)'),
        DeclareLaunchArgument('y_pose', default_value='0.0', description='Where the rover starts (y)'),
        AppendEnvironmentVariable('GZ_SIM_RESOURCE_PATH', os.path.join(share, 'models')),
        IncludeLaunchDescription(
            PythonLaunchDescriptionSource(gz_launch),
            launch_arguments={'gz_args': ['-r -s -v2 ', world], 'on_exit_shutdown': 'true'}.items(),
        ),
        IncludeLaunchDescription(
            PythonLaunchDescriptionSource(gz_launch),
            launch_arguments={'gz_args': '-g -v2 ', 'on_exit_shutdown': 'true'}.items(),
        ),
        Node(
            package='robot_state_publisher',
            executable='robot_state_publisher',
            parameters=[{'use_sim_time': True, 'robot_description': robot_description}],
            output='screen',
        ),
        Node(
            package='ros_gz_sim',
            executable='create',
            arguments=['-name', 'rover', '-topic', 'robot_description', '-x', x_pose, '-y', y_pose, '-z', '0.0'],
            output='screen',
        ),
        Node(
            package='ros_gz_bridge',
            executable='parameter_bridge',
            parameters=[{'config_file': os.path.join(share, 'params', 'rover_bridge.yaml')}],
            output='screen',
        ),
        Node(package='rover_gazebo', executable='avoid', parameters=[{'use_sim_time': True}], output='screen'),
    ])
