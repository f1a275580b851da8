"""A protobuf codec driven by a protobufjs JSON descriptor (the node protocol's, proto/node.proto).

Messages are plain dicts with node.proto's snake_case names. Decoding gives every scalar field its
proto3 default when it did not come (0, '', b'', False, the enum's first name, [] for a repeated
field), while sub-messages and oneof members appear only when they came: `'run' in message` tells
which member of a oneof did. Enums are their names (an unknown number stays an int); to encode, a
name or an int. 64-bit integers are Python ints, negative ones two's complement on the wire.

The codec is compiled once per message type from a protobufjs JSON descriptor (node.proto's is
written by `npm run build`, scripts/nodeProto.mjs): a reader per field tag, a writer per field. It
writes the bytes protobufjs writes — fields by number, proto3's defaults left out, a oneof's member
and a sub-message whenever present — which test/python/protocol.test.ts checks on every message.
The standard library only: a program's process imports this before its Hello.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

Message = dict[str, Any]

# A reader takes the body, the position after the field's tag and the message being filled, and
# returns the position after the field. A writer appends a field, nothing when it is at its default.
_Reader = Callable[[bytes, int, Message], int]
_Writer = Callable[[bytearray, Any], None]
# How the compiled reader of a type reads a field in its own code (_compile_reader): ("varint",
# name, the value of the wire's bits, whether a one-byte value is itself), ("enum", name, the
# _Enum, _), ("delimited", name,
# what makes the bytes a value or None for the bytes, _), ("message", name, its type, _).
_Inline = tuple[str, str, Any, bool]

_MASK32 = (1 << 32) - 1
_MASK64 = (1 << 64) - 1


class ProtocolError(Exception):
    """The peer sent what the node protocol does not allow: the conversation cannot go on."""


# ---------------------------------------------------------------- varints


def _read_varint(buf: bytes, pos: int) -> tuple[int, int]:
    """The varint at `pos` as an unsigned 64-bit value, and the position after it.

    Unrolled: a loop costs a third more on a sim time's nine bytes, read several times a callback.
    """
    b = buf[pos]
    value = b & 0x7F
    if b < 0x80:
        return value, pos + 1
    b = buf[pos + 1]
    value |= (b & 0x7F) << 7
    if b < 0x80:
        return value, pos + 2
    b = buf[pos + 2]
    value |= (b & 0x7F) << 14
    if b < 0x80:
        return value, pos + 3
    b = buf[pos + 3]
    value |= (b & 0x7F) << 21
    if b < 0x80:
        return value, pos + 4
    b = buf[pos + 4]
    value |= (b & 0x7F) << 28
    if b < 0x80:
        return value, pos + 5
    b = buf[pos + 5]
    value |= (b & 0x7F) << 35
    if b < 0x80:
        return value, pos + 6
    b = buf[pos + 6]
    value |= (b & 0x7F) << 42
    if b < 0x80:
        return value, pos + 7
    b = buf[pos + 7]
    value |= (b & 0x7F) << 49
    if b < 0x80:
        return value, pos + 8
    b = buf[pos + 8]
    value |= (b & 0x7F) << 56
    if b < 0x80:
        return value, pos + 9
    b = buf[pos + 9]
    if b < 0x80:
        # Bits beyond the 64th are cut, as protobuf does.
        return (value | (b << 63)) & _MASK64, pos + 10
    raise ProtocolError("a varint of more than 10 bytes")


def _write_varint(out: bytearray, value: int) -> None:
    """`value` in [0, 2^64)."""
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


def _varint_bytes(value: int) -> bytes:
    out = bytearray()
    _write_varint(out, value)
    return bytes(out)


# ---------------------------------------------------------------- scalar kinds


def _signed(bits: int) -> Callable[[int], int]:
    sign = 1 << (bits - 1)
    mask = (1 << bits) - 1
    return lambda raw: raw if raw < sign else ((raw & mask) ^ sign) - sign


def _unzigzag(bits: int) -> Callable[[int], int]:
    mask = (1 << bits) - 1
    return lambda raw: ((raw & mask) >> 1) ^ -(raw & 1)


def _checked(low: int, high: int, to_wire: Callable[[int], int]) -> Callable[[int], int]:
    def check(value: int) -> int:
        if not low <= value <= high:
            raise ValueError(f"{value} is out of range [{low}, {high}]")
        return to_wire(value)

    return check


def _zigzag(bits: int) -> Callable[[int], int]:
    return lambda value: ((value << 1) ^ (value >> (bits - 1))) & _MASK64


_INT32 = (-(1 << 31), (1 << 31) - 1)
_INT64 = (-(1 << 63), (1 << 63) - 1)


def _same(raw: int) -> int:
    return raw


def _uint64_to_wire(value: int) -> int:
    """_checked(0, 2^64 - 1, _same) in one call: ids and counts, several a callback."""
    if not 0 <= value <= _MASK64:
        raise ValueError(f"{value} is out of range [0, {_MASK64}]")
    return value


def _int64_to_wire(value: int) -> int:
    """_checked(*_INT64, two's complement) in one call: times, several a callback."""
    if not -0x8000000000000000 <= value <= 0x7FFFFFFFFFFFFFFF:
        raise ValueError(f"{value} is out of range [{-0x8000000000000000}, {0x7FFFFFFFFFFFFFFF}]")
    return value & _MASK64


_INT64_FROM_WIRE = _signed(64)

# Varint kinds: (the value of the wire's unsigned 64 bits, the wire's value of a value). A
# negative int32 goes as its 64-bit sign extension, ten bytes, as protobufjs writes it.
_VARINT_KINDS: dict[str, tuple[Callable[[int], Any], Callable[[Any], int]]] = {
    "uint64": (_same, _uint64_to_wire),
    "int64": (_INT64_FROM_WIRE, _int64_to_wire),
    "uint32": (lambda raw: raw & _MASK32, _checked(0, _MASK32, lambda value: value)),
    "int32": (_signed(32), _checked(*_INT32, lambda value: value & _MASK64)),
    "sint64": (_unzigzag(64), _checked(*_INT64, _zigzag(64))),
    "sint32": (_unzigzag(32), _checked(*_INT32, _zigzag(32))),
    "bool": (lambda raw: raw != 0, lambda value: 1 if value else 0),
}
# Kinds whose values below 0x80 are their own one-byte varint (not zigzag's): ids, counts, times.
_PLAIN = ("uint64", "int64", "uint32", "int32", "bool")

# Fixed-size kinds: their layout and wire type (1: 8 bytes, 5: 4 bytes).
_FIXED_KINDS: dict[str, tuple[struct.Struct, int]] = {
    "double": (struct.Struct("<d"), 1),
    "float": (struct.Struct("<f"), 5),
    "fixed64": (struct.Struct("<Q"), 1),
    "sfixed64": (struct.Struct("<q"), 1),
    "fixed32": (struct.Struct("<I"), 5),
    "sfixed32": (struct.Struct("<i"), 5),
}


def _is_default_number(value: float) -> bool:
    # protobufjs leaves out +0 only: -0 and NaN are written.
    return value == 0 and math.copysign(1.0, value) > 0


_FLOAT32 = _FIXED_KINDS["float"][0]


def _pack_float32(value: float) -> bytes:
    """As JavaScript's Float32Array stores it: beyond float32's range an infinity, where struct raises."""
    try:
        return _FLOAT32.pack(value)
    except OverflowError:
        return _FLOAT32.pack(math.copysign(math.inf, value))


def _decode_text(raw: bytes) -> str:
    # surrogatepass: a JavaScript string's lone surrogate comes as its three bytes (protobufjs
    # writes it so), and a Python str with one (a surrogateescape'd argv) can go out.
    return raw.decode("utf-8", "surrogatepass")


def _encode_text(text: str) -> bytes:
    if not isinstance(text, str):
        raise TypeError(f"a str, not {type(text).__name__}")
    return text.encode("utf-8", "surrogatepass")


def _as_bytes(value: bytes | bytearray | memoryview) -> bytes | bytearray | memoryview:
    # bytes(n) would be n zero bytes of an int.
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"bytes, not {type(value).__name__}")
    return value


