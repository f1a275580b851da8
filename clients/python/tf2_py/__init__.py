"""tf2_py: tf2's buffer core and exceptions (upstream a C++ extension, here pure Python with the
same rules and the same bits; docs/tf2.md "Python")."""

from tf2_py._buffer_core import BufferCore
from tf2_py._exceptions import (
    ConnectivityException,
    ExtrapolationException,
    InvalidArgumentException,
    LookupException,
    TimeoutException,
    TransformException,
)

__all__ = [
    "BufferCore",
    "ConnectivityException",
    "ExtrapolationException",
    "InvalidArgumentException",
    "LookupException",
    "TimeoutException",
    "TransformException",
]
