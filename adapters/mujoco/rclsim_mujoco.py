#!/usr/bin/env python3
"""MuJoCo behind rclsim's world protocol (docs/world-protocol.md), with pip's `mujoco`.

  rclsim_mujoco.py PATH            connect to rclsim's Unix socket (what a job's `command:` starts)
  rclsim_mujoco.py --listen PATH   wait for rclsim there (`connect: unix:PATH`)
  rclsim_mujoco.py --replay MODEL  MuJoCo alone: read {"until": N, "commands": [[step, actuator, value], …]}
                                   on stdin, step so, print the joints' positions at N (JSON: each double exactly)

It answers one request at a time, ends at Close or when rclsim closes the stream, and ignores
the terminal's Ctrl-C, which reaches it with rclsim: rclsim ends the run, then closes it.
"""

from __future__ import annotations

import json
import signal
import socket
import sys
import time

from mujoco_engine import ModelError, MujocoEngine, frame_message, load
from world_wire import Advance, Close, Command, Initialize, Writer, from_engine, read_to_engine

READY, FRAME, ERROR = 1, 2, 3


def receive(stream: socket.socket) -> bytes | None:
    """One length-prefixed message, or None at the end of the stream."""
    header = _exactly(stream, 4)
    if header is None:
        return None
    body = _exactly(stream, int.from_bytes(header, 'big'))
    if body is None:
        raise ConnectionError('the stream ended inside a message')
    return body


def _exactly(stream: socket.socket, size: int) -> bytes | None:
    chunks = bytearray()
    while len(chunks) < size:
        chunk = stream.recv(size - len(chunks))
        if not chunk:
            return None if not chunks else bytes(chunks)
        chunks += chunk
    return bytes(chunks)


def send(stream: socket.socket, message: bytes) -> None:
    stream.sendall(len(message).to_bytes(4, 'big') + message)


def error(text: str) -> bytes:
    return from_engine(ERROR, Writer().string(1, text))


def serve(stream: socket.socket) -> None:
    engine: MujocoEngine | None = None
    while True:
        body = receive(stream)
        if body is None:
            return
        request = read_to_engine(body)
        if isinstance(request, Close):
            return
        started = time.perf_counter_ns()
        if isinstance(request, Initialize):
            try:
                engine = load(request.model_file, request.model_text, request.step_ns)
            except ModelError as failed:
                send(stream, error(str(failed)))
                continue
            send(stream, from_engine(READY, engine.ready()))
        elif isinstance(request, Advance):
            if engine is None:
                send(stream, error('Advance before Initialize'))
                continue
            try:
                engine.advance(request.until_step, request.commands)
                frame = engine.frame(request.sensors, request.joints, request.bodies)
            except ValueError as failed:
                send(stream, error(str(failed)))
                continue
            send(stream, from_engine(FRAME, frame_message(frame, time.perf_counter_ns() - started)))


def replay(model_file: str) -> None:
    job = json.load(sys.stdin)
    engine = load(model_file, '', 0)
    names = [engine.model.actuator(a).name for a in range(engine.model.nu)]
    until = int(job['until'])
    commands = [Command(int(step), names.index(actuator), float(value)) for step, actuator, value in job['commands'] if int(step) <= until]
    engine.advance(until, sorted(commands, key=lambda c: c.step))
    print(json.dumps(engine.frame([], True, False).joint_positions))


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if len(argv) == 2 and argv[0] == '--replay':
        replay(argv[1])
        return 0
    if len(argv) == 2 and argv[0] == '--listen':
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(argv[1])
        server.listen(1)
        stream, _ = server.accept()
    elif len(argv) >= 1:
        stream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        stream.connect(argv[-1])
    else:
        print(__doc__, file=sys.stderr)
        return 64
    with stream:
        serve(stream)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
