# An rclpy listener: logs each message with the delay it took (publisher's stamp to now).
import rclpy
from rclpy.node import Node
from std_msgs.msg import String


class Listener(Node):
    def __init__(self):
        super().__init__('listener')
        self.create_subscription(String, 'chatter', self.on_message, 10)

    def on_message(self, msg, info):
        delay_ms = (info['received_timestamp'] - info['source_timestamp']) / 1e6
        self.get_logger().info(f'I heard: "{msg.data}" ({delay_ms:.0f} ms after it was sent)')


def main():
    rclpy.init()
    rclpy.spin(Listener())


if __name__ == '__main__':
    main()
