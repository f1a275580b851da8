"""The node protocol (docs/node-protocol.md, proto/node.proto): its messages, encoded and decoded
by the descriptor-driven codec (_protobuf.py), and its frames — a varint length, then the body —
over the program's socket. The standard library only: a program's process imports this before
its Hello.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from rclsim._protobuf import Codec, Message, ProtocolError, _varint_bytes

__all__ = [
    "MAX_FRAME_BYTES",
    "Codec",
    "Frames",
    "ProtocolError",
    "decode_to_client",
    "decode_to_simulation",
    "encode_to_client",
    "encode_to_simulation",
    "frame_header",
    "write_frames",
    "write_messages",
]

#: A longer length is a broken stream, not a message (docs/node-protocol.md, "The stream").
MAX_FRAME_BYTES = 1 << 30


# ---------------------------------------------------------------- node.proto


def _descriptor_path() -> Path:
    """nodeProto.json, which the build writes into dist beside the TypeScript codec; RCLSIM_NODE_PROTO overrides it."""
    override = os.environ.get("RCLSIM_NODE_PROTO")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[3] / "dist" / "src" / "port" / "wire" / "nodeProto.json"


def _load() -> Codec:
    path = _descriptor_path()
    try:
        with open(path, encoding="utf-8") as file:
            return Codec(json.load(file))
    except FileNotFoundError:
        raise FileNotFoundError(f"{path}: the node protocol's descriptor is missing (npm run build writes it)") from None


_NODE = _load()
_TO_SIMULATION = _NODE.message("rclsim.node.ToSimulation")
_TO_CLIENT = _NODE.message("rclsim.node.ToClient")

#: What a client sends, and what the simulation sends: a frame's body from a dict, and back.
encode_to_simulation: Callable[[Message], bytes] = _TO_SIMULATION.encode
decode_to_simulation: Callable[[bytes], Message] = _TO_SIMULATION.decode
encode_to_client: Callable[[Message], bytes] = _TO_CLIENT.encode
decode_to_client: Callable[[bytes], Message] = _TO_CLIENT.decode


# ---------------------------------------------------------------- frames


# The headers of bodies shorter than 128 bytes (most: a Done, a Publish of a small message).
_SHORT_HEADERS = tuple(bytes((length,)) for length in range(0x80))


def frame_header(length: int) -> bytes:
    """The varint that precedes a body of `length` bytes (protobuf's delimited streams)."""
    return _SHORT_HEADERS[length] if length < 0x80 else _varint_bytes(length)


class Frames:
    """The bodies of the frames read from a blocking descriptor (the program's socket, fd 3).

    One read(2) takes what the socket holds, so frames that came together cost one system call;
    a body longer than what came is read straight into its own buffer.
    """

    def __init__(self, fd: int, chunk: int = 1 << 16) -> None:
        self._fd = fd
        self._chunk = chunk
        # The bytes read and not yet taken: `_data` from `_at` on.
        self._data = b""
        self._at = 0

    def __iter__(self) -> Iterator[bytes]:
        while (body := self.read()) is not None:
            yield body

    def read(self) -> bytes | None:
        """The next body, blocked in read(2) until it came whole; None at the end of the stream.

        The end of the stream is the other end closed (the simulation ended, or was killed): a
        frame cut short by it is never given. ProtocolError on a length no message has.
        """
        data, at = self._data, self._at
        length = 0
        shift = 0
        while True:
            if at == len(data):
                data, at = self._more(), 0
                if not data:
                    self._data, self._at = data, at
                    return None
            byte = data[at]
            at += 1
            length |= (byte & 0x7F) << shift
            if byte < 0x80:
                break
            shift += 7
            if shift == 35:
                raise ProtocolError("a message length of more than 5 bytes: the stream is broken")
        if length > MAX_FRAME_BYTES:
            raise ProtocolError(f"a message of {length} bytes, more than the {MAX_FRAME_BYTES} the protocol allows")
        end = at + length
        if end <= len(data):
            self._data, self._at = data, end
            return data[at:end]
        self._data, self._at = b"", 0
        return self._rest(memoryview(data)[at:], length)

    def _more(self) -> bytes:
        # Blocks at once, whatever Run.read_polls says: with the simulation waiting in poll(2), reads
        # on cost this client ~170 µs of CPU a callback and wall time with it (docs/performance.md).
        try:
            return os.read(self._fd, self._chunk)
        except ConnectionResetError:
            return b""

    def _rest(self, start: memoryview, length: int) -> bytes | None:
        """A body that goes on beyond the bytes read: the rest read into it, and no more (the next frame stays in the socket)."""
        body = bytearray(length)
        have = len(start)
        body[:have] = start
        with memoryview(body) as view:
            while have < length:
                try:
                    got = os.readv(self._fd, [view[have:]])
                except ConnectionResetError:
                    got = 0
                if got == 0:
                    return None
                have += got
        return bytes(body)


#: Frames smaller than this in all are joined into one buffer before they go: the copy costs less
#: than writev's walk over their pieces. A large body (a 4 MB message) goes as it is.
_JOIN_BYTES = 1 << 16
_IOV_MAX = os.sysconf("SC_IOV_MAX") if "SC_IOV_MAX" in os.sysconf_names else 1024


def write_frames(fd: int, bodies: Iterable[bytes]) -> None:
    """Writes `bodies` as frames, in one system call when the socket takes them all.

    A callback's effects go with its Done: one write, one wake-up of the simulation. Raises
    BrokenPipeError or ConnectionResetError when the other end is gone.
    """
    parts: list[bytes | memoryview] = []
    size = 0
    for body in bodies:
        length = len(body)
        parts.append(_SHORT_HEADERS[length] if length < 0x80 else _varint_bytes(length))
        parts.append(body)
        size += length
    if not parts:
        return
    if size < _JOIN_BYTES:
        parts = [b"".join(parts)]
    while parts:
        parts = _unwritten(parts, os.writev(fd, parts[:_IOV_MAX]))


def _unwritten(parts: list[bytes | memoryview], written: int) -> list[bytes | memoryview]:
    """What is left of `parts` after a write took `written` bytes of them (a socket takes what fits)."""
    first = 0
    while first < len(parts) and written >= len(parts[first]):
        written -= len(parts[first])
        first += 1
    rest = parts[first:]
    if rest and written:
        rest[0] = memoryview(rest[0])[written:]
    return rest


def write_messages(fd: int, messages: Iterable[Message]) -> None:
    """ToSimulation messages encoded and written as write_frames writes them."""
    write_frames(fd, [encode_to_simulation(message) for message in messages])
