# The operator's monitor, in Python: reads the tracking error the arm's tracking node sums up ten
# times a second, logs it once a second, and says at the end how far the arm ever was from its
# trajectory (the run's results); a window past `max_error` fails the run's assertion.
import rclpy
import rclsim
from rclpy.node import Node
from std_msgs.msg import Float64MultiArray


class Monitor(Node):
    def __init__(self):
        super().__init__('monitor')
        self.limit = self.declare_parameter('max_error', 0.01).value
        self.windows = 0
        self.worst = 0.0
        self.rms_sum = 0.0
        self.create_subscription(Float64MultiArray, '/tracking/summary', self.on_summary, 10)
        rclsim.on_end(self.on_end)

    def on_summary(self, msg):
        rms, largest = msg.data[0], msg.data[1]
        self.windows += 1
        self.rms_sum += rms
        self.worst = max(self.worst, largest)
        rclsim.always(largest <= self.limit, 'tracking error within max_error', {'max_error': largest})
        if self.windows % 10 == 0:
            self.get_logger().info(f'tracking error rms {rms * 1e3:.3f} mrad, max {largest * 1e3:.3f} mrad')

    def on_end(self):
        rclsim.set_result('windows', self.windows)
        rclsim.set_result('mean_rms_error_rad', round(self.rms_sum / max(self.windows, 1), 9))
        rclsim.set_result('max_error_rad', round(self.worst, 9))


def main():
    rclpy.init()
    rclpy.spin(Monitor())


if __name__ == '__main__':
    main()
