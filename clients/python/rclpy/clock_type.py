"""rcl's clock types, with rcl's values."""

from enum import IntEnum


class ClockType(IntEnum):
    UNINITIALIZED = 0
    ROS_TIME = 1
    SYSTEM_TIME = 2
    STEADY_TIME = 3
