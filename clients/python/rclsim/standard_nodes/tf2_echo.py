"""tf2_ros' tf2_echo, as its tf2_echo.cpp (Jazzy): waits until the source frame can be transformed
into the target frame, then once per period prints the latest transform as C++'s iostreams print it
(fixed, three decimals), or the failure and the frames there are. Its buffer is rclsim's tf2 buffer
core, whose lookups give the C++ one's bits; the rotation's matrix and angles are tf2's Matrix3x3."""

from __future__ import annotations

import math
import random
import re
import sys
import time

import rclpy
from rclpy.node import Node
from rclpy.time import Time
from tf2_py import TransformException
from tf2_py._linear_math import matrix_from_quaternion
from tf2_ros.buffer import Buffer
from tf2_ros.transform_listener import TransformListener

USAGE = (
    "Usage: tf2_echo source_frame target_frame [echo_rate]\n\n"
    "This will echo the transform from the coordinate frame of the source_frame\n"
    "to the coordinate frame of the target_frame. \n"
    "Note: This is the transform to get data from target_frame into the source_frame.\n"
    "Default echo rate is 1 if echo_rate is not given.\n"
)

# What strtof reads at the start of a text (std::stof): decimal or hexadecimal, infinity, NaN.
_C_FLOAT = re.compile(r"\s*[+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)", re.I)


def _stof(text: str) -> tuple[float, int] | None:
    """std::stof: the number and how many characters it took, or None where it throws invalid_argument."""
    match = _C_FLOAT.match(text)
    if match is None:
        return None
    word = match.group(0).strip().lower()
    value = float.fromhex(word) if "0x" in word else float(word)
    return value, match.end()


def _euler_ypr(m: tuple[tuple[float, float, float], ...]) -> tuple[float, float, float]:
    """Matrix3x3::getEulerYPR's first solution (tf2/LinearMath/Matrix3x3.h)."""
    if abs(m[2][0]) >= 1:
        delta = math.atan2(m[2][1], m[2][2])
        pitch = math.pi / 2.0 if m[2][0] < 0 else -math.pi / 2.0
        return 0.0, pitch, delta
    pitch = -math.asin(m[2][0])
    roll = math.atan2(m[2][1] / math.cos(pitch), m[2][2] / math.cos(pitch))
    yaw = math.atan2(m[1][0] / math.cos(pitch), m[0][0] / math.cos(pitch))
    return yaw, pitch, roll


def _fixed(x: float) -> str:
    return f"{x:.3f}"


def _echo(stamp_sec: int, stamp_nanosec: int, t: tuple[float, float, float], q: tuple[float, float, float, float]) -> str:
    m = matrix_from_quaternion(q)
    yaw, pitch, roll = _euler_ypr(m)
    rad_to_deg = 180.0 / math.pi
    lines = [
        f"At time {stamp_sec}.{stamp_nanosec}",
        f"- Translation: [{', '.join(map(_fixed, t))}]",
        f"- Rotation: in Quaternion [{', '.join(map(_fixed, q))}]",
        f"- Rotation: in RPY (radian) [{_fixed(roll)}, {_fixed(pitch)}, {_fixed(yaw)}]",
        f"- Rotation: in RPY (degree) [{_fixed(roll * rad_to_deg)}, {_fixed(pitch * rad_to_deg)}, {_fixed(yaw * rad_to_deg)}]",
        "- Matrix:",
    ]
    lines += ["".join(f" {x:6.3f}" for x in (*m[i], t[i])) for i in range(3)]
    lines.append("".join(f" {x:6.3f}" for x in (0.0, 0.0, 0.0, 1.0)))
    return "\n".join(lines) + "\n"


def listener_node() -> Node:
    """The node tf2_ros' TransformListener makes when given none, `transform_listener_impl_`
    and its address: here 12 hexadecimal digits of the program's seeded stream, as the C++
    client's."""
    return Node(f"transform_listener_impl_{random.getrandbits(48):012x}")


def main() -> int:
    args = rclpy.utilities.remove_ros_args(sys.argv)
    if len(args) == 3:
        rate_hz = 1.0
    elif len(args) == 4:
        read = _stof(args[3])
        if read is None or read[1] != len(args[3]):
            sys.stderr.write(f"Failed to convert rate argument '{args[3]}' to a floating-point number\n")
            return 2 if read is None else 3
        rate_hz = read[0]
    else:
        sys.stdout.write(USAGE)
        return 1
    rclpy.init()
    node = Node("tf2_echo")
    clock = node.get_clock()
    buffer = Buffer()
    TransformListener(buffer, listener_node(), spin_thread=True)
    source_frame, target_frame = args[1], args[2]
    period = 1.0 / rate_hz
    logged: int | None = None
    while rclpy.ok():
        can, why = buffer.can_transform_core(source_frame, target_frame, Time())
        if can:
            break
        # RCLCPP_INFO_THROTTLE on the node's clock, once a second at most.
        now = clock.now().nanoseconds
        if logged is None or now - logged >= 1_000_000_000:
            logged = now
            node.get_logger().info(f"Waiting for transform {source_frame} ->  {target_frame}: {why}")
        time.sleep(period)
    # std::cout is set to fixed with three decimals by the first transform printed.
    fixed = False
    while rclpy.ok():
        try:
            echo = buffer.lookup_transform(source_frame, target_frame, Time())
            fixed = True
            tr, rot = echo.transform.translation, echo.transform.rotation
            sys.stdout.write(_echo(echo.header.stamp.sec, echo.header.stamp.nanosec, (tr.x, tr.y, tr.z), (rot.x, rot.y, rot.z, rot.w)))
        except TransformException as ex:
            seconds = clock.now().nanoseconds / 1e9
            sys.stdout.write(f"Failure at {_fixed(seconds) if fixed else f'{seconds:g}'}\n")
            sys.stdout.write(f"Exception thrown:{ex}\n")
            sys.stdout.write(f"The current list of frames is:\n{buffer.all_frames_as_string()}\n")
        sys.stdout.flush()
        time.sleep(period)
    return 0


if __name__ == "__main__":
    sys.exit(main())
