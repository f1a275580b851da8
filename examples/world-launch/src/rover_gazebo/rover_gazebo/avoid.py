"""Drives forward and turns away from what its lidar sees ahead, as turtlebot3_drive does."""

import math

import rclpy
from geometry_msgs.msg import Twist
from rclpy.node import Node
from sensor_msgs.msg import LaserScan


class Avoid(Node):
    def __init__(self):
        super().__init__('avoid')
        self.declare_parameter('speed', 0.3)
        self.declare_parameter('turn_speed', 1.0)
        self.declare_parameter('clearance', 0.6)
        self._cmd = self.create_publisher(Twist, 'cmd_vel', 10)
        self.create_subscription(LaserScan, 'scan', self._on_scan, 10)
        self._turning = 0.0
        self.get_logger().info('avoid: driving')

    def _sector(self, scan, low, high):
        """The nearest range between two bearings (radians), ignoring what the lidar cannot tell."""
        nearest = math.inf
        for i, r in enumerate(scan.ranges):
            bearing = scan.angle_min + i * scan.angle_increment
            if low <= bearing <= high and scan.range_min <= r <= scan.range_max:
                nearest = min(nearest, r)
        return nearest

    def _on_scan(self, scan):
        speed = self.get_parameter('speed').value
        turn = self.get_parameter('turn_speed').value
        clearance = self.get_parameter('clearance').value
        ahead = self._sector(scan, -0.5, 0.5)
        cmd = Twist()
        if ahead > clearance:
            self._turning = 0.0
            cmd.linear.x = speed
        else:
            # Turn towards the side with more room, and keep turning that way until clear.
            if self._turning == 0.0:
                left = self._sector(scan, 0.5, 1.6)
                right = self._sector(scan, -1.6, -0.5)
                self._turning = turn if left >= right else -turn
            cmd.angular.z = self._turning
        self._cmd.publish(cmd)


def main():
    rclpy.init()
    node = Avoid()
    try:
        rclpy.spin(node)
    except KeyboardInterrupt:
        pass
    node.destroy_node()
    rclpy.try_shutdown()


if __name__ == '__main__':
    main()
