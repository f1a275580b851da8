"""proto/world.proto on the wire, by hand: the adapter needs no protobuf package.

Proto3's encoding (protobuf.dev/programming-guides/encoding): each field a key (number << 3 |
wire type) then a varint (0), 8 little-endian bytes (1) or a length and bytes (2). Repeated
numbers come packed (protobufjs writes them so) or one by one; both are read.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

VARINT, FIXED64, BYTES, FIXED32 = 0, 1, 2, 5


def _varint(value: int) -> bytes:
    out = bytearray()
    value &= (1 << 64) - 1
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _fields(data: bytes) -> list[tuple[int, int, int | bytes]]:
    """Every field of a message as (number, wire type, value): an int for varints and fixed, bytes otherwise."""
    fields: list[tuple[int, int, int | bytes]] = []
    at = 0

    def varint() -> int:
        nonlocal at
        shift = result = 0
        while True:
            if at >= len(data):
                raise ValueError('truncated varint')
            byte = data[at]
            at += 1
            result |= (byte & 0x7F) << shift
            if byte < 0x80:
                return result
            shift += 7

    while at < len(data):
        key = varint()
        number, kind = key >> 3, key & 7
        if kind == VARINT:
            fields.append((number, kind, varint()))
        elif kind == FIXED64:
            fields.append((number, kind, int.from_bytes(data[at:at + 8], 'little')))
            at += 8
        elif kind == BYTES:
            size = varint()
            fields.append((number, kind, data[at:at + size]))
            at += size
        elif kind == FIXED32:
            fields.append((number, kind, int.from_bytes(data[at:at + 4], 'little')))
            at += 4
        else:
            raise ValueError(f'wire type {kind} of field {number}')
    if at != len(data):
        raise ValueError('truncated message')
    return fields


def _read_varints(data: bytes) -> list[int]:
    values: list[int] = []
    shift = result = 0
    for byte in data:
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            values.append(result)
            shift = result = 0
        else:
            shift += 7
    return values


@dataclass
class Command:
    step: int
    actuator: int
    value: float


@dataclass
class Initialize:
    model_file: str = ''
    model_text: str = ''
    seed: int = 0
    step_ns: int = 0


@dataclass
class Advance:
    until_step: int = 0
    commands: list[Command] = field(default_factory=list)
    sensors: list[int] = field(default_factory=list)
    joints: bool = False
    bodies: bool = False


@dataclass
class Close:
    pass


def _double(bits: int | bytes) -> float:
    return struct.unpack('<d', int(bits).to_bytes(8, 'little'))[0] if isinstance(bits, int) else 0.0


def _command(data: bytes) -> Command:
    command = Command(0, 0, 0.0)
    for number, _, value in _fields(data):
        if number == 1 and isinstance(value, int):
            command.step = value
        elif number == 2 and isinstance(value, int):
            command.actuator = value
        elif number == 3:
            command.value = _double(value)
    return command


def read_to_engine(data: bytes) -> Initialize | Advance | Close:
    """A ToEngine message's body; ValueError when it is none of the three."""
    for number, _, value in _fields(data):
        if not isinstance(value, bytes):
            continue
        if number == 1:
            init = Initialize()
            for n, _, v in _fields(value):
                if n == 1 and isinstance(v, bytes):
                    init.model_file = v.decode()
                elif n == 2 and isinstance(v, bytes):
                    init.model_text = v.decode()
                elif n == 3 and isinstance(v, int):
                    init.seed = v
                elif n == 4 and isinstance(v, int):
                    init.step_ns = v
            return init
        if number == 2:
            advance = Advance()
            for n, _, v in _fields(value):
                if n == 1 and isinstance(v, int):
                    advance.until_step = v
                elif n == 2 and isinstance(v, bytes):
                    advance.commands.append(_command(v))
                elif n == 3:
                    advance.sensors.extend([v] if isinstance(v, int) else _read_varints(v))
                elif n == 4 and isinstance(v, int):
                    advance.joints = v != 0
                elif n == 5 and isinstance(v, int):
                    advance.bodies = v != 0
            return advance
        if number == 3:
            return Close()
    raise ValueError('a ToEngine message with no body')


class Writer:
    """One message's fields, in field order."""

    def __init__(self) -> None:
        self._out = bytearray()

    def uint(self, number: int, value: int) -> Writer:
        if value:
            self._out += _varint(number << 3 | VARINT) + _varint(value)
        return self

    def boolean(self, number: int, value: bool) -> Writer:
        return self.uint(number, 1 if value else 0)

    def double(self, number: int, value: float) -> Writer:
        # proto3 leaves zeros out; -0.0 is not zero to the bits.
        if value != 0.0 or struct.pack('<d', value) != bytes(8):
            self._out += _varint(number << 3 | FIXED64) + struct.pack('<d', value)
        return self

    def string(self, number: int, value: str) -> Writer:
        return self.raw(number, value.encode()) if value else self

    def raw(self, number: int, value: bytes) -> Writer:
        self._out += _varint(number << 3 | BYTES) + _varint(len(value)) + value
        return self

    def message(self, number: int, value: Writer) -> Writer:
        return self.raw(number, value.finish())

    def doubles(self, number: int, values: list[float]) -> Writer:
        if values:
            self.raw(number, struct.pack(f'<{len(values)}d', *values))
        return self

    def finish(self) -> bytes:
        return bytes(self._out)


def from_engine(body: int, message: Writer) -> bytes:
    """A FromEngine message: 1 Ready, 2 Frame, 3 Error."""
    return Writer().message(body, message).finish()
