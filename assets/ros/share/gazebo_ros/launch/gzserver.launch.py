"""gazebo_ros's gzserver.launch.py as rclsim provides it: its arguments, and `gzserver` with them.

The command is the one upstream builds (the world, each flag whose argument is set, `-s` for the
init, factory and force_system plugins, `--ros-args --params-file F --`), and GAZEBO_MODEL_PATH
is each package's `<export><gazebo_ros gazebo_model_path=…>` then the environment's. rclsim runs
the world the command names (docs/world.md "Classic gazebo_ros").
"""

import os
import xml.etree.ElementTree as ElementTree

from ament_index_python.packages import get_packages_with_prefixes
from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, ExecuteProcess, OpaqueFunction
from launch.substitutions import LaunchConfiguration
from launch_ros.substitutions import FindPackageShare

FLAGS = ["version", "verbose", "lockstep", "help", "pause"]
VALUED = ["initial_sim_time", "physics", "play"]
RECORD_VALUED = ["record_encoding", "record_path", "record_period", "record_filter", "seed", "iters"]
PLUGINS = ["init", "factory", "force_system"]

ARGUMENTS = [
    ("version", "false", 'Set "true" to output version information.'),
    ("verbose", "false", 'Set "true" to increase messages written to terminal.'),
    ("lockstep", "false", 'Set "true" to respect update rates'),
    ("help", "false", 'Set "true" to produce gzserver help message.'),
    ("initial_sim_time", "", "Specify the initial simulation time (seconds)."),
    ("pause", "false", 'Set "true" to start the server in a paused state.'),
    ("physics", "", "Specify a physics engine (ode|bullet|dart|simbody)."),
    ("play", "", "Play the specified log file."),
    ("record", "false", 'Set "true" to record state data.'),
    ("record_encoding", "", "Specify compression encoding format for log data (zlib|bz2|txt)."),
    ("record_path", "", "Absolute path in which to store state data."),
    ("record_period", "", "Specify recording period (seconds)."),
    ("record_filter", "", "Specify recording filter (supports wildcard and regular expression)."),
    ("seed", "", "Start with a given a random number seed."),
    ("iters", "", "Specify number of iterations to simulate."),
    ("minimal_comms", "false", 'Set "true" to reduce TCP/IP traffic output.'),
    ("profile", "", "Specify physics preset profile name from the options in the world file."),
    ("extra_gazebo_args", "", "Extra arguments to be passed to Gazebo"),
    ("params_file", "", "Path to ROS 2 yaml parameter file"),
    ("gdb", "false", 'Set "true" to run gzserver with gdb'),
    ("valgrind", "false", 'Set "true" to run gzserver with valgrind'),
    ("init", "true", 'Set "false" not to load "libgazebo_ros_init.so"'),
    ("factory", "true", 'Set "false" not to load "libgazebo_ros_factory.so"'),
    ("force_system", "true", 'Set "false" not to load "libgazebo_ros_force_system.so"'),
    ("server_required", "false", 'Set "true" to shut down launch script when server is terminated'),
]


def _model_paths():
    """Each package's exported model folders (gazebo_ros_paths.py), `${prefix}` its share folder."""
    folders = []
    for package, prefix in sorted(get_packages_with_prefixes().items()):
        share = os.path.join(prefix, "share", package)
        try:
            root = ElementTree.parse(os.path.join(share, "package.xml")).getroot()
        except (OSError, ElementTree.ParseError):
            continue
        for export in root.iter("export"):
            for gazebo in export.iter("gazebo_ros"):
                path = gazebo.get("gazebo_model_path")
                if path:
                    folders.append(path.replace("${prefix}", share))
    return folders


def _gzserver(context):
    def value(name):
        return LaunchConfiguration(name).perform(context)

    cmd = []
    if value("gdb") == "true":
        cmd += ["gdb", "-ex", "run", "--args"]
    elif value("valgrind") == "true":
        cmd += ["valgrind"]
    cmd += ["gzserver", value("world")]
    cmd += [f"--{name}" for name in FLAGS if value(name) == "true"]
    cmd += [f"--{name}={value(name)}" for name in VALUED if value(name) != ""]
    if value("record") == "true":
        cmd.append("--record")
    cmd += [f"--{name}={value(name)}" for name in RECORD_VALUED if value(name) != ""]
    if value("minimal_comms") == "true":
        cmd.append("--minimal_comms")
    for plugin in PLUGINS:
        if value(plugin) == "true":
            cmd += ["-s", f"libgazebo_ros_{plugin}.so"]
    if value("profile") != "":
        cmd.append(f"--profile={value('profile')}")
    if value("params_file") != "":
        cmd += ["--ros-args", "--params-file", value("params_file"), "--"]
    cmd += value("extra_gazebo_args").split()
    model_paths = _model_paths() + [path for path in os.environ.get("GAZEBO_MODEL_PATH", "").split(os.pathsep) if path]
    return [ExecuteProcess(cmd=cmd, output="both", additional_env={"GAZEBO_MODEL_PATH": os.pathsep.join(model_paths)})]


def generate_launch_description():
    return LaunchDescription(
        [
            DeclareLaunchArgument(
                "world",
                default_value=[FindPackageShare("gazebo_ros"), "/worlds/empty.world"],
                description="Specify world file name. Defaults to an empty world.",
            )
        ]
        + [DeclareLaunchArgument(name, default_value=default, description=description) for name, default, description in ARGUMENTS]
        + [OpaqueFunction(function=_gzserver)]
    )