class _Enum:
    def __init__(self, values: dict[str, int]) -> None:
        self.values = values
        self.names: dict[int, str] = {}
        for name, number in values.items():
            self.names.setdefault(number, name)
        self.default = self.names.get(0, next(iter(values)))
        self._int32 = _signed(32)
        self._int32_to_wire = _VARINT_KINDS["int32"][1]

    def from_wire(self, raw: int) -> str | int:
        number = self._int32(raw)
        return self.names.get(number, number)

    def to_wire(self, value: str | int) -> int:
        if isinstance(value, str):
            try:
                value = self.values[value]
            except KeyError:
                raise ValueError(f"{value!r} is none of {', '.join(self.values)}") from None
        return self._int32_to_wire(value)


# ---------------------------------------------------------------- readers and writers of fields
# `presence`: a oneof's member, written even at its default.


def _varint_reader(name: str, from_wire: Callable[[int], Any], plain: bool) -> _Reader:
    def read(buf: bytes, pos: int, out: Message) -> int:
        raw = buf[pos]
        if raw < 0x80 and plain:
            out[name] = raw
            return pos + 1
        raw, pos = _read_varint(buf, pos)
        out[name] = from_wire(raw)
        return pos

    return read


def _varint_writer(key: bytes, to_wire: Callable[[Any], int], plain: bool, presence: bool) -> _Writer:
    def write(out: bytearray, value: Any) -> None:
        if plain and 0 <= value < 0x80:
            if value or presence:
                out += key
                out.append(value)
            return
        raw = to_wire(value)
        if raw or presence:
            out += key
            _write_varint(out, raw)

    return write


