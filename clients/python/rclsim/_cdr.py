"""CDR of messages, byte for byte as the simulation writes it (``src/interfaces/cdr.ts``).

XCDR1, little endian, behind the encapsulation header ``00 01 00 00`` (as rosbag2 stores messages):
each primitive aligned to its size (8 for 64-bit types) counted from after the header, strings
UTF-8 with a uint32 length that counts the terminating NUL, sequences with a uint32 count, fixed
arrays without one, bool as one byte, an empty message as one zero byte (IDL's
``structure_needs_at_least_one_member``); no padding before the elements of an empty sequence.

Each message class gets its codec once, at its first use: a list of steps, where consecutive
primitive fields are one ``struct.Struct`` per possible alignment (offset mod 8), so encoding a
std_msgs/String or UInt64 is a handful of C calls.
"""

from __future__ import annotations

import array
import struct
import sys
from collections.abc import Callable
from operator import attrgetter
from typing import Any, NamedTuple

from rclsim._definition import AbstractGenericString, AbstractNestedType, AbstractType, AbstractWString, Array, BasicType
from rclsim._messages import SPECIAL_NESTED, Field, MessageMeta

HEADER = b"\x00\x01\x00\x00"

# array.array and numpy hold numbers in the machine's order; CDR here is little endian.
_SWAP = sys.byteorder == "big"
_U32 = struct.Struct("<I")
_ZEROS = tuple(bytes(n) for n in range(8))
# struct's code of each primitive; its size is its CDR alignment.
_CODES = {
    "boolean": "?",
    "octet": "c",
    "int8": "b",
    "uint8": "B",
    "int16": "h",
    "uint16": "H",
    "int32": "i",
    "uint32": "I",
    "int64": "q",
    "uint64": "Q",
    "float": "f",
    "double": "d",
}

Writer = Callable[[Any, bytearray], None]
# (data, offset, message being filled) -> the offset after the field.
Reader = Callable[[Any, int, Any], int]
# (data, offset, count) -> (the items, the offset after them).
ItemsReader = Callable[[Any, int, int], tuple[Any, int]]


class Codec(NamedTuple):
    """A message type's encoder (appends to a buffer that starts with the header) and decoder."""

    write: Writer
    read: Callable[[Any, int], tuple[Any, int]]


def serialize(cls: type, message: Any) -> bytes:
    """The CDR of ``message`` (an instance of ``cls``), header included."""
    meta, codec = _codec(cls)
    if not isinstance(message, cls):
        raise TypeError(f"expected a {meta._rclsim_name} message, got {type(message).__name__}")
    buffer = bytearray(HEADER)
    try:
        codec.write(message, buffer)
    except (struct.error, TypeError, ValueError, AttributeError, OverflowError, UnicodeError) as error:
        raise TypeError(f"cannot serialize {meta._rclsim_name}: {_culprit(message, '') or error}") from error
    return bytes(buffer)


def deserialize(cls: type, data: bytes | bytearray | memoryview) -> Any:
    """A message of ``cls`` from its CDR (header included); bytes after the message are ignored."""
    meta, codec = _codec(cls)
    if len(data) < 4 or data[0] != 0 or data[1] != 1:
        raise ValueError(f"cannot deserialize {meta._rclsim_name}: not little-endian CDR (header {bytes(data[:4]).hex()})")
    try:
        message, _ = codec.read(data, 4)
    except (struct.error, ValueError, IndexError) as error:
        raise ValueError(f"cannot deserialize {meta._rclsim_name}: {error}") from error
    return message


def _codec(cls: type) -> tuple[MessageMeta, Codec]:
    if not isinstance(cls, MessageMeta):
        raise TypeError(f"{cls!r} is not a message class of rclsim's")
    return cls, cls._rclsim_codec or _compile(cls)


