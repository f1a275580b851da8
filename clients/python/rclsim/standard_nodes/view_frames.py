"""tf2_tools' view_frames, as its view_frames.py (Jazzy): listens to /tf and /tf_static for
--wait-time seconds (sim time here), asks its buffer's tf2_frames service for the frames as YAML,
writes them as a Graphviz graph (`frames_<date>.gv`, or `<output>.gv`) and runs `dot` for the
PDF. Where `dot` is not installed the graph is still written: upstream's error is swallowed by
its own `finally: return`, and so is this one."""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from typing import Any

import rclpy
import yaml
from rclpy.executors import SingleThreadedExecutor
from tf2_msgs.srv import FrameGraph
from tf2_ros.buffer import Buffer
from tf2_ros.transform_listener import TransformListener


def graph(frames: dict[str, Any], recorded: tuple[int, int]) -> str:
    """The Graphviz text: an edge per frame from its parent, labelled with its statistics, and a legend pointing at the root."""
    if len(frames) == 0:
        return 'digraph G { "No tf data received" }'
    text = "digraph G {\n"
    root = ""
    for child, info in frames.items():
        label = "".join(
            f"{name}: {value}\\n"
            for name, value in (
                ("Broadcaster", info["broadcaster"]),
                ("Average rate", info["rate"]),
                ("Buffer length", info["buffer_length"]),
                ("Most recent transform", info["most_recent_transform"]),
                ("Oldest transform", info["oldest_transform"]),
            )
        )
        text += f'"{info["parent"]}" -> "{child}"[label=" {label}"];\n'
        if info["parent"] not in frames:
            root = info["parent"]
    text += "edge [style=invis];\n"
    text += ' subgraph cluster_legend { style=bold; color=black; label ="view_frames Result";\n'
    text += f'"Recorded at time: {recorded[0] + recorded[1] / 1e9}"[ shape=plaintext ] ;\n'
    return text + f'}}->"{root}";\n}}'


def main() -> int:
    rclpy.init(args=sys.argv)
    parser = argparse.ArgumentParser(description="Create a diagram of the TF frames being broadcast over ROS")
    parser.add_argument("--wait-time", "-t", type=float, default=5.0, help="Listen to the /tf topic for this many seconds before rendering the frame tree")
    parser.add_argument("-o", "--output", help="Output filename")
    options = parser.parse_args(args=rclpy.utilities.remove_ros_args(sys.argv)[1:])
    node = rclpy.create_node("view_frames")
    buffer = Buffer(node=node)
    TransformListener(buffer, node, spin_thread=False)
    executor = SingleThreadedExecutor()
    executor.add_node(node)
    node.get_logger().info(f"Listening to tf data for {options.wait_time} seconds...")
    started = time.time()
    while time.time() - started < options.wait_time:
        rclpy.spin_once(node, timeout_sec=0.1)
    node.get_logger().info("Generating graph...")
    client = node.create_client(FrameGraph, "tf2_frames")
    while not client.wait_for_service(timeout_sec=1.0):
        node.get_logger().info("service not available, waiting again...")
    future = client.call_async(FrameGraph.Request())
    rclpy.spin_until_future_complete(node, future)
    code = 1
    try:
        result = future.result()
        code = 0
    except Exception as error:
        node.get_logger().error(f"Service call failed {error!r}")
    else:
        node.get_logger().info(f"Result:{result}")
        frames = yaml.safe_load(result.frame_yaml)
        stem = options.output if options.output is not None else f"frames_{time.strftime('%Y-%m-%d_%H.%M.%S')}"
        node.get_logger().info(f"Exporting graph in {stem}.pdf file...")
        with open(f"{stem}.gv", "w") as out:
            out.write(graph(frames, node.get_clock().now().seconds_nanoseconds()))
        try:
            subprocess.Popen(["dot", "-Tpdf", f"{stem}.gv", "-o", f"{stem}.pdf"]).communicate()
        except FileNotFoundError:
            pass
    finally:
        client.destroy()
        node.destroy_node()
        rclpy.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(main())