def _fixed_reader(name: str, layout: struct.Struct) -> _Reader:
    unpack = layout.unpack_from
    size = layout.size

    def read(buf: bytes, pos: int, out: Message) -> int:
        out[name] = unpack(buf, pos)[0]
        return pos + size

    return read


def _fixed_writer(key: bytes, pack: Callable[[Any], bytes], presence: bool) -> _Writer:
    def write(out: bytearray, value: Any) -> None:
        if presence or not _is_default_number(value):
            out += key
            out += pack(value)

    return write


def _delimited_reader(name: str, convert: Callable[[bytes], Any]) -> _Reader:
    def read(buf: bytes, pos: int, out: Message) -> int:
        length = buf[pos]
        if length < 0x80:
            pos += 1
        else:
            length, pos = _read_varint(buf, pos)
        end = pos + length
        if end > len(buf):
            raise ProtocolError(f"{name} runs past the end of the message")
        out[name] = convert(buf[pos:end])
        return end

    return read


def _delimited_writer(key: bytes, convert: Callable[[Any], Any], presence: bool) -> _Writer:
    def write(out: bytearray, value: Any) -> None:
        data = convert(value)
        if data or presence:
            out += key
            _write_varint(out, len(data))
            out += data

    return write


def _message_reader(name: str, mtype: MessageType) -> _Reader:
    def read(buf: bytes, pos: int, out: Message) -> int:
        length = buf[pos]
        if length < 0x80:
            pos += 1
        else:
            length, pos = _read_varint(buf, pos)
        end = pos + length
        out[name] = mtype.read(buf, pos, end)
        return end

    return read


def _message_writer(key: bytes, mtype: MessageType) -> _Writer:
    # A sub-message goes whenever present, empty or not. Written in place, its length put before
    # it after: no buffer of its own to copy.
    def write(out: bytearray, value: Message) -> None:
        out += key
        start = len(out)
        mtype.write(value, out)
        length = len(out) - start
        if length < 0x80:
            out.insert(start, length)
        else:
            out[start:start] = _varint_bytes(length)

    return write


def _repeated_reader(name: str, read_one: _Reader) -> _Reader:
    """An element of a repeated field that came on its own: read aside, appended."""

    def read(buf: bytes, pos: int, out: Message) -> int:
        one: Message = {}
        pos = read_one(buf, pos, one)
        out[name].append(one[name])
        return pos

    return read


def _packed_reader(name: str, read_one: _Reader) -> _Reader:
    """A packed run of numbers (proto3 packs repeated ones): a length, then the values."""

    def read(buf: bytes, pos: int, out: Message) -> int:
        length, pos = _read_varint(buf, pos)
        end = pos + length
        items = out[name]
        one: Message = {}
        while pos < end:
            pos = read_one(buf, pos, one)
            items.append(one[name])
        if pos != end:
            raise ProtocolError(f"the packed {name} runs past its end")
        return end

    return read


