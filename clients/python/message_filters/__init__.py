"""message_filters as ROS 2 Jazzy has it (ros2/message_filters, src/message_filters/__init__.py):
filters that pass messages on to registered callbacks — a subscription's, a cache of the last
messages by stamp, and synchronizers of several inputs by their headers' stamps (exactly, or
within a slop by upstream's Python search, which differs from the C++ policy's)."""

from .cache import Cache
from .simple_filter import SimpleFilter
from .subscriber import Subscriber
from .synchronizers import ApproximateTimeSynchronizer, TimeSynchronizer

__all__ = ["ApproximateTimeSynchronizer", "Cache", "SimpleFilter", "Subscriber", "TimeSynchronizer"]
