"""rclpy.qos: QoS profiles, their policies (with rmw's values) and the presets."""

from __future__ import annotations

import json
import warnings
from enum import Enum, IntEnum
from typing import Any

# rclpy's qos module has the compatibility check too.
from rclpy._qos_compatibility import QoSCompatibility, qos_check_compatible  # noqa: F401
from rclpy.duration import Duration


class QoSPolicyEnum(IntEnum):
    """A policy's values, with the lower-case short names tools and parameters spell them with."""

    @classmethod
    def short_keys(cls) -> list[str]:
        return [name.lower() for name in cls.__members__]

    @classmethod
    def get_from_short_key(cls, name: str) -> int:
        return cls[name.upper()].value

    @property
    def short_key(self) -> str:
        return self.name.lower()


class HistoryPolicy(QoSPolicyEnum):
    SYSTEM_DEFAULT = 0
    KEEP_LAST = 1
    KEEP_ALL = 2
    UNKNOWN = 3


class ReliabilityPolicy(QoSPolicyEnum):
    SYSTEM_DEFAULT = 0
    RELIABLE = 1
    BEST_EFFORT = 2
    UNKNOWN = 3
    BEST_AVAILABLE = 4


class DurabilityPolicy(QoSPolicyEnum):
    SYSTEM_DEFAULT = 0
    TRANSIENT_LOCAL = 1
    VOLATILE = 2
    UNKNOWN = 3
    BEST_AVAILABLE = 4


class LivelinessPolicy(QoSPolicyEnum):
    SYSTEM_DEFAULT = 0
    AUTOMATIC = 1
    MANUAL_BY_TOPIC = 3
    UNKNOWN = 4
    BEST_AVAILABLE = 5


class QoSPolicyKind(IntEnum):
    """rmw's QoS policy kinds (rmw_qos_policy_kind_e), as an incompatible-QoS status names them."""

    INVALID = 1 << 0
    DURABILITY = 1 << 1
    DEADLINE = 1 << 2
    LIVELINESS = 1 << 3
    RELIABILITY = 1 << 4
    HISTORY = 1 << 5
    LIFESPAN = 1 << 6
    DEPTH = 1 << 7
    LIVELINESS_LEASE_DURATION = 1 << 8
    AVOID_ROS_NAMESPACE_CONVENTIONS = 1 << 9


def qos_policy_name_from_kind(policy_kind: QoSPolicyKind | int) -> str:
    """rmw's name of a policy kind (``DURABILITY_QOS_POLICY`` …), as rclpy's default event callbacks log it."""
    return f"{QoSPolicyKind(policy_kind).name}_QOS_POLICY"


# rclpy's older names.
QoSHistoryPolicy = HistoryPolicy
QoSReliabilityPolicy = ReliabilityPolicy
QoSDurabilityPolicy = DurabilityPolicy
QoSLivelinessPolicy = LivelinessPolicy


class InvalidQoSProfileException(Exception):
    """A profile made with too few settings to mean anything."""

    def __init__(self, *args: Any) -> None:
        super().__init__("Invalid QoSProfile", *args)