def _packed_writer(key: bytes, write_bare: _Writer) -> _Writer:
    def write(out: bytearray, values: list[Any]) -> None:
        if values:
            body = bytearray()
            for value in values:
                write_bare(body, value)
            out += key
            _write_varint(out, len(body))
            out += body

    return write


def _each_writer(write_one: _Writer) -> _Writer:
    def write(out: bytearray, values: list[Any]) -> None:
        for value in values:
            write_one(out, value)

    return write


# ---------------------------------------------------------------- message types


class MessageType:
    """One message type of a descriptor, compiled (Codec): `decode(body)` and `encode(message)`."""

    def __init__(self, name: str) -> None:
        self.name = name
        # Filled in by Codec once every type exists: a field's type may be any of them.
        self.readers: dict[int, _Reader] = {}
        self.defaults: Message = {}
        self.repeated: tuple[str, ...] = ()
        self.oneofs: tuple[tuple[str, tuple[str, ...]], ...] = ()
        self.writers: dict[str, tuple[int, _Writer]] = {}
        # The fields the compiled reader reads in its own code (_compile_reader), by tag: the rest
        # go through `readers`. How many messages `read` read before the compiled reader took over.
        self.inline: dict[int, _Inline] = {}
        self._reads = 0

    def decode(self, body: bytes | bytearray | memoryview) -> Message:
        """A frame's body as this message; ProtocolError when it is none."""
        if type(body) is not bytes:
            body = bytes(body)
        try:
            return self.read(body, 0, len(body))
        except (IndexError, struct.error, UnicodeDecodeError) as error:
            raise ProtocolError(f"bytes that are no {self.name} message ({error})") from None

    def encode(self, message: Message) -> bytes:
        out = bytearray()
        self.write(message, out)
        return bytes(out)

    def read(self, buf: bytes, pos: int, end: int) -> Message:
        """The message in ``buf[pos:end]``. A type read often (a Run, every callback) gets a reader
        compiled for it (_compile_reader), which then stands in for this method on this type;
        compiling costs more than a short program's few reads would save."""
        self._reads += 1
        if self._reads == _COMPILE_AFTER_READS:
            self.read = _compile_reader(self)  # type: ignore[method-assign]
        return self.read_generic(buf, pos, end)

    def read_generic(self, buf: bytes, pos: int, end: int) -> Message:
        """A reader call per field: what the compiled reader does in one function."""
        out = self.defaults.copy()
        for name in self.repeated:
            out[name] = []
        readers = self.readers
        while pos < end:
            tag = buf[pos]
            if tag < 0x80:
                pos += 1
            else:
                tag, pos = _read_varint(buf, pos)
            reader = readers.get(tag)
            pos = _skip(buf, pos, tag) if reader is None else reader(buf, pos, out)
        if pos != end:
            raise ProtocolError(f"a {self.name} message that runs past its end")
        for oneof, members in self.oneofs:
            if out.keys().isdisjoint(members):
                raise ProtocolError(f"a {self.name} message without its {oneof}")
        return out

    def write(self, message: Message, out: bytearray) -> None:
        writers = self.writers
        start = len(out)
        last = 0
        for name, value in message.items():
            if value is None:
                continue
            try:
                number, writer = writers[name]
            except KeyError:
                # A name the type does not have (a camelCase one, a typo) would be lost without a word.
                raise ValueError(f"{self.name} has no field {name!r}") from None
            if number < last:
                # protobufjs writes by field number: written again in that order.
                del out[start:]
                self._write_sorted(message, out)
                return
            last = number
            writer(out, value)

    def _write_sorted(self, message: Message, out: bytearray) -> None:
        fields = sorted((self.writers[name], value) for name, value in message.items() if value is not None)
        for (_, writer), value in fields:
            writer(out, value)


