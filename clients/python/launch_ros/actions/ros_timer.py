"""`RosTimer`: a `TimerAction` on the ROS clock; inside rclsim every clock is sim time, so the same record."""

from launch.actions.timer_action import TimerAction


class RosTimer(TimerAction):
    pass
