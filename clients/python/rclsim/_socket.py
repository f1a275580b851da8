"""The program's socket to the simulation (file descriptor 3; docs/node-protocol.md) and the
handshake on it. Effects are queued and written when the program next reads; a question waits
for its answer, serving the runs the simulation grants meanwhile (a parameter callback, a spin_once).
One program per process: one socket, kept here.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, NoReturn

from rclsim import _protocol
from rclsim._errors import SimulationError, mark_input_error
from rclsim._threads import Turn



class _NotOpen:
    """The turn before the socket is open: a program run outside a simulation talks to none."""

    @property
    def holder(self) -> NoReturn:
        raise RuntimeError("rclsim's rclpy runs only inside a simulation: start the program with `rclsim exec program.py`")


_fd = -1
_frames: _protocol.Frames
_outbox: list[dict[str, Any]] = []
_asks = 0
# Which thread may talk to the simulation now, and what serves a run granted while a question waits.
_turn: Turn | _NotOpen = _NotOpen()
_on_run: Callable[[dict[str, Any]], None] = lambda run: None
# Sim time as the simulation last told it (the Welcome, then each Run as it comes).
now_ns = 0
# Clock reads since the program last heard from the simulation (a busy-wait reads on and on).
clock_reads = 0


def open_socket(fd: int, turn: Turn, on_run: Callable[[dict[str, Any]], None]) -> None:
    """The socket at ``fd``; ``turn`` says which thread may use it, ``on_run`` serves a run
    granted while a question waits."""
    global _fd, _frames, _turn, _on_run
    _fd = fd
    _frames = _protocol.Frames(fd)
    _turn = turn
    _on_run = on_run


def handshake(hello: dict[str, Any]) -> dict[str, Any]:
    """Sends Hello and reads the simulation's answer: Welcome or Failed."""
    global now_ns
    send(hello)
    first = receive()
    if "welcome" in first:
        now_ns = first["welcome"]["now_ns"]
    return first


def send(message: dict[str, Any]) -> None:
    """An effect (not answered): held until the program next reads, then written with the rest."""
    check_turn()
    _outbox.append(message)


def ask(message: dict[str, Any]) -> dict[str, Any]:
    """A question: the answer (Created, Answer); Failed raises. Runs granted meanwhile are served."""
    global _asks
    check_turn()
    _asks += 1
    asked = _asks
    # Fields in number order (ask is 1) are encoded once; out of order they are sorted first.
    send({"ask": asked, **message})
    while True:
        incoming = receive()
        if incoming.get("answers") == asked:
            if "failed" in incoming:
                failed = incoming["failed"]
                refused = SimulationError(failed["message"], failed["kind"])
                # The request met bad input of the run (a params file, the ROS arguments): the simulation's line says so.
                raise mark_input_error(refused, failed["message"]) if failed["input_error"] else refused
            return incoming
        if "run" in incoming:
            _on_run(incoming["run"])
        else:
            raise SimulationError(f"the simulation sent {sorted(incoming)} while a question waited", "Error")


def receive() -> dict[str, Any]:
    """The simulation's next message, once what is queued was written."""
    global clock_reads, now_ns
    clock_reads = 0
    _flush()
    try:
        body = _frames.read()
    except OSError as error:
        _port_closed(error)
    if body is None:
        _simulation_ended()
    message = _protocol.decode_to_client(body)
    run = message.get("run")
    if run is not None:
        now_ns = run["now_ns"]
    return message


def close() -> None:
    """Writes what is queued (the program's Exit) and closes the socket."""
    _flush()
    os.close(_fd)


def _flush() -> None:
    global _outbox
    if _outbox:
        outbox, _outbox = _outbox, []
        try:
            _protocol.write_messages(_fd, outbox)
        except (BrokenPipeError, ConnectionResetError):
            _simulation_ended()
        except OSError as error:
            _port_closed(error)


def check_turn() -> None:
    holder = _turn.holder
    if holder is not threading.current_thread():
        _out_of_turn(holder)


def _out_of_turn(holder: threading.Thread) -> NoReturn:
    """A thread rclsim does not schedule (one started before the program ran) talks to the
    simulation while another holds the turn: nothing would order them. One line, and the end."""
    sys.__stderr__.write(
        f"rclsim: thread '{threading.current_thread().name}' used rclpy while thread '{holder.name}' had the turn: "
        "it was not started by the program's code, so rclsim cannot give it turns (docs/python.md)\n"
    )
    sys.__stderr__.flush()
    os._exit(70)


def _simulation_ended() -> NoReturn:
    """The simulation closed its end (the run ended, or rclsim was killed): the program ends at
    once, as the protocol asks — none of its code runs past the run's end."""
    os._exit(1)


def _port_closed(error: OSError) -> NoReturn:
    """The program's own code closed file descriptor 3 (EBADF): it cannot talk to the simulation
    any more. One line, not the client's traceback, and the end; the simulation names the program."""
    if error.errno != errno.EBADF:
        raise error
    sys.__stderr__.write("rclsim: the program closed file descriptor 3, its socket to the simulation, and cannot go on\n")
    sys.__stderr__.flush()
    os._exit(1)