def _skip(buf: bytes, pos: int, tag: int) -> int:
    """Past a field this codec does not know (a newer peer's; a known number with another wire type, as protobuf treats it)."""
    wire = tag & 7
    if wire == 0:
        return _read_varint(buf, pos)[1]
    if wire == 1:
        return pos + 8
    if wire == 2:
        length, pos = _read_varint(buf, pos)
        return pos + length
    if wire == 5:
        return pos + 4
    raise ProtocolError(f"field {tag >> 3} has wire type {wire}, which proto3 does not use")


# ---------------------------------------------------------------- compiled readers

#: Reads of a type before its reader is compiled (a few ms; it saves ~1.5 µs a Run).
_COMPILE_AFTER_READS = 100



def _compile_reader(mtype: MessageType) -> Callable[[bytes, int, int], Message]:
    """The type's reader as one function, its source written for the type: the tag's field found
    by comparisons (a binary search over the tags), a varint's first byte and a length read in
    place, where read_generic calls a reader per field. It gives what read_generic gives, and
    fails where it fails (decode turns an IndexError into a ProtocolError)."""
    env: dict[str, Any] = {
        "defaults": mtype.defaults,
        "readers": mtype.readers,
        "_read_varint": _read_varint,
        "_skip": _skip,
        "ProtocolError": ProtocolError,
    }
    lines = ["def read(buf, pos, end):", "    out = defaults.copy()"]
    lines += [f"    out[{name!r}] = []" for name in mtype.repeated]
    lines += [
        "    while pos < end:",
        "        tag = buf[pos]",
        "        if tag < 0x80:",
        "            pos += 1",
        "        else:",
        "            tag, pos = _read_varint(buf, pos)",
    ]
    tags = sorted(mtype.inline)
    if tags:
        lines += _tag_search(mtype, tags, env, "        ")
    else:
        lines += ["        reader = readers.get(tag)", "        pos = _skip(buf, pos, tag) if reader is None else reader(buf, pos, out)"]
    lines += ["    if pos != end:", f"        raise ProtocolError({f'a {mtype.name} message that runs past its end'!r})"]
    for oneof, members in mtype.oneofs:
        lines += [f"    if out.keys().isdisjoint({members!r}):", f"        raise ProtocolError({f'a {mtype.name} message without its {oneof}'!r})"]
    lines.append("    return out")
    exec(compile("\n".join(lines), f"<rclsim reader of {mtype.name}>", "exec"), env)  # our own source, from the descriptor
    read: Callable[[bytes, int, int], Message] = env["read"]
    return read


def _tag_search(mtype: MessageType, tags: list[int], env: dict[str, Any], indent: str) -> list[str]:
    """The code that reads the field of `tag`, one of `tags` (sorted) or another (by its reader, or skipped)."""
    if len(tags) > 3:
        middle = len(tags) // 2
        return [
            f"{indent}if tag < {tags[middle]}:",
            *_tag_search(mtype, tags[:middle], env, indent + "    "),
            f"{indent}else:",
            *_tag_search(mtype, tags[middle:], env, indent + "    "),
        ]
    lines: list[str] = []
    for i, tag in enumerate(tags):
        lines.append(f"{indent}{'if' if i == 0 else 'elif'} tag == {tag}:")
        lines += _inline_field(mtype.inline[tag], tag, env, indent + "    ")
    lines += [
        f"{indent}else:",
        f"{indent}    reader = readers.get(tag)",
        f"{indent}    pos = _skip(buf, pos, tag) if reader is None else reader(buf, pos, out)",
    ]
    return lines