class QoSProfile:
    __slots__ = [
        "_history",
        "_depth",
        "_reliability",
        "_durability",
        "_lifespan",
        "_deadline",
        "_liveliness",
        "_liveliness_lease_duration",
        "_avoid_ros_namespace_conventions",
    ]

    def __init__(self, **kwargs: Any) -> None:
        if "history" not in kwargs:
            if "depth" not in kwargs:
                raise InvalidQoSProfileException("History and/or depth settings are required.")
            kwargs["history"] = HistoryPolicy.KEEP_LAST
        self.history = kwargs["history"]
        if self._history == HistoryPolicy.KEEP_LAST and "depth" not in kwargs:
            raise InvalidQoSProfileException("History set to KEEP_LAST without a depth setting.")
        # rmw's default profile's depth, as rclpy takes it (it matters to SYSTEM_DEFAULT history).
        self.depth = kwargs.get("depth", 10)
        self.reliability = kwargs.get("reliability", ReliabilityPolicy.RELIABLE)
        self.durability = kwargs.get("durability", DurabilityPolicy.VOLATILE)
        self.lifespan = kwargs.get("lifespan", Duration())
        self.deadline = kwargs.get("deadline", Duration())
        self.liveliness = kwargs.get("liveliness", LivelinessPolicy.SYSTEM_DEFAULT)
        self.liveliness_lease_duration = kwargs.get("liveliness_lease_duration", Duration())
        self.avoid_ros_namespace_conventions = kwargs.get("avoid_ros_namespace_conventions", False)

    @property
    def history(self) -> HistoryPolicy:
        return self._history

    @history.setter
    def history(self, value: Any) -> None:
        self._history = HistoryPolicy(value)

    @property
    def depth(self) -> int:
        return self._depth

    @depth.setter
    def depth(self, value: int) -> None:
        if not isinstance(value, int) or value < 0:
            raise TypeError("depth must be a non-negative int")
        if self._history == HistoryPolicy.KEEP_LAST and value == 0:
            # rclpy accepts it, warning: the middleware takes it as its system default.
            warnings.warn("A zero depth with KEEP_LAST doesn't make sense; no data could be stored. This will be interpreted as SYSTEM_DEFAULT")
        self._depth = value

    @property
    def reliability(self) -> ReliabilityPolicy:
        return self._reliability

    @reliability.setter
    def reliability(self, value: Any) -> None:
        self._reliability = ReliabilityPolicy(value)

    @property
    def durability(self) -> DurabilityPolicy:
        return self._durability

    @durability.setter
    def durability(self, value: Any) -> None:
        self._durability = DurabilityPolicy(value)

    @property
    def liveliness(self) -> LivelinessPolicy:
        return self._liveliness

    @liveliness.setter
    def liveliness(self, value: Any) -> None:
        self._liveliness = LivelinessPolicy(value)

    @property
    def lifespan(self) -> Duration:
        return self._lifespan

    @lifespan.setter
    def lifespan(self, value: Duration) -> None:
        self._lifespan = _duration(value)

    @property
    def deadline(self) -> Duration:
        return self._deadline

    @deadline.setter
    def deadline(self, value: Duration) -> None:
        self._deadline = _duration(value)

    @property
    def liveliness_lease_duration(self) -> Duration:
        return self._liveliness_lease_duration

    @liveliness_lease_duration.setter
    def liveliness_lease_duration(self, value: Duration) -> None:
        self._liveliness_lease_duration = _duration(value)

    @property
    def avoid_ros_namespace_conventions(self) -> bool:
        return self._avoid_ros_namespace_conventions

    @avoid_ros_namespace_conventions.setter
    def avoid_ros_namespace_conventions(self, value: bool) -> None:
        self._avoid_ros_namespace_conventions = bool(value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, QoSProfile):
            return False
        return all(getattr(self, slot) == getattr(other, slot) for slot in self.__slots__)

    def __repr__(self) -> str:
        fields = ", ".join(f"{slot[1:]}={getattr(self, slot)!r}" for slot in self.__slots__)
        return f"QoSProfile({fields})"

    def get_c_qos_profile(self) -> _RmwQoSProfile:
        """The profile as rmw holds it: its to_dict() gives back the constructor's arguments."""
        return _RmwQoSProfile({slot[1:]: getattr(self, slot) for slot in self.__slots__})

    def to_json(self) -> str:
        """The profile as the node protocol's Create.qos_json carries it (rmw's values; ns as strings)."""
        policies: dict[str, Any] = {
            "history": int(self._history),
            "depth": self._depth,
            "reliability": int(self._reliability),
            "durability": int(self._durability),
            "liveliness": int(self._liveliness),
            "avoidRosNameSpaceConventions": self._avoid_ros_namespace_conventions,
        }
        # Zero is rmw's "default" for the durations: left out, the simulation's default applies.
        for name, value in (("deadline", self._deadline), ("lifespan", self._lifespan), ("livelinessLeaseDuration", self._liveliness_lease_duration)):
            if value.nanoseconds != 0:
                policies[name] = str(value.nanoseconds)
        return json.dumps(policies)


