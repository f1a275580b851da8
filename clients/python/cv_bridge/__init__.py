"""cv_bridge for Python (ros-perception/vision_opencv): images as numpy arrays (docs/tf2.md "Python")."""

from cv_bridge.core import CvBridge, CvBridgeError

__all__ = ["CvBridge", "CvBridgeError"]
