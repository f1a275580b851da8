# An rclpy talker, as ROS 2's tutorials write one: a timer publishes a counter and logs it.
import rclpy
from rclpy.node import Node
from std_msgs.msg import String


class Talker(Node):
    def __init__(self):
        super().__init__('talker')
        self.publisher = self.create_publisher(String, 'chatter', 10)
        self.period = self.declare_parameter('period', 0.5).value
        self.timer = self.create_timer(self.period, self.on_timer)
        self.count = 0

    def on_timer(self):
        msg = String(data=f'Hello World: {self.count}')
        self.publisher.publish(msg)
        self.get_logger().info(f'Publishing: "{msg.data}"')
        self.count += 1


def main():
    rclpy.init()
    talker = Talker()
    try:
        rclpy.spin(talker)
    finally:
        talker.destroy_node()
        rclpy.try_shutdown()


if __name__ == '__main__':
    main()
