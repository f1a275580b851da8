# rslcpp's synthetic determinism benchmark (docs/design.md#conformance) as rclpy nodes, in one
# program: NodeA, NodeB, NodeC, NodeD and the Monitor, constructed in that order and spun by one
# executor. Each callback folds its id, the sim time and its input into its node's state; the
# final states and their combined hash are the job's results.
import rclpy
import rclsim
from rclpy.node import Node
from std_msgs.msg import UInt64
from std_srvs.srv import Trigger

MASK = (1 << 64) - 1


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def hc(h1, h2):
    k = 0x9DDFEA08EB382D69
    a = ((h1 ^ h2) * k) & MASK
    a ^= a >> 47
    b = ((h2 ^ a) * k) & MASK
    b ^= b >> 47
    return splitmix64((b * k) & MASK)


class BenchmarkNode(Node):
    def __init__(self, name, state):
        super().__init__(name)
        self.state = state

    def now(self):
        return self.get_clock().now().nanoseconds

    def timer_update(self, callback_id):
        self.state = hc(hc(self.state, callback_id), self.now())

    def message_update(self, callback_id, data):
        self.state = hc(hc(hc(self.state, callback_id), self.now()), data)

    def state_message(self):
        return UInt64(data=self.state)


class NodeA(BenchmarkNode):
    def __init__(self):
        super().__init__('NodeA', 55272744)
        t1 = self.create_publisher(UInt64, 't1', 1)
        t2 = self.create_publisher(UInt64, 't2', 1)

        def on_t1_timer():
            self.timer_update(11162456753)
            t1.publish(self.state_message())

        def on_t2_timer():
            self.timer_update(11151784617)
            t2.publish(self.state_message())

        self.create_timer(0.1, on_t1_timer)
        self.create_timer(0.05, on_t2_timer)
        self.create_subscription(UInt64, 't5', lambda msg: self.message_update(22255799981, msg.data), 1)


class NodeB(BenchmarkNode):
    def __init__(self):
        super().__init__('NodeB', 34983402)
        t3 = self.create_publisher(UInt64, 't3', 1)
        t5 = self.create_publisher(UInt64, 't5', 1)

        def on_t2(msg):
            self.message_update(22229447589, msg.data)
            t3.publish(self.state_message())

        def on_timer():
            self.timer_update(11111071799)
            t5.publish(self.state_message())

        self.create_subscription(UInt64, 't2', on_t2, 1)
        self.create_timer(0.04, on_timer)


class NodeC(BenchmarkNode):
    def __init__(self):
        super().__init__('NodeC', 87997653)
        t4 = self.create_publisher(UInt64, 't4', 1)
        s1 = self.create_client(Trigger, 's1')

        def on_t1(msg):
            self.message_update(22295316797, msg.data)
            s1.call_async(Trigger.Request()).add_done_callback(lambda future: self.message_update(44442759714, int(future.result().message)))

        def on_t3(msg):
            self.message_update(22227118361, msg.data)
            t4.publish(self.state_message())

        self.create_subscription(UInt64, 't1', on_t1, 1)
        self.create_subscription(UInt64, 't3', on_t3, 1)


class NodeD(BenchmarkNode):
    def __init__(self):
        super().__init__('NodeD', 11380831)
        t5 = self.create_publisher(UInt64, 't5', 1)

        def on_t4(msg):
            self.message_update(2227672095, msg.data)
            t5.publish(self.state_message())

        def on_request(request, response):
            self.timer_update(33396054244)
            response.success = True
            response.message = str(self.state)
            return response

        self.create_subscription(UInt64, 't4', on_t4, 1)
        self.create_service(Trigger, 's1', on_request)


class Monitor(Node):
    """Finishes the job timeout_s seconds of sim time after its timer first fired."""

    def __init__(self):
        super().__init__('Monitor')
        self.timeout_ns = int(self.declare_parameter('timeout_s', 100.0).value * 1e9)
        self.start = None
        self.create_timer(1.0, self.on_timer)

    def on_timer(self):
        now = self.get_clock().now().nanoseconds
        if self.start is None:
            self.start = now
        if now - self.start >= self.timeout_ns:
            rclsim.finish(0)


def main():
    rclpy.init()
    nodes = [NodeA(), NodeB(), NodeC(), NodeD()]
    monitor = Monitor()

    def results():
        combined = 505510631
        for node in nodes:
            rclsim.set_result(node.get_name(), node.state)
            combined = hc(combined, node.state)
        rclsim.set_result('combined', combined)

    rclsim.on_end(results)
    executor = rclpy.executors.SingleThreadedExecutor()
    for node in [*nodes, monitor]:
        executor.add_node(node)
    executor.spin()


if __name__ == '__main__':
    main()
