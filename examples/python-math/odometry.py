# Integrates a unicycle whose speed and turn rate follow math's functions, and publishes the pose
# with float.hex, and hears it: a single different last bit changes the run's fingerprint.
import math

import rclpy
from rclpy.node import Node
from std_msgs.msg import String


class Odometry(Node):
    def __init__(self):
        super().__init__('odometry')
        self.publisher = self.create_publisher(String, 'pose', 10)
        self.create_subscription(String, 'pose', self.on_pose, 10)
        self.heard = 0
        self.x = self.y = self.heading = 0.0
        self.step = 0
        self.create_timer(0.1, self.on_timer)

    def on_timer(self):
        self.step += 1
        t = self.step * 0.1
        speed = 1.5 * (1 - math.exp(-t / 2.7)) + 0.1 * math.log(1 + t)
        turn = 0.4 * math.sin(1.3 * t) * math.cos(0.7 * t) + 0.05 * (t**0.37)
        self.heading = math.atan2(math.sin(self.heading + turn * 0.1), math.cos(self.heading + turn * 0.1))
        self.x += speed * 0.1 * math.cos(self.heading)
        self.y += speed * 0.1 * math.sin(self.heading)
        distance = math.hypot(self.x, self.y)
        self.publisher.publish(String(data=' '.join(v.hex() for v in (self.x, self.y, self.heading, distance))))
        if self.step % 10 == 0:
            self.get_logger().info(f'x={self.x:.6f} y={self.y:.6f} heading={self.heading:.6f}')

    def on_pose(self, msg):
        self.heard += 1


def main():
    rclpy.init()
    node = Odometry()
    try:
        rclpy.spin(node)
    finally:
        node.destroy_node()
        rclpy.try_shutdown()


if __name__ == '__main__':
    main()