def _compile(cls: MessageMeta) -> Codec:
    for field in cls._rclsim_fields:
        element = field.slot_type.value_type if isinstance(field.slot_type, AbstractNestedType) else field.slot_type
        if isinstance(element, AbstractWString):
            raise TypeError(
                f"cannot encode {cls._rclsim_name}: field '{field.name}' is a wstring, "
                "whose CDR is implementation-defined (not supported, as in the simulation)"
            )
    steps: list[tuple[Writer, Reader] | list[Field]] = []
    run: list[Field] = []
    for field in cls._rclsim_fields:
        if isinstance(field.slot_type, BasicType):
            run.append(field)
            continue
        if run:
            steps.append(run)
            run = []
        steps.append(_field_codec(field))
    if run:
        steps.append(run)
    if not steps:
        steps.append((_write_empty, _read_empty))
    codec = _compile_steps(cls, steps)
    type(cls)._rclsim_codec = codec
    return codec


def _compile_steps(cls: MessageMeta, steps: list[tuple[Writer, Reader] | list[Field]]) -> Codec:
    """The type's encoder and decoder as one function each, their source written for the type: a
    run of primitive fields (without float32, whose overflow _run_codec handles) packed and
    unpacked in place from its slots, every other field by its own writer and reader."""
    env: dict[str, Any] = {"new": object.__new__, "cls": cls, "check_fields": cls._rclsim_check_fields}
    write = ["def write(message, buffer):"]
    read = ["def read(data, offset):", "    message = new(cls)", "    message._check_fields = check_fields"]
    for i, step in enumerate(steps):
        codes, layouts = _run_layouts(step) if isinstance(step, list) else ((), ())
        if isinstance(step, list) and "f" not in codes:
            env[f"layouts_{i}"] = layouts
            slots = ", ".join(f"message._{field.name}" for field in step)
            write.append(f"    buffer += layouts_{i}[(len(buffer) - 4) & 7].pack({slots})")
            read += [f"    layout = layouts_{i}[(offset - 4) & 7]", f"    {slots}, = layout.unpack_from(data, offset)", "    offset += layout.size"]
            continue
        env[f"write_{i}"], env[f"read_{i}"] = _run_codec(step) if isinstance(step, list) else step
        write.append(f"    write_{i}(message, buffer)")
        read.append(f"    offset = read_{i}(data, offset, message)")
    read.append("    return message, offset")
    # Our own source, from the message's definition (its field names are identifiers).
    exec(compile("\n".join(write) + "\n" + "\n".join(read), f"<rclsim CDR of {cls._rclsim_name}>", "exec"), env)
    return Codec(env["write"], env["read"])


def _write_empty(message: Any, buffer: bytearray) -> None:
    buffer.append(0)


def _read_empty(data: Any, offset: int, message: Any) -> int:
    _check_end(data, offset + 1)
    return offset + 1


def _check_end(data: Any, end: int) -> None:
    if end > len(data):
        raise ValueError(f"the data ends at byte {len(data)}, before the message does")


def _pad(length: int, size: int) -> int:
    """Padding before an item of `size` bytes at `length` (alignment counts from after the header)."""
    return (4 - length) & (size - 1)


def _run_codec(fields: list[Field]) -> tuple[Writer, Reader]:
    """Consecutive primitive fields as one struct, with one layout per offset mod 8 (its padding differs)."""
    codes, layouts = _run_layouts(fields)
    slots = tuple(f"_{field.name}" for field in fields)
    floats32 = [i for i, code in enumerate(codes) if code == "f"]
    get_all = attrgetter(*slots)
    get_values = (lambda message: (get_all(message),)) if len(slots) == 1 else get_all

    def write(message: Any, buffer: bytearray) -> None:
        values = get_values(message)
        layout = layouts[(len(buffer) - 4) & 7]
        try:
            buffer += layout.pack(*values)
        except OverflowError:
            # struct refuses a float32 beyond its range; C (rclpy) and the simulation make it ±inf.
            if not floats32:
                raise
            inf_instead = list(values)
            for i in floats32:
                inf_instead[i] = array.array("f", [values[i]])[0]
            buffer += layout.pack(*inf_instead)

    def read(data: Any, offset: int, message: Any) -> int:
        layout = layouts[(offset - 4) & 7]
        for slot, value in zip(slots, layout.unpack_from(data, offset), strict=True):
            setattr(message, slot, value)
        return offset + layout.size

    return write, read


def _run_layouts(fields: list[Field]) -> tuple[list[str], tuple[struct.Struct, ...]]:
    """A run of primitive fields' struct codes, and its layout at each offset mod 8 (its padding differs)."""
    codes = [_CODES[field.slot_type.typename] for field in fields if isinstance(field.slot_type, BasicType)]
    return codes, tuple(struct.Struct(_layout(codes, residue)) for residue in range(8))


