# turtlesim's own launch file, where Jazzy's turtlesim installs it (ros/ros_tutorials:
# turtlesim/launch/multisim.launch.py, installed by its CMakeLists' install(DIRECTORY launch …)),
# which `ros2 launch turtlesim multisim.launch.py` of the "Launching nodes" tutorial runs: a
# turtlesim_node in each of two namespaces, its output on the screen.
from launch_ros.actions import Node

from launch import LaunchDescription


def generate_launch_description():
    return LaunchDescription([
        Node(package='turtlesim', namespace=namespace, executable='turtlesim_node', output='screen')
        for namespace in ('turtlesim1', 'turtlesim2')
    ])
