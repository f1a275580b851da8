# The launch file of ROS 2 Jazzy's "Creating a launch file" tutorial: two turtlesims in their own
# namespaces and mimic, which makes the second turtle repeat what the first does. The tutorial then
# drives the first turtle from another terminal (ros2 topic pub -r 1 …); here the launch file does it.
from launch.actions import ExecuteProcess
from launch_ros.actions import Node

from launch import LaunchDescription


def generate_launch_description():
    return LaunchDescription([
        Node(package='turtlesim', namespace='turtlesim1', executable='turtlesim_node', name='sim'),
        Node(package='turtlesim', namespace='turtlesim2', executable='turtlesim_node', name='sim'),
        Node(
            package='turtlesim',
            executable='mimic',
            name='mimic',
            remappings=[
                ('/input/pose', '/turtlesim1/turtle1/pose'),
                ('/output/cmd_vel', '/turtlesim2/turtle1/cmd_vel'),
            ],
        ),
        ExecuteProcess(
            cmd=['ros2', 'topic', 'pub', '-r', '1', '/turtlesim1/turtle1/cmd_vel', 'geometry_msgs/msg/Twist',
                 '{linear: {x: 2.0}, angular: {z: -1.8}}'],
        ),
    ])