def _layout(codes: list[str], residue: int) -> str:
    parts = ["<"]
    position = residue
    for code in codes:
        size = struct.calcsize("<" + code)
        pad = -position % size
        parts.append("x" * pad + code)
        position += pad + size
    return "".join(parts)


def _field_codec(field: Field) -> tuple[Writer, Reader]:
    slot = f"_{field.name}"
    get = attrgetter(slot)
    slot_type = field.slot_type
    if isinstance(slot_type, AbstractGenericString):

        def write_string(message: Any, buffer: bytearray) -> None:
            _write_string(get(message), buffer)

        def read_string(data: Any, offset: int, message: Any) -> int:
            value, offset = _read_string(data, offset)
            setattr(message, slot, value)
            return offset

        return write_string, read_string
    if not isinstance(slot_type, AbstractNestedType):
        assert field.message is not None
        _, nested = _codec(field.message)
        write_nested, read_nested = nested.write, nested.read

        def write_message(message: Any, buffer: bytearray) -> None:
            write_nested(get(message), buffer)

        def read_message(data: Any, offset: int, message: Any) -> int:
            value, offset = read_nested(data, offset)
            setattr(message, slot, value)
            return offset

        return write_message, read_message
    value_type = slot_type.value_type
    special = SPECIAL_NESTED.get(value_type.typename) if isinstance(value_type, BasicType) else None
    if isinstance(slot_type, Array):
        if special is not None:
            return _numpy_codec(field.name, special[1], slot_type.size)
        write_items, read_items = _items_codec(field.name, value_type, field.message)
        size = slot_type.size

        def write_fixed(message: Any, buffer: bytearray) -> None:
            items = get(message)
            if len(items) != size:
                raise ValueError(f"field '{field.name}' holds {len(items)} items, its type exactly {size}")
            write_items(items, buffer)

        def read_fixed(data: Any, offset: int, message: Any) -> int:
            value, offset = read_items(data, offset, size)
            setattr(message, slot, value)
            return offset

        return write_fixed, read_fixed
    write_items, read_items = _items_codec(field.name, value_type, field.message) if special is None else _array_items(special[0])

    def write_sequence(message: Any, buffer: bytearray) -> None:
        items = get(message)
        buffer += _ZEROS[-len(buffer) & 3]
        buffer += _U32.pack(len(items))
        # An empty sequence has no padding for its elements' alignment.
        if len(items):
            write_items(items, buffer)

    def read_sequence(data: Any, offset: int, message: Any) -> int:
        offset += -offset & 3
        (count,) = _U32.unpack_from(data, offset)
        value, offset = read_items(data, offset + 4, count)
        setattr(message, slot, value)
        return offset

    return write_sequence, read_sequence


def _items_codec(name: str, value_type: AbstractType, message_class: type | None) -> tuple[Writer, ItemsReader]:
    """Items of an array or sequence other than numbers: bools, bytes, strings, messages."""
    if isinstance(value_type, AbstractGenericString):

        def write_strings(items: Any, buffer: bytearray) -> None:
            for item in items:
                _write_string(item, buffer)

        def read_strings(data: Any, offset: int, count: int) -> tuple[Any, int]:
            items = []
            for _ in range(count):
                item, offset = _read_string(data, offset)
                items.append(item)
            return items, offset

        return write_strings, read_strings
    if message_class is not None:
        _, nested = _codec(message_class)
        write_nested, read_nested = nested.write, nested.read

        def write_messages(items: Any, buffer: bytearray) -> None:
            for item in items:
                write_nested(item, buffer)

        def read_messages(data: Any, offset: int, count: int) -> tuple[Any, int]:
            items = []
            for _ in range(count):
                item, offset = read_nested(data, offset)
                items.append(item)
            return items, offset

        return write_messages, read_messages
    if isinstance(value_type, BasicType) and value_type.typename == "boolean":

        def write_bools(items: Any, buffer: bytearray) -> None:
            buffer += bytes(map(bool, items))

        def read_bools(data: Any, offset: int, count: int) -> tuple[Any, int]:
            _check_end(data, offset + count)
            return list(map(bool, data[offset : offset + count])), offset + count

        return write_bools, read_bools

    def write_bytes(items: Any, buffer: bytearray) -> None:
        # rclpy's items are bytes of length 1; a bytes object for the whole field is taken as well.
        joined = items if isinstance(items, (bytes, bytearray)) else b"".join(items)
        if len(joined) != len(items):
            raise ValueError(f"field '{name}' must hold bytes objects of length 1")
        buffer += joined

    def read_bytes(data: Any, offset: int, count: int) -> tuple[Any, int]:
        _check_end(data, offset + count)
        chunk = bytes(data[offset : offset + count])
        return [chunk[i : i + 1] for i in range(count)], offset + count

    return write_bytes, read_bytes


