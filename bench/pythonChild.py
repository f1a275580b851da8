"""The Python child of `npm run bench python`: a program's process with the rclpy client's protocol
end (clients/python/rclsim/_protocol.py) — Hello, then each Run decoded and answered with a
Publish of its input and Done in one write, as the client answers a callback that publishes."""

from rclsim import _protocol

SOCKET = 3
_protocol.write_messages(SOCKET, [{"hello": {"protocol_version": 1, "client": "rclsim python bench", "language": "python"}}])
frames = _protocol.Frames(SOCKET)
while (body := frames.read()) is not None:
    message = _protocol.decode_to_client(body)
    run = message.get("run")
    if run is not None:
        _protocol.write_messages(SOCKET, [{"publish": {"publisher": 1, "cdr": run["input"]}}, {"done": {"run": run["run"]}}])
