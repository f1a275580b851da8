"""tf2_ros' tf2_monitor, as its tf2_monitor.cpp (Jazzy): the delay of each transform heard on /tf
and /tf_static (the time it is heard minus its stamp), and with two frames the chain between them
and the age of the latest transform from one to the other, printed every 21 half-second rounds as
C++'s iostreams print doubles (six significant digits). A lookup that fails in its loop ends it as
an exception nothing catches ends a C++ program."""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any

import rclpy
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile
from rclpy.time import Time
from tf2_msgs.msg import TFMessage
from tf2_py import TransformException
from tf2_ros.buffer import Buffer
from tf2_ros.transform_listener import TransformListener

from rclsim.standard_nodes.tf2_echo import listener_node

AUTHORITY = "<no authority available>"
_KEPT = 1000


def _seconds(node: Node) -> float:
    return node.get_clock().now().nanoseconds / 1e9


def _stamp_seconds(stamp: Any) -> float:
    """tf2_ros::timeToSec of a message's stamp."""
    return float(stamp.sec) + float(stamp.nanosec) / 1e9


def _keep(values: list[float], value: float) -> None:
    values.append(value)
    if len(values) > _KEPT:
        del values[0]


def _average_and_max(values: list[float]) -> tuple[float, float]:
    total = 0.0
    largest = 0.0
    for value in values:
        total += value
        largest = max(largest, value)
    return total / len(values), largest


class Monitor:
    def __init__(self, node: Node, frames: tuple[str, str] | None) -> None:
        self.node = node
        self.frames = frames
        self.chain: list[str] = []
        self.delays: dict[str, list[float]] = {}
        self.authority_delays: dict[str, list[float]] = {}
        self.authority_times: dict[str, list[float]] = {}
        self.lock = threading.Lock()
        self.buffer = Buffer(node=node)
        self.listener = TransformListener(self.buffer, listener_node(), spin_thread=True)
        if frames is not None:
            framea, frameb = frames
            logged: int | None = None
            while rclpy.ok():
                can, why = self.buffer.can_transform_core(framea, frameb, Time())
                if can:
                    break
                now = node.get_clock().now().nanoseconds
                if logged is None or now - logged >= 1_000_000_000:
                    logged = now
                    node.get_logger().info(f"Waiting for transform {framea} ->  {frameb}: {why}")
                time.sleep(0.5)
            try:
                self.chain = self.buffer._chain(frameb, Time(), framea, Time(), frameb)
            except TransformException as ex:
                node.get_logger().warning(f"Transform Exception {ex}")
                return
        node.create_subscription(TFMessage, "/tf", self.callback, QoSProfile(depth=100, history=HistoryPolicy.KEEP_LAST))
        static_qos = QoSProfile(depth=100, history=HistoryPolicy.KEEP_LAST, durability=DurabilityPolicy.TRANSIENT_LOCAL)
        node.create_subscription(TFMessage, "/tf_static", self.callback, static_qos)

    def callback(self, message: TFMessage) -> None:
        average_offset = 0.0
        with self.lock:
            for transform in message.transforms:
                offset = _seconds(self.node) - _stamp_seconds(transform.header.stamp)
                average_offset += offset
                _keep(self.delays.setdefault(transform.child_frame_id, []), offset)
            average_offset /= max(1, len(message.transforms))
            _keep(self.authority_delays.setdefault(AUTHORITY, []), average_offset)
            _keep(self.authority_times.setdefault(AUTHORITY, []), _seconds(self.node))

    def frame_info(self, frame: str, delays: list[float]) -> str:
        average, largest = _average_and_max(delays)
        return f"Frame: {frame}, published by {AUTHORITY}, Average Delay: {average:g}, Max Delay: {largest:g}\n"

    def spin(self) -> None:
        max_diff = 0.0
        avg_diff = 0.0
        lowpass = 0.01
        counter = 0
        if self.frames is not None:
            sys.stdout.write(f"Gathering data on {self.frames[0]} -> {self.frames[1]} for 10 seconds...\n")
        else:
            sys.stdout.write("Gathering data on all frames for 10 seconds...\n")
        while rclpy.ok():
            counter += 1
            if self.frames is not None:
                try:
                    latest = self.buffer.lookup_transform(self.frames[0], self.frames[1], Time())
                except TransformException as ex:
                    sys.stdout.flush()
                    sys.stderr.write(f"terminate called after throwing an instance of 'tf2::{type(ex).__name__}'\n  what():  {ex}\n")
                    sys.stderr.flush()
                    os._exit(134)
                diff = _seconds(self.node) - _stamp_seconds(latest.header.stamp)
                avg_diff = lowpass * diff + (1 - lowpass) * avg_diff
                max_diff = max(max_diff, diff)
            time.sleep(0.5)
            if counter > 20:
                counter = 0
                self.report(avg_diff, max_diff)

    def report(self, avg_diff: float, max_diff: float) -> None:
        out = []
        if self.frames is not None:
            out.append(f"\n\n\nRESULTS: for {self.frames[0]} to {self.frames[1]}\n")
            out.append(f"Chain is: {' -> '.join(self.chain)}\n")
            out.append(f"Net delay     avg = {avg_diff:g}: max = {max_diff:g}\n")
        else:
            out.append("\n\n\nRESULTS: for all Frames\n")
        with self.lock:
            out.append("\nFrames:\n")
            # std::map's order: the frames' names sorted.
            for frame in sorted(self.delays):
                if self.frames is None:
                    out.append(self.frame_info(frame, self.delays[frame]))
                else:
                    out += [self.frame_info(frame, self.delays[frame]) for link in self.chain if link == frame]
            sys.stdout.write("".join(out))
            sys.stdout.flush()
            sys.stderr.write("\nAll Broadcasters:\n")
            sys.stderr.flush()
            lines = []
            for authority in sorted(self.authority_delays):
                average, largest = _average_and_max(self.authority_delays[authority])
                times = self.authority_times[authority]
                frequency = len(times) / max(0.00000001, times[-1] - times[0])
                lines.append(f"Node: {authority} {frequency:g} Hz, Average Delay: {average:g} Max Delay: {largest:g}\n")
            sys.stdout.write("".join(lines))
            sys.stdout.flush()


def main() -> int:
    args = rclpy.utilities.remove_ros_args(sys.argv)
    rclpy.init()
    node = Node("tf2_monitor_main")
    if len(args) == 3:
        frames: tuple[str, str] | None = (args[1], args[2])
    elif len(args) == 1:
        frames = None
    else:
        node.get_logger().info("TF_Monitor: usage: tf2_monitor framea frameb")
        return 255
    monitor = Monitor(node, frames)
    spinner = threading.Thread(target=rclpy.spin, args=(node,))
    spinner.start()
    monitor.spin()
    spinner.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