def _array_items(code: str) -> tuple[Writer, ItemsReader]:
    """Numbers of a sequence, an array.array of `code` (in one copy each way)."""
    size = array.array(code).itemsize

    def write_numbers(items: Any, buffer: bytearray) -> None:
        if type(items) is not array.array or items.typecode != code:
            items = array.array(code, items)
        buffer += _ZEROS[_pad(len(buffer), size)]
        if _SWAP:
            items = array.array(code, items)
            items.byteswap()
        buffer += items

    def read_numbers(data: Any, offset: int, count: int) -> tuple[Any, int]:
        items = array.array(code)
        if count:
            offset += _pad(offset, size)
            end = offset + count * size
            _check_end(data, end)
            items.frombytes(data[offset:end])
            if _SWAP:
                items.byteswap()
            offset = end
        return items, offset

    return write_numbers, read_numbers


def _numpy_codec(name: str, dtype_name: str, count: int) -> tuple[Writer, Reader]:
    """A fixed-size numeric array, a numpy array of its dtype (its class imported numpy already)."""
    import numpy

    slot = f"_{name}"
    get = attrgetter(slot)
    native = numpy.dtype(dtype_name)
    little = native.newbyteorder("<")

    def write_array(message: Any, buffer: bytearray) -> None:
        values = numpy.asarray(get(message), dtype=little)
        if values.size != count:
            raise ValueError(f"field '{name}' holds {values.size} items, its type exactly {count}")
        buffer += _ZEROS[_pad(len(buffer), native.itemsize)]
        buffer += values.tobytes()

    def read_array(data: Any, offset: int, message: Any) -> int:
        offset += _pad(offset, native.itemsize)
        values = numpy.frombuffer(data, dtype=little, count=count, offset=offset)
        setattr(message, slot, values.astype(native))
        end: int = offset + count * native.itemsize
        return end

    return write_array, read_array


def _write_string(value: str, buffer: bytearray) -> None:
    encoded = value.encode()
    # Aligned to 4 (the header's 4 bytes leave the absolute offset as good as the relative one).
    buffer += _ZEROS[-len(buffer) & 3]
    buffer += _U32.pack(len(encoded) + 1)
    buffer += encoded
    buffer.append(0)


def _read_string(data: Any, offset: int) -> tuple[str, int]:
    offset += -offset & 3
    (length,) = _U32.unpack_from(data, offset)
    start = offset + 4
    end = start + length
    _check_end(data, end)
    # As rclpy decodes: invalid UTF-8 is replaced, not an error; the NUL is not part of the text.
    return (str(data[start : end - 1], "utf-8", "replace") if length > 1 else ""), end


def _culprit(message: Any, path: str) -> str | None:
    """The first field whose value the generator's checks refuse, to name it in an encoding error."""
    cls = type(message)
    if not isinstance(cls, MessageMeta):
        return None
    probe = object.__new__(cls)
    probe._check_fields = True
    for field in cls._rclsim_fields:
        value = getattr(message, f"_{field.name}", None)
        try:
            setattr(probe, field.name, value)
        except AssertionError as error:
            return f"field '{path}{field.name}': {error}"
        if field.message is None:
            continue
        items: Any = value if isinstance(field.slot_type, AbstractNestedType) else [value]
        for i, item in enumerate(items):
            where = f"{path}{field.name}[{i}]." if isinstance(field.slot_type, AbstractNestedType) else f"{path}{field.name}."
            found = _culprit(item, where)
            if found is not None:
                return found
    return None
