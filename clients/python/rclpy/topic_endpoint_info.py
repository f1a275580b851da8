"""rclpy.topic_endpoint_info: a publisher or subscription as a graph query reports it."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from rclpy.qos import QoSHistoryPolicy, QoSPresetProfiles, QoSProfile
from rclpy.type_hash import TypeHash


class TopicEndpointTypeEnum(IntEnum):
    """rmw's rmw_endpoint_type_t."""

    INVALID = 0
    PUBLISHER = 1
    SUBSCRIPTION = 2


class TopicEndpointInfo:
    __slots__ = ["_node_name", "_node_namespace", "_topic_type", "_topic_type_hash", "_endpoint_type", "_endpoint_gid", "_qos_profile"]

    def __init__(self, **kwargs: Any) -> None:
        assert all("_" + key in self.__slots__ for key in kwargs), f"Invalid arguments passed to constructor: {kwargs.keys()!r}"
        self.node_name = kwargs.get("node_name", "")
        self.node_namespace = kwargs.get("node_namespace", "")
        self.topic_type = kwargs.get("topic_type", "")
        self.topic_type_hash = kwargs.get("topic_type_hash", TypeHash())
        self.endpoint_type = kwargs.get("endpoint_type", TopicEndpointTypeEnum.INVALID)
        self.endpoint_gid = kwargs.get("endpoint_gid", [])
        self.qos_profile = kwargs.get("qos_profile", QoSPresetProfiles.UNKNOWN.value)

    @property
    def node_name(self) -> str:
        return self._node_name

    @node_name.setter
    def node_name(self, value: str) -> None:
        assert isinstance(value, str)
        self._node_name = value

    @property
    def node_namespace(self) -> str:
        return self._node_namespace

    @node_namespace.setter
    def node_namespace(self, value: str) -> None:
        assert isinstance(value, str)
        self._node_namespace = value

    @property
    def topic_type(self) -> str:
        return self._topic_type

    @topic_type.setter
    def topic_type(self, value: str) -> None:
        assert isinstance(value, str)
        self._topic_type = value

    @property
    def topic_type_hash(self) -> TypeHash:
        return self._topic_type_hash

    @topic_type_hash.setter
    def topic_type_hash(self, value: TypeHash | dict[str, Any]) -> None:
        assert isinstance(value, (TypeHash, dict))
        self._topic_type_hash = value if isinstance(value, TypeHash) else TypeHash(**value)

    @property
    def endpoint_type(self) -> TopicEndpointTypeEnum:
        return self._endpoint_type

    @endpoint_type.setter
    def endpoint_type(self, value: int) -> None:
        assert isinstance(value, int)
        self._endpoint_type = TopicEndpointTypeEnum(value)

    @property
    def endpoint_gid(self) -> list[int]:
        return self._endpoint_gid

    @endpoint_gid.setter
    def endpoint_gid(self, value: list[int]) -> None:
        assert all(isinstance(x, int) for x in value)
        self._endpoint_gid = value

    @property
    def qos_profile(self) -> QoSProfile:
        return self._qos_profile

    @qos_profile.setter
    def qos_profile(self, value: QoSProfile | dict[str, Any]) -> None:
        assert isinstance(value, (QoSProfile, dict))
        self._qos_profile = value if isinstance(value, QoSProfile) else QoSProfile(**value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TopicEndpointInfo) and all(getattr(self, slot) == getattr(other, slot) for slot in self.__slots__)

    def __str__(self) -> str:
        qos = self.qos_profile
        gid = ".".join(format(x, "02x") for x in self.endpoint_gid)
        history = qos.history.name if qos.history != QoSHistoryPolicy.KEEP_LAST else f"{qos.history.name} ({qos.depth})"
        return "\n".join(
            [
                f"Node name: {self.node_name}",
                f"Node namespace: {self.node_namespace}",
                f"Topic type: {self.topic_type}",
                f"Topic type hash: {self.topic_type_hash}",
                f"Endpoint type: {self.endpoint_type.name}",
                f"GID: {gid}",
                "QoS profile:",
                f"  Reliability: {qos.reliability.name}",
                f"  History (Depth): {history}",
                f"  Durability: {qos.durability.name}",
                f"  Lifespan: {qos.lifespan}",
                f"  Deadline: {qos.deadline}",
                f"  Liveliness: {qos.liveliness.name}",
                f"  Liveliness lease duration: {qos.liveliness_lease_duration}",
            ]
        )
