"""rclpy.service_introspection: whether a service or client publishes its events on
``<service>/_service_event`` (rcl's service introspection), and with what."""

from __future__ import annotations

import json
from enum import IntEnum

from rclpy.qos import QoSProfile
from rclsim import _port


class ServiceIntrospectionState(IntEnum):
    OFF = 0
    METADATA = 1
    CONTENTS = 2


def configure(entity: int, service_event_qos_profile: QoSProfile, introspection_state: ServiceIntrospectionState) -> None:
    """The simulation's service or client ``entity`` publishes its events (or stops) as asked; the
    events carry sim-time stamps, so the clock rclpy takes is not needed."""
    qos = json.loads(service_event_qos_profile.to_json())
    arguments = json.dumps([None, qos, int(introspection_state)])
    _port.entity_op(entity, "configureIntrospection", arguments)