class _RmwQoSProfile:
    """rclpy's rmw_qos_profile_t, here only its values (policies as plain ints, as rmw's)."""

    def __init__(self, policies: dict[str, Any]) -> None:
        self._policies = {name: int(value) if isinstance(value, IntEnum) else value for name, value in policies.items()}

    def to_dict(self) -> dict[str, Any]:
        return dict(self._policies)


def _duration(value: Any) -> Duration:
    if not isinstance(value, Duration):
        raise TypeError("expected a Duration")
    return value


def qos_profile_from(qos_profile: QoSProfile | int) -> QoSProfile:
    """What create_publisher/create_subscription take: a profile, or a depth (KEEP_LAST)."""
    if isinstance(qos_profile, QoSProfile):
        return qos_profile
    if isinstance(qos_profile, int) and not isinstance(qos_profile, bool):
        if qos_profile < 0:
            raise ValueError("history depth must be greater than or equal to zero")
        return QoSProfile(depth=qos_profile)
    raise TypeError("Expected QoSProfile or int, but received {!r}".format(type(qos_profile)))


# rmw's profiles (rmw/qos_profiles.h) and rcl_action's status profile, as rclpy (Jazzy) names them.
qos_profile_default = QoSProfile(history=HistoryPolicy.KEEP_LAST, depth=10, reliability=ReliabilityPolicy.RELIABLE, durability=DurabilityPolicy.VOLATILE)
qos_profile_system_default = QoSProfile(
    history=HistoryPolicy.SYSTEM_DEFAULT, depth=0, reliability=ReliabilityPolicy.SYSTEM_DEFAULT, durability=DurabilityPolicy.SYSTEM_DEFAULT
)
qos_profile_sensor_data = QoSProfile(history=HistoryPolicy.KEEP_LAST, depth=5, reliability=ReliabilityPolicy.BEST_EFFORT, durability=DurabilityPolicy.VOLATILE)
qos_profile_services_default = QoSProfile(history=HistoryPolicy.KEEP_LAST, depth=10, reliability=ReliabilityPolicy.RELIABLE, durability=DurabilityPolicy.VOLATILE)
qos_profile_parameters = QoSProfile(history=HistoryPolicy.KEEP_LAST, depth=1000, reliability=ReliabilityPolicy.RELIABLE, durability=DurabilityPolicy.VOLATILE)
qos_profile_parameter_events = QoSProfile(history=HistoryPolicy.KEEP_LAST, depth=1000, reliability=ReliabilityPolicy.RELIABLE, durability=DurabilityPolicy.VOLATILE)
qos_profile_best_available = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=10,
    reliability=ReliabilityPolicy.BEST_AVAILABLE,
    durability=DurabilityPolicy.BEST_AVAILABLE,
    liveliness=LivelinessPolicy.BEST_AVAILABLE,
)
qos_profile_action_status_default = QoSProfile(
    history=HistoryPolicy.KEEP_LAST, depth=1, reliability=ReliabilityPolicy.RELIABLE, durability=DurabilityPolicy.TRANSIENT_LOCAL
)
# rmw's profile of an endpoint whose QoS is not known (a TopicEndpointInfo's default).
qos_profile_unknown = QoSProfile(
    history=HistoryPolicy.UNKNOWN, depth=0, reliability=ReliabilityPolicy.UNKNOWN, durability=DurabilityPolicy.UNKNOWN, liveliness=LivelinessPolicy.UNKNOWN
)


class QoSPresetProfiles(Enum):
    UNKNOWN = qos_profile_unknown
    DEFAULT = qos_profile_default
    SYSTEM_DEFAULT = qos_profile_system_default
    SENSOR_DATA = qos_profile_sensor_data
    SERVICES_DEFAULT = qos_profile_services_default
    PARAMETERS = qos_profile_parameters
    PARAMETER_EVENTS = qos_profile_parameter_events
    ACTION_STATUS_DEFAULT = qos_profile_action_status_default
    BEST_AVAILABLE = qos_profile_best_available

    @classmethod
    def get_from_short_key(cls, name: str) -> QoSProfile:
        return cls[name.upper()].value
