"""rclpy.type_hash.TypeHash: an interface type's hash (REP 2011), as a graph query gives it."""

from __future__ import annotations

_TYPE_HASH_SIZE = 32


class TypeHash:
    __slots__ = ["_version", "_value"]

    def __init__(self, version: int = -1, value: bytes = bytes(_TYPE_HASH_SIZE)) -> None:
        self.version = version
        self.value = value

    @property
    def version(self) -> int:
        return self._version

    @version.setter
    def version(self, value: int) -> None:
        assert isinstance(value, int)
        self._version = value

    @property
    def value(self) -> bytes:
        return self._value

    @value.setter
    def value(self, value: bytes) -> None:
        assert isinstance(value, bytes)
        self._value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TypeHash) and (self._version, self._value) == (other._version, other._value)

    def __str__(self) -> str:
        if self._version <= 0 or len(self._value) != _TYPE_HASH_SIZE:
            return "INVALID"
        return f"RIHS{self._version:02}_{self._value.hex()}"