def _inline_field(inline: _Inline, tag: int, env: dict[str, Any], indent: str) -> list[str]:
    kind, name, convert, plain = inline
    if kind == "enum":
        # A one-byte number is a non-negative int32: its name, else itself.
        env[f"names_{tag}"] = convert.names
        env[f"from_wire_{tag}"] = convert.from_wire
        return [
            f"{indent}value = buf[pos]",
            f"{indent}if value < 0x80:",
            f"{indent}    pos += 1",
            f"{indent}    out[{name!r}] = names_{tag}.get(value, value)",
            f"{indent}else:",
            f"{indent}    value, pos = _read_varint(buf, pos)",
            f"{indent}    out[{name!r}] = from_wire_{tag}(value)",
        ]
    if kind == "varint":
        env[f"from_wire_{tag}"] = convert
        # The value of the wire's bits: int64's two's complement (times) written out, not called.
        if convert is _same:
            whole = "value"
        elif convert is _INT64_FROM_WIRE:
            whole = "value if value < 0x8000000000000000 else value - 0x10000000000000000"
        else:
            whole = f"from_wire_{tag}(value)"
        # A plain kind's value below 2^14 is itself. Two bytes read here (ids, counts); longer
        # ones (times) by _read_varint.
        return [
            f"{indent}value = buf[pos]",
            f"{indent}if value < 0x80:",
            f"{indent}    pos += 1",
            f"{indent}    out[{name!r}] = {'value' if plain else f'from_wire_{tag}(value)'}",
            f"{indent}else:",
            f"{indent}    second = buf[pos + 1]",
            f"{indent}    if second < 0x80:",
            f"{indent}        pos += 2",
            f"{indent}        value = (value & 0x7F) | (second << 7)",
            f"{indent}        out[{name!r}] = {'value' if plain else f'from_wire_{tag}(value)'}",
            f"{indent}    else:",
            f"{indent}        value, pos = _read_varint(buf, pos)",
            f"{indent}        out[{name!r}] = {whole}",
        ]
    lines = [
        f"{indent}length = buf[pos]",
        f"{indent}if length < 0x80:",
        f"{indent}    pos += 1",
        f"{indent}else:",
        f"{indent}    length, pos = _read_varint(buf, pos)",
        f"{indent}stop = pos + length",
    ]
    if kind == "message":
        env[f"type_{tag}"] = convert
        return [*lines, f"{indent}out[{name!r}] = type_{tag}.read(buf, pos, stop)", f"{indent}pos = stop"]
    lines += [f"{indent}if stop > len(buf):", f"{indent}    raise ProtocolError({f'{name} runs past the end of the message'!r})"]
    if convert is None:
        # decode reads bytes: a slice of them is the field's bytes.
        return [*lines, f"{indent}out[{name!r}] = buf[pos:stop]", f"{indent}pos = stop"]
    env[f"convert_{tag}"] = convert
    return [*lines, f"{indent}out[{name!r}] = convert_{tag}(buf[pos:stop])", f"{indent}pos = stop"]


# ---------------------------------------------------------------- the descriptor


class Codec:
    """Every message type of a protobufjs JSON descriptor (`Root.toJSON()`), compiled once."""

    def __init__(self, descriptor: Message) -> None:
        self._types: dict[str, MessageType] = {}
        self._enums: dict[str, _Enum] = {}
        found: list[tuple[str, Message]] = []
        self._collect(descriptor.get("nested", {}), "", found)
        for full_name, body in found:
            self._compile(self._types[full_name], body)

    def message(self, full_name: str) -> MessageType:
        """A message type by its full name ("rclsim.node.ToClient")."""
        return self._types[full_name]

    def _collect(self, nested: Message, scope: str, found: list[tuple[str, Message]]) -> None:
        for name, body in nested.items():
            full_name = f"{scope}{name}"
            if "values" in body:
                self._enums[full_name] = _Enum(body["values"])
            elif "fields" in body:
                self._types[full_name] = MessageType(full_name)
                found.append((full_name, body))
            self._collect(body.get("nested", {}), f"{full_name}.", found)

    def _resolve(self, name: str, scope: str) -> MessageType | _Enum | None:
        """A field's type name as protobuf scopes it: from the innermost enclosing scope outward."""
        if name.startswith("."):
            return self._types.get(name[1:]) or self._enums.get(name[1:])
        parts = scope.split(".")
        for depth in range(len(parts), -1, -1):
            candidate = ".".join([*parts[:depth], name])
            found = self._types.get(candidate) or self._enums.get(candidate)
            if found is not None:
                return found
        return None

    def _compile(self, mtype: MessageType, body: Message) -> None:
        oneofs = body.get("oneofs", {})
        members = {member for spec in oneofs.values() for member in spec["oneof"]}
        names = {name: field.get("protoName", name) for name, field in body["fields"].items()}
        repeated: list[str] = []
        for name, field in body["fields"].items():
            where = f"{mtype.name}.{name}"
            if "keyType" in field:
                raise NotImplementedError(f"{where}: map fields are not supported")
            resolved = self._resolve(field["type"], mtype.name)
            is_repeated = field.get("rule") == "repeated"
            presence = name in members
            readers, writer, inline = _field(names[name], field, resolved, is_repeated, presence, where)
            mtype.readers.update(readers)
            if inline is not None:
                (tag,) = readers
                mtype.inline[tag] = inline
            mtype.writers[names[name]] = (field["id"], writer)
            if is_repeated:
                repeated.append(names[name])
            elif not presence and not isinstance(resolved, MessageType):
                mtype.defaults[names[name]] = _default(field["type"], resolved)
        mtype.repeated = tuple(repeated)
        mtype.oneofs = tuple((oneof, tuple(names[member] for member in spec["oneof"])) for oneof, spec in oneofs.items())


