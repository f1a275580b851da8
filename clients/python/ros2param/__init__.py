"""ros2param: ros2cli's parameter package, of which programs import `ros2param.api` (docs/python.md)."""