def _field(
    name: str, field: Message, resolved: MessageType | _Enum | None, is_repeated: bool, presence: bool, where: str
) -> tuple[dict[int, _Reader], _Writer, _Inline | None]:
    """A field's readers by tag (a repeated number has two: packed and not), its writer, and how
    the compiled reader reads it inline (None: by its reader)."""
    number = field["id"]
    kind = field["type"]
    inline: _Inline | None = None
    if isinstance(resolved, MessageType) or kind in ("string", "bytes"):
        tag = (number << 3) | 2
        key = _varint_bytes(tag)
        if isinstance(resolved, MessageType):
            reader, writer = _message_reader(name, resolved), _message_writer(key, resolved)
            inline = ("message", name, resolved, False)
        elif kind == "string":
            # A repeated field's empty elements are elements: written.
            reader, writer = _delimited_reader(name, _decode_text), _delimited_writer(key, _encode_text, presence or is_repeated)
            inline = ("delimited", name, _decode_text, False)
        else:
            reader, writer = _delimited_reader(name, bytes), _delimited_writer(key, _as_bytes, presence or is_repeated)
            inline = ("delimited", name, None, False)
        if is_repeated:
            return {tag: _repeated_reader(name, reader)}, _each_writer(writer), None
        return {tag: reader}, writer, inline
    if isinstance(resolved, _Enum):
        wire_type = 0
        reader = _varint_reader(name, resolved.from_wire, False)
        inline = ("enum", name, resolved, False)
        enum_to_wire = resolved.to_wire

        def make_writer(key: bytes, presence: bool) -> _Writer:
            return _varint_writer(key, enum_to_wire, False, presence)

    elif kind in _VARINT_KINDS:
        wire_type = 0
        from_wire, to_wire = _VARINT_KINDS[kind]
        plain = kind in _PLAIN
        # A bool reads as True or False, not as its byte.
        reader = _varint_reader(name, from_wire, plain and kind != "bool")
        inline = ("varint", name, from_wire, plain and kind != "bool")

        def make_writer(key: bytes, presence: bool) -> _Writer:
            return _varint_writer(key, to_wire, plain, presence)

    elif kind in _FIXED_KINDS:
        layout, wire_type = _FIXED_KINDS[kind]
        reader = _fixed_reader(name, layout)
        pack = _pack_float32 if kind == "float" else layout.pack

        def make_writer(key: bytes, presence: bool) -> _Writer:
            return _fixed_writer(key, pack, presence)

    else:
        raise ValueError(f"{where}: unknown type {kind}")
    tag = (number << 3) | wire_type
    if not is_repeated:
        return {tag: reader}, make_writer(_varint_bytes(tag), presence), inline
    packed_tag = (number << 3) | 2
    readers = {tag: _repeated_reader(name, reader), packed_tag: _packed_reader(name, reader)}
    # proto3 packs repeated numbers unless the field says packed=false; either comes in.
    if field.get("options", {}).get("packed") is False:
        return readers, _each_writer(make_writer(_varint_bytes(tag), True)), None
    return readers, _packed_writer(_varint_bytes(packed_tag), make_writer(b"", True)), None


def _default(kind: str, resolved: _Enum | None) -> Any:
    if resolved is not None:
        return resolved.default
    if kind == "string":
        return ""
    if kind == "bytes":
        return b""
    if kind == "bool":
        return False
    if kind in ("double", "float"):
        return 0.0
    return 0
